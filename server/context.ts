import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolvePresets } from '../domain/page-presets';
import type { Db } from './db';
import type { MailService } from './mail/service';
import type { Metrics } from './metrics';
import type { Product } from './product';
import type { Repo } from './repo';
import type { SharedState } from './shared-state';
import { ROOT_DIR } from './root';

/**
 * pages.config.json as the server reads it (routes for the sitemap and robots.txt), its sections'
 * presets applied as the site applies them; it is checked by `npm run validate`.
 */
export function readPagesConfig<T = import('./seo').SeoConfig>(configPath: string = join(ROOT_DIR, 'pages.config.json')): T {
  return resolvePresets(JSON.parse(readFileSync(configPath, 'utf8')) as T);
}

/** What every route module receives (register options) and what `app.ctx` holds. */
export interface ServerContext {
  db: Db;
  repo: Repo;
  /** Demo mode (DEMO=1, never in production): sandbox provider, outbox, /dev routes and demo seed. */
  demo: boolean;
  dataDir: string;
  product: Product;
  /** The clock (tests may freeze it). */
  now: () => Date;
  /** The site's public origin: every link in replies and e-mails (never the request's Host). */
  publicUrl: string;
  /** Where the site posts payment requests (the provider's URL; demo: the sandbox's). */
  paymentProviderUrl: string;
  /** Shared secret of the provider's signed notifications. */
  paymentSecret: string;
  /** How long a pending order waits for its payment (ms). */
  orderTtlMs: number;
  /** E-mail: the outbox the routes write to, and the sender that drains it. */
  mail: MailService;
  /** What the instances share through Redis (REDIS_URL), with each process's own as the fallback. */
  shared: SharedState;
  /** This instance's Prometheus metrics (metrics.ts): routes count what they do. */
  metrics: Metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServerContext;
  }
}
