import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, NGINX, nginxConfig } from '../../scripts/lib/cluster';
import { REPO } from '../validate/helpers';
import { startServer } from '../server/helpers';
import { faqSite, publishFaqQuestion } from '../server/release-publish';

/**
 * deploy/nginx.conf's cache of pages and a content release, run: nginx (its marked lines given local
 * ports and paths, as tests/scale does) in front of one server of a stand-in site whose page /faq/3
 * shows FAQ 3's question (tests/server/release-publish.ts). A published release shows through nginx
 * within 2 s, and the cost of that: about one request a second per hot page reaches the instance,
 * answered from its HTML cache. Needs nginx (`apt-get install nginx`); skipped without it.
 */
const LISTEN_PORT = 8311;
const PROXY = `http://127.0.0.1:${LISTEN_PORT}`;

describe.skipIf(!NGINX)('nginx in front of a server, on a content release', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nginx-release-'));
  let staticDir = '';
  let server: Awaited<ReturnType<typeof startServer>>;
  let nginx: ChildProcess | undefined;

  const get = async (pathname: string) => {
    const response = await fetch(`${PROXY}${pathname}`, { headers: { accept: 'text/html' } });
    return {
      body: await response.text(),
      cache: response.headers.get('x-proxy-cache') ?? '',
      control: response.headers.get('cache-control'),
    };
  };
  /** Pages the instance answered itself (from its HTML cache, or rendered). */
  const answered = async () => {
    const { metrics } = server.app.ctx;
    const sum = async (counter: { get(): Promise<{ values: Array<{ value: number }> }> }) =>
      (await counter.get()).values.reduce((total, { value }) => total + value, 0);
    return (await sum(metrics.pagesCache)) + (await sum(metrics.pagesRendered));
  };

  beforeAll(async () => {
    staticDir = faqSite();
    // Reads of the live release every 100 ms: what is measured here is nginx's part.
    server = await startServer({ staticDir, htmlCacheSeconds: 60, contentReleasePollMs: 100 });
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    // nginx's workers run as an unprivileged user: they write the cache and temp folders.
    chmodSync(dir, 0o755);
    for (const sub of ['cache', 'tmp']) {
      mkdirSync(path.join(dir, sub));
      chmodSync(path.join(dir, sub), 0o777);
    }
    const conf = path.join(dir, 'nginx.conf');
    writeFileSync(conf, nginxConfig(REPO, dir, LISTEN_PORT, [Number(new URL(address).port)]));
    const check = spawnSync(NGINX!, ['-t', '-c', conf, '-p', dir], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx -t refused deploy/nginx.conf:\n${check.stderr}`);
    nginx = spawn(NGINX!, ['-c', conf, '-p', dir, '-g', 'daemon off;'], { stdio: 'ignore' });
    await answers(`${PROXY}/api/v1/health`, 10_000);
  });
  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx?.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await server?.cleanup();
    rmSync(dir, { recursive: true, force: true });
    if (staticDir) rmSync(staticDir, { recursive: true, force: true });
  });

  it('keeps a page a second, and shows a published release within 2 s, never a stale copy meanwhile', async () => {
    const first = await get('/faq/3');
    expect(first.control).toBe('public, max-age=0, s-maxage=1, stale-if-error=60');
    await expect.poll(async () => (await get('/faq/3')).cache, { timeout: 3000 }).toBe('HIT');

    const question = 'Through nginx in time?';
    const { committed } = await publishFaqQuestion(server.app, 3, question, { announce: false });
    const seen: string[] = [];
    let ms = 0;
    for (;;) {
      const page = await get('/faq/3');
      ms = performance.now() - committed;
      seen.push(page.cache);
      if (page.body.includes(question)) break;
      if (ms > 5000) throw new Error(`nginx still sends the old page after ${Math.round(ms)} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    console.info(`nginx-release: publish commit to the first new page through nginx: ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(2000 + 100);
    expect(seen.filter((status) => status === 'STALE' || status === 'UPDATING')).toEqual([]);
  });

  it('passes about one request a second per hot page on to the instance, which answers from its cache', async () => {
    await get('/faq/4');
    const before = await answered();
    const rendersBefore = (await server.app.ctx.metrics.pagesRendered.get()).values.reduce((n, { value }) => n + value, 0);
    let requests = 0;
    const until = performance.now() + 3000;
    await Promise.all(
      [0, 1, 2, 3].map(async () => {
        while (performance.now() < until) {
          await get('/faq/4');
          requests++;
        }
      }),
    );
    const reached = (await answered()) - before;
    const rendersAfter = (await server.app.ctx.metrics.pagesRendered.get()).values.reduce((n, { value }) => n + value, 0);
    console.info(`nginx-release: ${requests} requests for one page in 3 s through nginx, ${reached} reached the instance`);
    // Once a second or so per copy that expires; without proxy_cache_lock, each of the 4 clients may
    // be the one that asks when it does.
    expect(reached).toBeGreaterThanOrEqual(1);
    expect(reached).toBeLessThanOrEqual(4 * 4);
    // None of them a render: the instance's HTML cache keeps the page 60 s within a release.
    expect(rendersAfter - rendersBefore).toBe(0);
  });
});
