import fastifyRateLimit, { type FastifyRateLimitOptions, type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import type { ServerContext } from './context';
import { HttpError } from './http';
import type { SharedState } from './shared-state';

/**
 * Per-IP limits of the endpoints that write or probe (form submissions, billings, code checks,
 * key activations). The content routes are not limited.
 */

/** Submissions per minute per IP when neither the option nor FORM_RATE_LIMIT says otherwise. */
export const DEFAULT_FORM_RATE_LIMIT = 10;
export const RATE_LIMIT_MESSAGE = 'Too many submissions. Please wait a minute and try again.';

/** The form rate limit in force: the option, else the FORM_RATE_LIMIT environment variable, else 10. */
export function formRateLimit(option?: number, env: string | undefined = process.env.FORM_RATE_LIMIT): number {
  if (option !== undefined && Number.isInteger(option) && option > 0) return option;
  const fromEnv = env !== undefined && /^\d+$/.test(env.trim()) ? Number(env.trim()) : 0;
  return fromEnv > 0 ? fromEnv : DEFAULT_FORM_RATE_LIMIT;
}

/** Options of a route module with limited endpoints (buildServer passes `formRateLimit` to every API module). */
export interface LimitedRoutesOptions extends ServerContext {
  /** Form submissions per minute per IP; default FORM_RATE_LIMIT, else 10. */
  formRateLimit?: number;
}

/** Billings per minute per IP at the least (each stores a pending order). */
export const BILLING_RATE_LIMIT_FLOOR = 30;
/** Code checks per minute per IP at the least: the promo field checks as the visitor types. */
export const CODE_CHECK_RATE_LIMIT_FLOOR = 60;
/** Activations per minute per IP at the least: a family screen sends one request per member card. */
export const KEY_RATE_LIMIT_FLOOR = 60;

/** Limits of the other write routes (per IP and minute). */
export const WRITE_RATE_LIMITS = {
  /** The sandbox provider's payment requests, Pay and Cancel (demo mode). */
  payment: 30,
  /** Signed provider notifications: the provider's servers send them, retries included. */
  notification: 600,
  /** Slug checks of the promotion shop (POST promotions/check/slug). */
  slugCheck: 60,
} as const;

/**
 * Body limits (bytes) of the routes whose body is not a form (forms are sized from their schema:
 * forms/limits.ts). Every other route keeps the server's default, DEFAULT_BODY_LIMIT.
 */
export const BODY_LIMITS = {
  notification: 4 * 1024,
  paymentRequest: 4 * 1024,
  codeCheck: 1024,
} as const;

/** The server-wide body limit: nothing the site sends without a file is larger. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

type StoreParams = FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean };
type Incr = FastifyRateLimitStore['incr'];
type Child = Parameters<FastifyRateLimitStore['child']>[0];
interface StoreCtor {
  new (continueExceeding: boolean | undefined, exponentialBackoff: boolean | undefined, ...rest: unknown[]): FastifyRateLimitStore;
}
// The plugin's own stores (CommonJS, without types of their own): counted as the plugin counts.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreCtor;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreCtor;

/**
 * A store that counts in Redis when the server has it, so that every instance counts against one
 * limit, and in the process when it has not or Redis fails (shared-state.ts: the site keeps serving,
 * each process limiting on its own until Redis answers again).
 */
function fallbackStore(shared: SharedState, namespace: string) {
  class Store implements FastifyRateLimitStore {
    private readonly local: FastifyRateLimitStore;
    private readonly remote: FastifyRateLimitStore | null;
    constructor(params: StoreParams, stores?: { local: FastifyRateLimitStore; remote: FastifyRateLimitStore | null }) {
      this.local = stores?.local ?? new LocalStore(params.continueExceeding, params.exponentialBackoff);
      this.remote =
        stores?.remote ??
        (shared.redis
          ? new RedisStore(params.continueExceeding, params.exponentialBackoff, shared.redis, `rate-limit:${namespace}:`)
          : null);
    }
    incr(...[key, callback, timeWindow, max]: Parameters<Incr>): void {
      const remote = this.remote;
      if (!remote) return this.local.incr(key, callback, timeWindow, max);
      void shared
        .run(
          (): Promise<{ current: number; ttl: number }> =>
            new Promise((resolve, reject) =>
              remote.incr(
                key,
                (error, result) => (error || !result ? reject(error ?? new Error('no result')) : resolve(result)),
                timeWindow,
                max,
              ),
            ),
          () => new Promise((resolve) => this.local.incr(key, (_error, result) => resolve(result!), timeWindow, max)),
        )
        .then((result) => callback(null, result));
    }
    child(routeOptions: Child): FastifyRateLimitStore {
      return new Store(routeOptions as StoreParams, {
        local: this.local.child(routeOptions),
        remote: this.remote?.child(routeOptions) ?? null,
      });
    }
  }
  return Store;
}

/**
 * Registers the limiter in a route module's scope (off by default: only routes given `perMinute` are
 * limited). `namespace` keeps the module's counts apart from other modules' in Redis.
 */
export async function registerRateLimit(app: FastifyInstance, namespace: string): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    store: fallbackStore(app.ctx.shared, namespace),
    errorResponseBuilder: (_request, context) => new HttpError(context.statusCode, RATE_LIMIT_MESSAGE),
  });
}

/**
 * Route options for several routes that share one budget per IP (every form endpoint counts
 * against the same limit): one limiter, one store. Call once and give the result to each route.
 */
export const sharedPerMinute = (app: FastifyInstance, max: number) => ({ onRequest: app.rateLimit({ max, timeWindow: 60_000 }) });

/** Route options: at most `max` requests per minute per IP, then 429 { message } with Retry-After. */
export const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: 60_000 } } });

/**
 * Route options for an endpoint a page calls more often than a form is sent (a family screen sends
 * one activation per card, a promo field checks as the visitor types): at least `floor` per minute,
 * or the form limit when that is higher.
 */
export const perMinuteAtLeast = (floor: number, formLimitOption?: number) => perMinute(Math.max(floor, formRateLimit(formLimitOption)));
