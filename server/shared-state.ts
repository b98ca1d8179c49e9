import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * What several instances of the server share through Redis (REDIS_URL): the rate limits, the
 * per-client render budget and the rendered-HTML cache. Without REDIS_URL each process keeps its own,
 * which is all one instance needs. (Orders, keys and everything else that must be exact live in the
 * database, which every instance already shares.)
 *
 * Redis is a help, never a dependency: when it cannot be reached, each call falls back to the
 * process's own state and the site keeps serving. The failure is logged once, and once more when
 * Redis answers again. Commands never wait for a connection (no offline queue): a request is not held
 * up by a Redis that is down.
 */
export interface SharedState {
  /** The Redis client, or null without REDIS_URL. */
  readonly redis: Redis | null;
  /** Runs `shared` against Redis; without Redis, or when it fails, runs `local`. */
  run<T>(shared: (redis: Redis) => Promise<T>, local: () => T | Promise<T>): Promise<T>;
  /** Whether Redis answers (true without REDIS_URL: nothing to reach). */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

/** How long a connection attempt or a command may take before the call falls back. */
const REDIS_TIMEOUT_MS = 500;

export function createSharedState(url: string | undefined, log: FastifyBaseLogger): SharedState {
  if (!url) {
    return {
      redis: null,
      run: async (_shared, local) => local(),
      reachable: async () => true,
      close: async () => {},
    };
  }
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: REDIS_TIMEOUT_MS,
    commandTimeout: REDIS_TIMEOUT_MS,
    // Reconnects for as long as the process lives, every 2 s at most.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let down = false;
  const failed = (error: unknown) => {
    if (down) return;
    down = true;
    log.warn(
      { err: error },
      'redis: unreachable; rate limits, key lockouts, the render budget and the HTML cache fall back to this process until it answers',
    );
  };
  const answered = () => {
    if (!down) return;
    down = false;
    log.info('redis: answering again; shared state back');
  };
  // The client reports connection errors as events: logged once through `failed`, never thrown.
  redis.on('error', failed);
  redis.on('ready', answered);
  return {
    redis,
    async run(shared, local) {
      try {
        const result = await shared(redis);
        answered();
        return result;
      } catch (error) {
        failed(error);
        return local();
      }
    },
    async reachable() {
      try {
        return (await redis.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}

/**
 * A count of at most `points` per key and `duration` seconds (rate-limiter-flexible), for the rate
 * limits, the key lockouts and the render budget; past `points`, a key is refused for
 * `blockDuration` seconds when given, else until its window ends. In Redis when the server has it, so that every instance counts against
 * one limit, and in this process while Redis fails or is not connected (its insurance: each process
 * then limits on its own, and nothing waits for Redis); in the process alone without REDIS_URL.
 */
export function sharedLimiter(
  state: SharedState,
  options: { keyPrefix: string; points: number; duration: number; blockDuration?: number },
): RateLimiterAbstract {
  const local = new RateLimiterMemory(options);
  if (!state.redis) return local;
  return new RateLimiterRedis({ ...options, storeClient: state.redis, rejectIfRedisNotReady: true, insuranceLimiter: local });
}

/**
 * The seconds until a count that refused has room again (at least 1), for Retry-After and locks:
 * rate-limiter-flexible refuses with a RateLimiterRes; anything else is the store failing, rethrown.
 */
export function secondsBeforeNext(refusal: unknown): number {
  if (!(refusal instanceof RateLimiterRes)) throw refusal;
  return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
}

/** Waits until Redis is connected, at most `ms` (a start goes on without it: calls fall back meanwhile). */
export async function whenConnected(state: SharedState, ms = 2000): Promise<void> {
  const { redis } = state;
  if (!redis || redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    redis.once('ready', done);
    function done() {
      clearTimeout(timer);
      redis?.off('ready', done);
      resolve();
    }
  });
}
