import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolvePresets } from '../domain/page-presets';
import type { Db } from './db';
import type { MailService } from './mail/service';
import type { Repo } from './repo';
import type { SharedState } from './shared-state';

/** The repository root (server/ lives directly under it). */
export const ROOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface Product {
  /** Display name, e.g. "Bantay Doc". */
  name: string;
  /** Short name used in paths and slugs, e.g. "bantaydoc". */
  short: string;
}

const DEFAULT_PRODUCT: Product = { name: 'Bantay Doc', short: 'bantaydoc' };

/** The product names from pages.config.json (site.product), or the defaults when it is absent or unreadable. */
export function readProduct(configPath: string = join(ROOT_DIR, 'pages.config.json')): Product {
  try {
    const config = JSON.parse(readFileSync(configPath, 'utf8')) as { site?: { product?: Partial<Product> } };
    const product = config.site?.product;
    const short = typeof product?.short === 'string' && /^[a-z0-9-]+$/.test(product.short) ? product.short : DEFAULT_PRODUCT.short;
    const name = typeof product?.name === 'string' && product.name.trim() ? product.name : DEFAULT_PRODUCT.name;
    return { name, short };
  } catch {
    return DEFAULT_PRODUCT;
  }
}

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
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServerContext;
  }
}
