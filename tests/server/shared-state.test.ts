import { Redis } from 'ioredis';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { unsavedContent } from '../../server/preview/unsaved';
import type { BuildOptions } from '../../server/build-options';
import { DEMO_KEY_ORDERS } from '../../server/seed';
import { dropDatabaseOf, keyActivation, startServer, submission, tempDir, VALID_SUBMISSIONS } from './helpers';

/**
 * Two instances of the server on one Redis (REDIS_URL) and one database: what they share, and what
 * happens when Redis goes away. Redis 7 runs on every machine of this project (127.0.0.1:6379); this
 * file uses its database 7 alone and empties it first. Without a Redis there, it says so and skips.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
/** Nothing listens there: a Redis that is down. */
const DOWN_REDIS_URL = 'redis://127.0.0.1:6390/0';

const redisUp = await (async () => {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 500, retryStrategy: () => null });
  try {
    await probe.connect();
    await probe.flushdb();
    return true;
  } catch {
    console.warn(`shared-state.test.ts: no Redis at ${REDIS_URL}; the tests that need one are skipped`);
    return false;
  } finally {
    probe.disconnect();
  }
})();

/** A stand-in server bundle (tests/server/render.test.ts explains the contract) that counts its renders. */
const ENTRY = `
let renders = 0;
export const BUILT_API_ORIGIN = '';
export async function cachedAs(href) { return { key: new URL(href, 'http://localhost').pathname }; }
export function headHtml(head) { return '<title>' + head.title + '</title>'; }
export async function renderNotFound() { throw new Error('not used'); }
export async function render(href) {
  const path = new URL(href, 'http://localhost').pathname;
  renders++;
  return {
    kind: 'page', status: 200, head: { lang: 'en', title: path, description: '' }, styles: '',
    blocks: path.startsWith('/shop/checkout') ? ['checkout'] : ['banner'], scriptBlocks: [],
    pageKey: 'p0', data: { fallback: {}, notFound: false }, failed: 0,
    pipe: (destination) => { destination.write('<p>render ' + renders + '</p>'); destination.end(); },
  };
}
`;
const INDEX =
  '<!doctype html>\n<html lang="en">\n<head><title>Site</title>\n<script type="module" crossorigin src="/assets/index-1.js"></script>\n</head>\n<body><div id="root"></div></body></html>';

let staticDir: string;
beforeAll(() => {
  staticDir = tempDir('telmed-shared-');
  mkdirSync(join(staticDir, '.ssr'));
  writeFileSync(join(staticDir, 'index.html'), INDEX);
  // A file of its own: every server of this file imports the same module, so the renders add up.
  writeFileSync(join(staticDir, '.ssr', 'entry-server.js'), ENTRY);
});
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Two instances on one data folder and one Redis, with their log lines. */
async function twoInstances(options: Partial<BuildOptions> = {}) {
  const dataDir = tempDir();
  const lines: string[] = [];
  const logged = { logger: 'info' as const, logStream: { write: (line: string) => lines.push(line) } };
  const a = await startServer({ dataDir, redisUrl: REDIS_URL, staticDir, ...logged, ...options });
  const b = await startServer({ dataDir, redisUrl: REDIS_URL, staticDir, ...logged, ...options });
  cleanups.push(async () => {
    await a.cleanup();
    await b.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabaseOf(dataDir);
  });
  return { a: a.app, b: b.app, lines };
}

const page = (app: Awaited<ReturnType<typeof startServer>>['app'], url: string, ip = '203.0.113.9') =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html' }, remoteAddress: ip });

/** An activation of an access key that no order has (a wrong code, as a guess is). */
const guess = (app: Awaited<ReturnType<typeof startServer>>['app'], accessKey: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/key-assignments',
    payload: keyActivation({ accessKey, activationCode: '12345678' }),
    remoteAddress: ip,
  });

const contact = (app: Awaited<ReturnType<typeof startServer>>['app'], ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/form-emails/contact-us',
    payload: submission('contact-us', VALID_SUBMISSIONS['contact-us']),
    remoteAddress: ip,
  });

describe.skipIf(!redisUp)('two instances on one Redis', () => {
  it('count one rate limit: the 11th submission of a minute is refused, whichever instance takes it', async () => {
    const { a, b } = await twoInstances({ formRateLimit: 10 });
    const ip = '198.51.100.31';
    for (let i = 0; i < 10; i++) expect((await contact(i % 2 === 0 ? a : b, ip)).statusCode, `submission ${i + 1}`).toBe(201);
    for (const app of [a, b]) expect((await contact(app, ip)).statusCode).toBe(429);
    // Another client has its own budget.
    expect((await contact(b, '198.51.100.32')).statusCode).toBe(201);
  });

  it('count one render budget per client', async () => {
    const { a, b } = await twoInstances({ pageRenderLimit: 3, htmlCacheSeconds: 60 });
    const ip = '198.51.100.41';
    expect((await page(a, '/budget-1', ip)).statusCode).toBe(200);
    expect((await page(b, '/budget-2', ip)).statusCode).toBe(200);
    expect((await page(a, '/budget-3', ip)).statusCode).toBe(200);
    const refused = await page(b, '/budget-4', ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A page in the cache costs nothing.
    expect((await page(b, '/budget-1', ip)).headers['x-render-cache']).toBe('hit');
  });

  it('share one HTML cache: a page rendered by one is served by the other, and rendered again once', async () => {
    // Fresh for 3 s: the wait below for the page rendered again stays well inside it on a busy
    // machine (with 1 s a slow poll found that page stale too, and counted a second render).
    const { a, b } = await twoInstances({ htmlCacheSeconds: 3, htmlStaleSeconds: 30 });
    const first = await page(a, '/shared-page');
    expect(first.headers['x-render-cache']).toBe('miss');
    const other = await page(b, '/shared-page');
    expect(other.headers['x-render-cache']).toBe('hit');
    expect(other.body).toBe(first.body);

    await new Promise((resolve) => setTimeout(resolve, 3100));
    // Stale on both at once: they serve the stale copy, one of them renders it again. On a busy
    // machine that render may be in before the last of the four is answered, which then gets it as
    // a hit; none waits for a render (a miss).
    const stale = await Promise.all([page(a, '/shared-page'), page(b, '/shared-page'), page(a, '/shared-page'), page(b, '/shared-page')]);
    for (const response of stale) expect(['stale', 'hit']).toContain(response.headers['x-render-cache']);
    // Which of the four reads the stale copy first is the machine's choice (the one that does starts
    // the render, which may be in before the others read); at least one does.
    expect(stale.map((response) => response.headers['x-render-cache'])).toContain('stale');
    const rendersOf = (body: string) => Number(/render (\d+)/.exec(body)?.[1]);
    let fresh = first;
    for (let i = 0; i < 50 && rendersOf(fresh.body) === rendersOf(first.body); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      fresh = await page(b, '/shared-page');
    }
    expect(rendersOf(fresh.body)).toBe(rendersOf(first.body) + 1);
    // No second background render followed.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rendersOf((await page(a, '/shared-page')).body)).toBe(rendersOf(fresh.body));
  });

  it('tell a shared cache which pages it may keep: public ones a second, private screens never', async () => {
    const { a } = await twoInstances({ htmlCacheSeconds: 10, htmlStaleSeconds: 60 });
    expect((await page(a, '/about')).headers['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-if-error=60');
    for (const url of ['/shop/checkout', '/shop/checkout']) expect((await page(a, url)).headers['cache-control']).toBe('private, no-cache');
  });

  it('share the key lockouts (in Redis): a key locked through one is locked on the other', async () => {
    const { a, b } = await twoInstances();
    const [pair] = DEMO_KEY_ORDERS[0].keys;
    const wrong = { ...pair, activationCode: '00000000' };
    const ip = '198.51.100.51';
    const activate = (app: typeof a, body: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/v1/key-assignments', payload: body, remoteAddress: ip });
    for (let i = 0; i < 5; i++) expect((await activate(i % 2 === 0 ? a : b, keyActivation(wrong))).statusCode).not.toBe(200);
    for (const app of [a, b]) {
      const locked = await activate(app, keyActivation(pair));
      expect(locked.statusCode).toBe(429);
    }
  });

  it("share an editor's unsaved content and its send's number: a send kept through one is reached on the other", async () => {
    const { a, b } = await twoInstances();
    const files = { 'content/shop-plans.json': { items: [{ id: 1, price: 1 }] } };
    const [onA, onB] = [unsavedContent(a.ctx.shared), unsavedContent(b.ctx.shared)];
    const reached = onB.reached(77, 1_796_000_000_005, 2000);
    await onA.put(77, files, 1_796_000_000_005);
    expect(await reached).toBe(true);
    expect(await onB.get(77)).toEqual(files);
    await onA.clear(77);
  });

  it('are ready with the database and Redis answering', async () => {
    const { a } = await twoInstances();
    const ready = await a.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, database: true, redis: true });
  });
});

describe('an instance whose Redis is down', () => {
  it('keeps serving with its own limits, says so once, and stays ready', async () => {
    const lines: string[] = [];
    const server = await startServer({
      redisUrl: DOWN_REDIS_URL,
      staticDir,
      formRateLimit: 3,
      logger: 'info',
      logStream: { write: (line) => lines.push(line) },
    });
    cleanups.push(server.cleanup);
    const { app } = server;
    const ip = '198.51.100.61';
    for (let i = 0; i < 3; i++) expect((await contact(app, ip)).statusCode).toBe(201);
    expect((await contact(app, ip)).statusCode).toBe(429);
    expect((await page(app, '/down-1')).statusCode).toBe(200);
    expect((await page(app, '/down-1')).headers['x-render-cache']).toBe('hit');
    expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/api/v1/ready' });
    // Still ready: it serves, with limits of its own (a Redis outage takes no instance out).
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, database: true, redis: false, limits: 'per-process' });
    expect(lines.filter((line) => line.includes('redis: unreachable'))).toHaveLength(1);
    // Key lockouts count in the process: the 5th wrong code locks.
    const guesses = [];
    for (let i = 0; i < 5; i++) guesses.push((await guess(app, 'BD-DOWN-AAAA-0001', ip)).statusCode);
    expect(guesses).toEqual([404, 404, 404, 404, 429]);
  });
});

/**
 * A TCP proxy in front of the test Redis: `stop` closes it and every connection through it, as a Redis
 * that goes down under running instances.
 */
async function redisProxy() {
  const target = new URL(REDIS_URL);
  const sockets = new Set<Socket>();
  const proxy = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as { port: number };
  const stop = () =>
    new Promise<void>((resolve) => {
      proxy.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  cleanups.push(async () => {
    if (proxy.listening) await stop();
  });
  return { url: `redis://127.0.0.1:${port}${target.pathname}`, stop };
}

describe.skipIf(!redisUp)('two instances whose Redis goes down while they serve', () => {
  it('count in Redis until then, then each limits on its own, and says so once', async () => {
    const proxy = await redisProxy();
    const { a, b, lines } = await twoInstances({ redisUrl: proxy.url, formRateLimit: 3 });
    const ip = '198.51.100.71';
    expect((await contact(a, ip)).statusCode).toBe(201);
    expect((await contact(b, ip)).statusCode).toBe(201);
    // One count for both, in Redis.
    const direct = new Redis(REDIS_URL);
    cleanups.push(async () => direct.disconnect());
    expect(await direct.keys(`rate-limit:forms:*${ip}`)).toHaveLength(1);

    await proxy.stop();
    for (const app of [a, b]) await expect.poll(() => app.ctx.shared.redis?.status).not.toBe('ready');
    // Each instance now counts in its own process: three more each, then 429, with Retry-After.
    for (const app of [a, b]) {
      for (let i = 0; i < 3; i++) expect((await contact(app, ip)).statusCode).toBe(201);
      const refused = await contact(app, ip);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The render budget too: pages still render, from this process's budget.
    expect((await page(a, '/gone-1', ip)).statusCode).toBe(200);
    // Once per instance, when its first attempt to reconnect fails.
    const unreachable = () => lines.filter((line) => line.includes('redis: unreachable')).length;
    await expect.poll(unreachable, { timeout: 3000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(unreachable()).toBe(2);
  });

  it('count key lockouts in Redis until then, then each in its own process', async () => {
    const proxy = await redisProxy();
    const { a, b } = await twoInstances({ redisUrl: proxy.url });
    const ip = '198.51.100.81';
    const statuses = async (app: typeof a, accessKey: string, count: number) => {
      const list = [];
      for (let i = 0; i < count; i++) list.push((await guess(app, accessKey, ip)).statusCode);
      return list;
    };
    // One count for both: 2 wrong codes on each, and the 5th locks on either.
    expect([...(await statuses(a, 'BD-RDIS-AAAA-0001', 2)), ...(await statuses(b, 'BD-RDIS-AAAA-0001', 2))]).toEqual([404, 404, 404, 404]);
    expect(await statuses(a, 'BD-RDIS-AAAA-0001', 1)).toEqual([429]);
    expect(await statuses(b, 'BD-RDIS-AAAA-0001', 1)).toEqual([429]);

    await proxy.stop();
    for (const app of [a, b]) await expect.poll(() => app.ctx.shared.redis?.status).not.toBe('ready');
    // Each instance now counts alone: 5 wrong codes lock on each, with Retry-After.
    for (const app of [a, b]) {
      expect(await statuses(app, 'BD-RDIS-AAAA-0002', 4)).toEqual([404, 404, 404, 404]);
      const locked = await guess(app, 'BD-RDIS-AAAA-0002', ip);
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBe(15 * 60);
    }
  });
});
