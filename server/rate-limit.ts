import fastifyRateLimit, {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { ServerContext } from './context';
import { HttpError } from './http';
import { clientKey } from './render-budget';
import { secondsBeforeNext, sharedLimiter, type SharedState } from './shared-state';

/**
 * Per-client limits of the endpoints that write or probe (form submissions, billings, code checks,
 * key activations), counted by rate-limiter-flexible (shared-state.ts sharedLimiter); a client is an
 * IP address or an IPv6 /64 (render-budget.ts clientKey). The content routes are not limited.
 */

/** Submissions per minute per client when neither the option nor FORM_RATE_LIMIT (server/settings.ts) says otherwise. */
export const DEFAULT_FORM_RATE_LIMIT = 10;
/**
 * Submissions carrying files (multipart) per minute per client, besides the form limit: each may
 * store megabytes and costs a content check (FORM_FILE_RATE_LIMIT).
 */
export const DEFAULT_FORM_FILE_RATE_LIMIT = 3;
export const RATE_LIMIT_MESSAGE = 'Too many submissions. Please wait a minute and try again.';

/** The form rate limit in force: the option (FORM_RATE_LIMIT, read by server/settings.ts), else 10. */
export function formRateLimit(option?: number): number {
  return option !== undefined && Number.isInteger(option) && option > 0 ? option : DEFAULT_FORM_RATE_LIMIT;
}

/** Options of a route module with limited endpoints (buildServer passes the limits to every API module). */
export interface LimitedRoutesOptions extends ServerContext {
  /** Form submissions per minute per client; default 10 (FORM_RATE_LIMIT). */
  formRateLimit?: number;
  /** Submissions carrying files per minute per client; default 3 (FORM_FILE_RATE_LIMIT). */
  formFileRateLimit?: number;
  /** Promo-code checks an hour on the whole site; default PROMO_CHECK_LIMIT, else DEFAULT_PROMO_CHECK_LIMIT. */
  promoCheckLimit?: number;
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

/**
 * @fastify/rate-limit's store over rate-limiter-flexible (shared-state.ts sharedLimiter): one count per
 * route (`child`) or shared budget, in Redis with this process's count as insurance, or in the process.
 */
function limiterStore(shared: SharedState, namespace: string): FastifyRateLimitStoreCtor {
  return class Store implements FastifyRateLimitStore {
    private limiter: RateLimiterAbstract | undefined;
    // The plugin makes the first store with its options (none that this store needs), each child with its prefix.
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = `rate-limit:${namespace}`,
    ) {}
    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number, max: number): void {
      // A route's max and time window are fixed: the limiter is made at its first request.
      this.limiter ??= sharedLimiter(shared, { keyPrefix: this.prefix, points: max, duration: timeWindow / 1000 });
      const answer = (res: RateLimiterRes) => callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext });
      // Over the limit the count is refused (a RateLimiterRes); an Error only if the store itself failed.
      this.limiter
        .consume(key)
        .then(answer, (refused: unknown) => (refused instanceof RateLimiterRes ? answer(refused) : callback(refused as Error)));
    }
    child(routeOptions: RouteOptions & { path: string; prefix: string }): FastifyRateLimitStore {
      // The plugin passes the route's limit options with the route under `routeInfo` (its d.ts says
      // otherwise); a shared budget (app.rateLimit) has none: one count for the routes sharing it.
      const { routeInfo } = routeOptions as unknown as { routeInfo: Partial<RouteOptions> };
      return new Store(
        routeOptions,
        routeInfo.url ? `${this.prefix}:${String(routeInfo.method)} ${routeInfo.url}` : `${this.prefix}:shared`,
      );
    }
  };
}

/**
 * Registers the limiter in a route module's scope (off by default: only routes given `perMinute` are
 * limited). `namespace` keeps the module's counts apart from other modules' in Redis.
 */
export async function registerRateLimit(app: FastifyInstance, namespace: string): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    store: limiterStore(app.ctx.shared, namespace),
    // An IPv6 /64 is one client, as for the render budget and the key lockouts.
    keyGenerator: (request) => clientKey(request.ip),
    errorResponseBuilder: (_request, context) => new HttpError(context.statusCode, RATE_LIMIT_MESSAGE),
  });
}

/**
 * Route options for several routes that share one budget per IP (every form endpoint counts
 * against the same limit): one limiter, one store. Call once and give the result to each route.
 */
export const sharedPerMinute = (app: FastifyInstance, max: number) => ({ onRequest: app.rateLimit({ max, timeWindow: 60_000 }) });

/**
 * A budget of `points` per client a `seconds`-long window, taken in the amounts a route decides (the
 * bytes of a submission's files), in Redis when the server has it (shared-state.ts sharedLimiter).
 * A client is an IP address or an IPv6 /64 (render-budget.ts clientKey).
 */
export function clientBudget(shared: SharedState, options: { keyPrefix: string; points: number; seconds: number }) {
  const limiter = sharedLimiter(shared, { keyPrefix: options.keyPrefix, points: options.points, duration: options.seconds });
  return {
    /**
     * Takes `points` from the client's budget when they fit in what is left: 0. Otherwise nothing is
     * taken (a smaller amount may still fit) and the answer is the milliseconds until the window ends.
     */
    async take(ip: string, points: number): Promise<number> {
      const key = clientKey(ip);
      try {
        await limiter.consume(key, points);
        return 0;
      } catch (refused) {
        if (!(refused instanceof RateLimiterRes)) throw refused;
        await limiter.reward(key, points);
        return Math.max(1000, refused.msBeforeNext);
      }
    },
    /** Gives back what `take` took for something that was not kept after all. */
    async giveBack(ip: string, points: number): Promise<void> {
      await limiter.reward(clientKey(ip), points);
    },
  };
}

/**
 * An onRequest hook: at most `max` of the requests `counts` picks per minute per client (the others
 * pass untouched), then 429 { message } with Retry-After as the other limits answer, counted under
 * `keyPrefix`. For a second limit on routes that have one already: @fastify/rate-limit runs one
 * limit per request.
 */
export function perMinuteOf(
  shared: SharedState,
  keyPrefix: string,
  max: number,
  counts: (request: FastifyRequest) => boolean,
): onRequestAsyncHookHandler {
  const budget = clientBudget(shared, { keyPrefix, points: max, seconds: 60 });
  return async (request, reply) => {
    if (!counts(request)) return;
    const waitMs = await budget.take(request.ip, 1);
    if (waitMs > 0) {
      return reply
        .code(429)
        .header('retry-after', String(Math.ceil(waitMs / 1000)))
        .send({ message: RATE_LIMIT_MESSAGE });
    }
  };
}

/** Route options: at most `max` requests per minute per IP, then 429 { message } with Retry-After. */
export const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: 60_000 } } });

/**
 * Route options for an endpoint a page calls more often than a form is sent (a family screen sends
 * one activation per card, a promo field checks as the visitor types): at least `floor` per minute,
 * or the form limit when that is higher.
 */
export const perMinuteAtLeast = (floor: number, formLimitOption?: number) => perMinute(Math.max(floor, formRateLimit(formLimitOption)));

/**
 * Default of PROMO_CHECK_LIMIT: promo-code checks an hour on the whole site, all clients together,
 * on top of each client's own limit (CODE_CHECK_RATE_LIMIT_FLOOR a minute). A client is an IPv4
 * address or an IPv6 /64, and whoever holds many /64s could otherwise try codes without end; this
 * bounds the guesses of everyone together to 24,000 a day (docs/decisions.md, "Promo-code checks
 * site-wide", says what it costs).
 */
export const DEFAULT_PROMO_CHECK_LIMIT = 1000;

/**
 * Studio sign-in attempts a quarter of an hour: per account, whatever the client (a password
 * guessed from many addresses), and per client, whatever the account (one address trying many).
 */
export const DEFAULT_STUDIO_SIGN_IN_LIMITS = { perAccount: 5, perClient: 20 } as const;
/** The answer while the site-wide budget of code checks is spent. */
export const SITE_CHECK_LIMIT_MESSAGE = 'Too many code checks on the site right now. Please try again later.';

/** A budget the whole site shares (every client, every instance through Redis). */
export interface SiteBudget {
  /** Takes one: 0 when it may go on, else the seconds until the budget has room again. */
  take(): Promise<number>;
  /** Gives the one taken back. */
  giveBack(): Promise<void>;
}

/**
 * `perHour` for the whole site, counted by rate-limiter-flexible (shared-state.ts sharedLimiter: in
 * Redis for every instance together; while Redis is away each instance counts its own). A fixed
 * window of an hour from its first take; a take is atomic, so requests sent at once get no more.
 */
export function siteBudget(shared: SharedState, keyPrefix: string, perHour: number): SiteBudget {
  const limiter = sharedLimiter(shared, { keyPrefix, points: perHour, duration: 3600 });
  const SITE = 'site';
  return {
    take: () => limiter.consume(SITE).then(() => 0, secondsBeforeNext),
    giveBack: async () => void (await limiter.reward(SITE)),
  };
}
