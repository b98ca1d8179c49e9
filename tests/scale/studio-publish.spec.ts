import { expect, test } from '@playwright/test';
import { Redis } from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { NGINX, startCluster, type Cluster } from '../../scripts/lib/cluster';
import {
  apiPrice,
  commitCount,
  contentRepos,
  git,
  LAYOUT,
  msUntil,
  pageShows,
  SHOP_PLANS,
  shopShows,
  StudioSession,
} from '../../scripts/lib/studio-publish';
import { demoEmail } from '../../server/studio/demo';

/**
 * A studio publish across instances: two instances of `npm run serve` behind nginx on one PostgreSQL
 * schema and one Redis (as two-instances.spec.ts runs them), the studio on the first, whose git record
 * commits to a clone of a content repository and pushes to its bare remote. The demo editor signs in
 * and publishes a new price of the Individual plan through the editor API; the public /shop page
 * through nginx and on the other instance shows it within 2 s of the publish's answer, and the remote
 * gets one commit of it, the editor its author, with its Studio-Release trailer.
 *
 * Needs the built site, nginx, Redis at SCALE_PUBLISH_REDIS_URL (default database 14, emptied
 * first) and PostgreSQL at SCALE_DATABASE_URL (a schema of its own, dropped after). Ports:
 * SCALE_PUBLISH_PORT (default 8390) for nginx, the next two for the instances, the third for the studio.
 */
const ROOT = process.cwd();
const BASE_PORT = Number(process.env.SCALE_PUBLISH_PORT ?? 8390);
const PROXY = `http://127.0.0.1:${BASE_PORT}`;
const INSTANCE_PORTS = [BASE_PORT + 1, BASE_PORT + 2] as const;
const STUDIO = `http://127.0.0.1:${BASE_PORT + 3}`;
const OTHER = `http://127.0.0.1:${INSTANCE_PORTS[1]}`;
const REDIS_URL = process.env.SCALE_PUBLISH_REDIS_URL ?? 'redis://127.0.0.1:6379/14';
const DATABASE_URL = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = `scale_publish_${process.pid}`;
const STATIC_DIR = path.join(ROOT, process.env.E2E_STATIC_DIR ?? 'dist');

test.describe.configure({ mode: 'serial' });

let dir: string;
let repos: { remote: string; clone: string };
let cluster: Cluster | undefined;
let ready = '';

async function query<T>(text: string, schema: string | null = SCHEMA): Promise<T[]> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    if (schema) await client.query(`SET search_path TO ${schema}`);
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

async function redisEmptied(): Promise<boolean> {
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

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const postgresUp = await query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA}`, null).then(
    () => true,
    () => false,
  );
  if (!NGINX) ready = 'nginx is not installed (apt-get install nginx)';
  else if (!(await redisEmptied())) ready = `no Redis at ${REDIS_URL}`;
  else if (!postgresUp) ready = `no PostgreSQL at ${DATABASE_URL}`;
  if (ready) return;
  dir = mkdtempSync(path.join(tmpdir(), 'scale-publish-'));
  repos = contentRepos(ROOT, dir);
  cluster = await startCluster({
    root: ROOT,
    dir,
    listenPort: BASE_PORT,
    instancePorts: INSTANCE_PORTS,
    env: {
      ...process.env,
      DEMO: '1',
      STATIC_DIR,
      REDIS_URL,
      DATABASE_URL: `${DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${SCHEMA}`)}`,
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: PROXY,
      HTML_CACHE_SECONDS: '30',
      PAGE_RENDER_LIMIT: '0',
      LOG_LEVEL: 'warn',
    },
    // The studio and the git record on the first instance only.
    instanceEnv: (port) =>
      port === INSTANCE_PORTS[0]
        ? { STUDIO_PORT: String(BASE_PORT + 3), STUDIO_URL: STUDIO, CONTENT_GIT_DIR: repos.clone, CONTENT_GIT_REMOTE: 'origin' }
        : {},
  });
});

test.afterAll(async () => {
  await cluster?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  await query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`, null).catch(() => undefined);
});

test.beforeEach(() => test.skip(ready !== '', ready));

test("the editor's publish is live on both instances within 2 s and pushed as one commit", async () => {
  test.setTimeout(120_000);
  // Release 1 (the files at the first start) recorded and pushed first: the publish's commit is the next.
  await expect
    .poll(async () => (await query<{ n: number }>('SELECT count(*)::int AS n FROM content_releases WHERE pushed_at IS NULL'))[0].n, {
      timeout: 20_000,
    })
    .toBe(0);
  const commitsBefore = commitCount(repos.remote);
  const price = 3917;
  const old = (await apiPrice(OTHER, 'Individual'))!;
  expect(old).not.toBe(price);
  // Each /shop rendered once before (a process's first render loads the server bundle), with the old price.
  for (const base of [PROXY, OTHER]) expect(await shopShows(base, old), base).toBe(true);

  const editor = await StudioSession.signIn(STUDIO);
  const base = await editor.savePrice('Individual', price);
  // A page's section props in the same draft: live without a build, as the content is.
  const title = `Visit us ${process.pid}`;
  await editor.saveSectionTitle('/contact', 'contactInfo', title);
  const published = await editor.publish(base);
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  const release = published.body.release!;
  expect(release).toBe(base + 1);

  const [throughNginx, onOther, otherApi, layoutThroughNginx, layoutOnOther] = await Promise.all([
    msUntil(() => shopShows(PROXY, price), published.answered),
    msUntil(() => shopShows(OTHER, price), published.answered),
    msUntil(async () => (await apiPrice(OTHER, 'Individual')) === price, published.answered),
    msUntil(() => pageShows(`${PROXY}/contact`, title), published.answered),
    msUntil(() => pageShows(`${OTHER}/contact`, title), published.answered),
  ]);
  console.log(
    `publish answered in ${Math.round(published.answered - published.started)} ms; then /shop through nginx ${Math.round(throughNginx ?? -1)} ms, on the other instance ${Math.round(onOther ?? -1)} ms (API ${Math.round(otherApi ?? -1)} ms)`,
  );
  console.log(
    `the page's new section title: through nginx ${Math.round(layoutThroughNginx ?? -1)} ms, on the other instance ${Math.round(layoutOnOther ?? -1)} ms`,
  );
  for (const ms of [throughNginx, onOther, otherApi, layoutThroughNginx, layoutOnOther]) expect(ms).toBeLessThan(2000);

  // The git record: one new commit on the remote, the editor its author, the release its trailer.
  await expect.poll(() => commitCount(repos.remote), { timeout: 20_000 }).toBe(commitsBefore + 1);
  const [author, trailer] = git(repos.remote, 'log', '-1', '--format=%ae%n%(trailers:key=Studio-Release,valueonly)', 'main')
    .trim()
    .split('\n');
  expect(author).toBe(demoEmail('editor'));
  expect(Number(trailer)).toBe(release);
  expect(git(repos.remote, 'diff', '--name-only', 'main~1', 'main').trim().split('\n').sort()).toEqual(
    ['content/.release', SHOP_PLANS, LAYOUT].sort(),
  );
  expect(git(repos.remote, 'show', `main:${LAYOUT}`)).toContain(title);
  expect(git(repos.remote, 'show', `main:${SHOP_PLANS}`)).toContain(`"price": ${price},`);
  const [row] = await query<{ recorded_commit: string }>(`SELECT recorded_commit FROM content_releases WHERE number = ${release}`);
  expect(row.recorded_commit).toBe(git(repos.remote, 'rev-parse', 'main').trim());
});
