import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyError } from 'fastify';
import { readProduct, type Product, type ServerContext } from './context';
import { openDatabase } from './db';
import { Repo } from './repo';
import billingRoutes from './routes/billing';
import contentRoutes from './routes/content';
import { outboxDevPages, outboxDevRoutes } from './routes/dev';
import formRoutes, { formDevRoutes } from './routes/forms';
import keyRoutes from './routes/keys';
import paymentRoutes, { sandboxPayPages } from './routes/payment';
import resellerRoutes from './routes/reseller';
import resellerBillingRoutes from './routes/resellerBilling';
import shopRoutes from './routes/shop';
import { registerSecurityHeaders } from './security';
import { seedDemoKeys, seedIfEmpty } from './seed';
import { registerFallback, registerStatic } from './static';

export interface BuildOptions {
  /** Directory of the SQLite file (`app.db`); created if missing. */
  dataDir: string;
  /** Built site (vite build output); served when it holds an index.html. */
  staticDir?: string;
  /** Demo mode: development helpers (e.g. the e-mail outbox) may be exposed. */
  demo: boolean;
  logger?: boolean;
  /** Product names; default: site.product of pages.config.json. */
  product?: Product;
  /** Clock; default: the system clock. */
  now?: () => Date;
  /** Form submissions (POST form-emails/*) per minute per IP; default: FORM_RATE_LIMIT, else 10. */
  formRateLimit?: number;
}

/** API route modules, each registered under /api/v1 with the server context as its options. */
const API_MODULES = [contentRoutes, shopRoutes, resellerRoutes, formRoutes, billingRoutes, resellerBillingRoutes, paymentRoutes, keyRoutes];

/** Development helpers under /api/dev, registered in demo mode only (they check ctx.demo too). */
const DEV_MODULES = [formDevRoutes, outboxDevRoutes];

/** Server-rendered pages at the site root (before the SPA fallback): the sandbox payment provider. */
const PAGE_MODULES = [sandboxPayPages];

/** Server-rendered development pages at the site root, demo mode only (e.g. /dev/outbox). */
const DEV_PAGE_MODULES = [outboxDevPages];

export const API_PREFIX = '/api/v1';

export async function buildServer(opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: opts.logger ?? false });

  const db = openDatabase(opts.dataDir);
  const now = opts.now ?? (() => new Date());
  const product = opts.product ?? readProduct();
  const ctx: ServerContext = { db, repo: new Repo(db), demo: opts.demo, dataDir: opts.dataDir, product, now };
  seedIfEmpty(ctx.repo, { now: now(), product });
  if (ctx.demo) seedDemoKeys(ctx.repo, { now: now(), product });

  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    db.close();
  });

  registerSecurityHeaders(app);
  // gzip/brotli for the site's scripts, styles and the JSON API (images are already compressed).
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    return reply.code(status).send({ message: status >= 500 ? 'Internal server error' : error.message });
  });

  app.get(`${API_PREFIX}/health`, async () => ({ ok: true }));
  for (const module of API_MODULES) await app.register(module, { prefix: API_PREFIX, ...ctx, formRateLimit: opts.formRateLimit });
  if (ctx.demo) for (const module of DEV_MODULES) await app.register(module, { prefix: '/api/dev', ...ctx });
  for (const module of PAGE_MODULES) await app.register(module, { ...ctx });
  if (ctx.demo) for (const module of DEV_PAGE_MODULES) await app.register(module, { ...ctx });

  await registerStatic(app, opts.staticDir);
  registerFallback(app, opts.staticDir);
  return app;
}
