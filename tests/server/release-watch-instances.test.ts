import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BuildOptions } from '../../server/build-options';
import type { PageRenderer } from '../../server/render';
import { dropDatabaseOf, startServer, tempDir } from './helpers';
import { faqSite, publishFaqQuestion } from './release-publish';

/**
 * A content release is live on every instance within 2 s, and no HTML cache serves a page of an older
 * release once an instance knows of the new one: two instances on one database (PostgreSQL under
 * `npm run test:postgres`), with Redis (its database 12 of 127.0.0.1:6379, this file's) and without.
 * The publish is the contract's: the content table, the release row and the meta row in one
 * transaction, then the announcement (tests/server/release-publish.ts).
 */
const REDIS_URL = process.env.TEST_RELEASE_INSTANCES_REDIS_URL ?? 'redis://127.0.0.1:6379/12';

/** Empties this file's Redis database; false when no Redis answers. */
async function flushRedis(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 500, retryStrategy: () => null });
  try {
    await probe.connect();
    await probe.flushdb();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const redisUp = await flushRedis();
if (!redisUp) console.warn(`release-watch-instances.test.ts: no Redis at ${REDIS_URL}; the tests that need one are skipped`);

let staticDir: string;
beforeAll(() => {
  staticDir = faqSite();
});
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * Two instances on one database; pages cached 60 s, so only the release can explain a new one. Redis
 * is emptied first: each test's database numbers its releases from the start again.
 */
async function twoInstances(options: Partial<BuildOptions>) {
  if (options.redisUrl) await flushRedis();
  const dataDir = tempDir();
  const settings = { dataDir, staticDir, htmlCacheSeconds: 60, htmlStaleSeconds: 60, ...options };
  const a = await startServer(settings);
  const b = await startServer(settings);
  cleanups.push(async () => {
    await a.cleanup();
    await b.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabaseOf(dataDir);
  });
  return { a: a.app, b: b.app };
}

const page = async (app: FastifyInstance, url: string) => {
  const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  return { body: response.body, cache: String(response.headers['x-render-cache']) };
};
const pagesOf = (app: FastifyInstance) => (app as unknown as { pages: PageRenderer }).pages;

/**
 * Publishes a new question of FAQ 3 on `on` and asks `other` for its page every 5 ms until it shows
 * it; returns the milliseconds from the publish's commit to that first new page, and that page.
 */
async function publishAndWatch(on: FastifyInstance, other: FastifyInstance, question: string) {
  const { committed } = await publishFaqQuestion(on, 3, question);
  for (;;) {
    const seen = await page(other, '/faq/3');
    const ms = performance.now() - committed;
    if (seen.body.includes(question)) return { ms, seen };
    if (ms > 5000) throw new Error(`the other instance still shows the old page after ${Math.round(ms)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.skipIf(!redisUp)('a content release on two instances with Redis', () => {
  it("is on the other instance's page within 2 s of the commit, by the message alone", async () => {
    // Reads of the database a minute apart: only the Redis message can bring the release in time.
    const { a, b } = await twoInstances({ redisUrl: REDIS_URL, contentReleasePollMs: 60_000 });
    await page(a, '/faq/3');
    const before = await page(b, '/faq/3');
    expect(before.cache).toBe('hit');
    const { ms, seen } = await publishAndWatch(a, b, 'Is it live everywhere?');
    console.info(`release-watch: publish commit to the other instance's first new page (Redis): ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(2000);
    expect(seen.cache).toBe('miss');
    // Within the release the instances share the page again: rendered once.
    await expect.poll(async () => (await page(a, '/faq/3')).cache, { timeout: 2000 }).toBe('hit');
    expect((await page(a, '/faq/3')).body).toContain('Is it live everywhere?');
  });

  it('never serves the old page again once the message is in, on either instance', async () => {
    const { a, b } = await twoInstances({ redisUrl: REDIS_URL, contentReleasePollMs: 60_000 });
    for (const app of [a, b]) await page(app, '/faq/3');
    await publishAndWatch(b, a, 'No going back?');
    for (let i = 0; i < 20; i++) for (const app of [a, b]) expect((await page(app, '/faq/3')).body).toContain('No going back?');
  });
});

describe('a content release on two instances without Redis', () => {
  it("is on the other instance's page within 2 s of the commit, by its reads of the database", async () => {
    const { a, b } = await twoInstances({});
    await page(b, '/faq/3');
    expect((await page(b, '/faq/3')).cache).toBe('hit');
    const { ms, seen } = await publishAndWatch(a, b, 'Polled into view?');
    console.info(`release-watch: publish commit to the other instance's first new page (polling, 1000 ms): ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(2000);
    expect(seen.cache).toBe('miss');
  });
});

describe("one instance's HTML cache across a release", () => {
  it('serves no stale copy of an older release', async () => {
    const { a } = await twoInstances({ htmlCacheSeconds: 1, htmlStaleSeconds: 60, contentReleasePollMs: 60_000 });
    const old = await page(a, '/faq/4');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // Past its time: within a release the stale copy is served while it renders again.
    expect((await page(a, '/faq/4')).cache).toBe('stale');
    const { release } = await publishFaqQuestion(a, 4, 'Never stale?', { announce: false });
    await pagesOf(a).showRelease(release);
    const after = await page(a, '/faq/4');
    expect(after.cache).toBe('miss');
    expect(after.body).not.toBe(old.body);
    expect(after.body).toContain('Never stale?');
  });

  it('keeps a page rendered for the older release out of the new one', async () => {
    const { a } = await twoInstances({ contentReleasePollMs: 60_000 });
    let finish = () => {};
    const read = new Promise<void>((resolve) => {
      const slow = { read: resolve, finish: new Promise<void>((done) => (finish = done)) };
      Object.assign(globalThis, { slowRender: slow });
    });
    // The render reads the older release's data; the switch comes before it ends.
    const rendering = page(a, '/slow/5');
    await read;
    const { release } = await publishFaqQuestion(a, 5, 'Rendered after the switch?', { announce: false });
    await pagesOf(a).showRelease(release);
    finish();
    const old = await rendering;
    expect(old.cache).toBe('miss');
    expect(old.body).not.toContain('Rendered after the switch?');
    Object.assign(globalThis, { slowRender: { read: () => {}, finish: Promise.resolve() } });
    const next = await page(a, '/slow/5');
    expect(next.cache).toBe('miss');
    expect(next.body).toContain('Rendered after the switch?');
  });
});
