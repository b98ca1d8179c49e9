import { describe, expect, it } from 'vitest';
import { createPageCache, type CachedPage } from '../../server/page-cache';
import type { SharedState } from '../../server/shared-state';

/** No REDIS_URL: every call runs on the process's own state. */
const noRedis: SharedState = { redis: null, run: async (_shared, local) => local(), reachable: async () => true, close: async () => {} };

const localCache = (maxEntries: number, staleMs: number) => createPageCache({ shared: noRedis, namespace: 'build', maxEntries, staleMs });

const pageFor = (html: string, freshMs = 60_000): CachedPage => ({ status: 200, html, expires: Date.now() + freshMs });

describe('the HTML cache of a process without Redis', () => {
  it('keeps at most maxEntries pages, dropping the least recently used', async () => {
    const cache = localCache(2, 0);
    await cache.set('/a', pageFor('a'));
    await cache.set('/b', pageFor('b'));
    expect((await cache.get('/a'))?.html).toBe('a');
    await cache.set('/c', pageFor('c'));
    expect(cache.localSize()).toBe(2);
    expect(await cache.get('/b')).toBeUndefined();
    expect((await cache.get('/a'))?.html).toBe('a');
    expect((await cache.get('/c'))?.html).toBe('c');
  });

  it('keeps a page past its freshness for the stale window, then drops it', async () => {
    const cache = localCache(10, 100);
    await cache.set('/a', pageFor('a', 20));
    await new Promise((resolve) => setTimeout(resolve, 60));
    const stale = await cache.get('/a');
    expect(stale?.html).toBe('a');
    expect(stale!.expires).toBeLessThan(Date.now());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await cache.get('/a')).toBeUndefined();
  });

  it('gives the background render of a page to one caller at a time', async () => {
    const cache = localCache(10, 0);
    expect(await cache.claim('/a', 1_000)).toBe(true);
    expect(await cache.claim('/a', 1_000)).toBe(false);
    expect(await cache.claim('/b', 1_000)).toBe(true);
    await cache.release('/a');
    expect(await cache.claim('/a', 1_000)).toBe(true);
  });
});
