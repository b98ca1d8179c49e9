import { LRUCache } from 'lru-cache';
import type { SharedState } from './shared-state';

/** A rendered page as the cache keeps it. */
export interface CachedPage {
  status: number;
  html: string;
  /** When it stops being fresh (ms since the epoch); it may be served stale for a while after. */
  expires: number;
  /** A private screen: no shared cache may keep it (render.ts). */
  private?: boolean;
}

/**
 * The rendered-HTML cache (render.ts decides what goes in and how long it is fresh). With Redis
 * (shared-state.ts) every instance reads and writes one cache, so a page rendered by one is served
 * by the others, and a stale page is rendered again by one instance only (`claim`). Without Redis,
 * or while it fails, each process keeps its own, at most `maxEntries` pages (the least recently used
 * goes first). Either keeps a page until the end of its stale window; render.ts tells fresh from
 * stale by `expires`.
 *
 * Keys are prefixed with the `namespace`: the build and the content release (render.ts). During a
 * rolling deploy, instances of two builds never serve each other's pages, which name each build's own
 * scripts; and a page of an older content release is never served, fresh or stale, once an instance
 * has switched to a cache of the new one.
 */
export interface PageCache {
  get(key: string): Promise<CachedPage | undefined>;
  /** Keeps a page until `keepMs` past its freshness (the stale window). */
  set(key: string, page: CachedPage): Promise<void>;
  delete(key: string): Promise<void>;
  /** Drops every page of this build. */
  clear(): Promise<void>;
  /** Pages this process holds itself (tests). */
  localSize(): number;
  /** Takes the one background render of `key` for at most `ms`: false when it is taken (here or by another instance). */
  claim(key: string, ms: number): Promise<boolean>;
  release(key: string): Promise<void>;
}

export function createPageCache(options: { shared: SharedState; namespace: string; maxEntries: number; staleMs: number }): PageCache {
  const { shared, maxEntries, staleMs } = options;
  // Not `fetchMethod`: render.ts renders a stale page again behind its render slots and the Redis claim, and streams a miss.
  const pages = new LRUCache<string, CachedPage>({ max: maxEntries });
  const claimed = new Set<string>();
  const pageKey = (key: string) => `page:${options.namespace}:${key}`;
  const claimKey = (key: string) => `page-render:${options.namespace}:${key}`;
  /** How long a page is kept: to the end of its stale window. */
  const keepMs = (page: CachedPage) => Math.max(1, page.expires + staleMs - Date.now());

  const claimHere = (key: string) => {
    if (claimed.has(key)) return false;
    claimed.add(key);
    return true;
  };

  return {
    get: (key) =>
      shared.run(
        async (redis) => {
          const text = await redis.get(pageKey(key));
          return text === null ? undefined : (JSON.parse(text) as CachedPage);
        },
        () => pages.get(key),
      ),
    set: (key, page) =>
      shared.run(
        async (redis) => {
          await redis.set(pageKey(key), JSON.stringify(page), 'PX', keepMs(page));
        },
        () => void pages.set(key, page, { ttl: keepMs(page) }),
      ),
    delete: (key) =>
      shared.run(
        async (redis) => {
          await redis.del(pageKey(key));
        },
        () => void pages.delete(key),
      ),
    clear: async () => {
      pages.clear();
      await shared.run(
        async (redis) => {
          let cursor = '0';
          do {
            const [next, keys] = await redis.scan(cursor, 'MATCH', pageKey('*'), 'COUNT', 500);
            if (keys.length > 0) await redis.del(...keys);
            cursor = next;
          } while (cursor !== '0');
        },
        () => undefined,
      );
    },
    localSize: () => pages.size,
    claim: (key, ms) =>
      shared.run(
        async (redis) => (await redis.set(claimKey(key), '1', 'PX', ms, 'NX')) === 'OK',
        () => claimHere(key),
      ),
    release: async (key) => {
      claimed.delete(key);
      await shared.run(
        async (redis) => {
          await redis.del(claimKey(key));
        },
        () => undefined,
      );
    },
  };
}

/**
 * Seconds a shared cache (the nginx of deploy/, a CDN) may keep a page: a published content release
 * shows through it within about this long (nginx counts whole seconds: 1 to 2 s). The instances answer
 * such a cache from their HTML cache, which each release has apart (render.ts), so a page costs them
 * one cheap answer a second or so, not a render.
 */
export const SHARED_CACHE_SECONDS = 1;

/**
 * What a cache between the server and the visitor may do with a page (a proxy such as the nginx of
 * deploy/, or a CDN):
 * - a page is the same for everyone: a shared cache keeps it SHARED_CACHE_SECONDS (`s-maxage`) and
 *   then asks again, never serving it stale meanwhile (no `stale-while-revalidate`: a publish must
 *   show at once); it may serve it stale for `staleMs` while the server fails (`stale-if-error`); a
 *   browser asks again each time (`max-age=0`), so a visitor never keeps an old copy;
 * - a private screen (a checkout, the payment result: one visitor's cart or payment; seo.ts
 *   PRIVATE_BLOCKS) is never stored by a shared cache (`private, no-cache`);
 * - the not-found page is stored by no cache at all (`no-store`): at its URL a client whose Accept
 *   rules HTML out gets a JSON or plain-text 404 (static.ts), and a shared cache that ignores
 *   `Vary: Accept` must not hand one client's 404 to another.
 */
export function cacheControl(status: number, isPrivate: boolean, cacheSeconds: number, staleMs: number): string {
  if (status === 404) return 'no-store';
  if (isPrivate || cacheSeconds <= 0) return 'private, no-cache';
  const shared = Math.min(cacheSeconds, SHARED_CACHE_SECONDS);
  const onError = Math.round(staleMs / 1000);
  return `public, max-age=0, s-maxage=${shared}${onError > 0 ? `, stale-if-error=${onError}` : ''}`;
}
