import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { API_PREFIX } from '../paths';
import billingRoutes from './billing';
import contentRoutes from './content';
import { outboxDevPages, outboxDevRoutes, refuseForeignHost } from './dev';
import formRoutes, { formDevRoutes, type FormRoutesOptions } from './forms';
import keyRoutes from './keys';
import { sandboxPayPages, sandboxProviderRoutes } from './payment';
import paymentNotificationRoutes from './payment-notifications';
import resellerRoutes from './reseller';
import resellerBillingRoutes from './reseller-billing';
import shopRoutes from './shop';

/** API route modules, each registered under /api/v1 with the server context as its options. */
const API_MODULES = [
  contentRoutes,
  shopRoutes,
  resellerRoutes,
  formRoutes,
  billingRoutes,
  resellerBillingRoutes,
  paymentNotificationRoutes,
  keyRoutes,
];

/** The sandbox payment provider's API (under /api/v1), demo mode only. */
const DEMO_API_MODULES = [sandboxProviderRoutes];

/** Development helpers under /api/dev, registered in demo mode only (they check ctx.demo too). */
const DEV_MODULES = [formDevRoutes, outboxDevRoutes];

/** Server-rendered pages at the site root, demo mode only: /dev/outbox. */
const DEV_PAGE_MODULES = [outboxDevPages];

/** Server-rendered pages at the site root, demo mode only: the sandbox provider's pages. */
const DEMO_PAGE_MODULES = [sandboxPayPages];

/**
 * Registers the route modules: the API's with the server context and the limits; in demo mode the
 * sandbox provider's and the development helpers, with the server context alone.
 */
export async function registerRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  limits: Omit<FormRoutesOptions, keyof ServerContext>,
): Promise<void> {
  for (const module of API_MODULES) await app.register(module, { prefix: API_PREFIX, ...ctx, ...limits });
  if (ctx.demo) {
    for (const module of DEMO_API_MODULES) await app.register(module, { prefix: API_PREFIX, ...ctx });
    for (const module of DEMO_PAGE_MODULES) await app.register(module, { ...ctx });
    // The demo surface (/api/dev, /dev) answers only to 127.0.0.1, localhost and [::1].
    await app.register(async (surface) => {
      surface.addHook('onRequest', refuseForeignHost);
      for (const module of DEV_MODULES) await surface.register(module, { prefix: '/api/dev', ...ctx });
      for (const module of DEV_PAGE_MODULES) await surface.register(module, { ...ctx });
    });
  }
}
