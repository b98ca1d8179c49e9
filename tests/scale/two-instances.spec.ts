import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NGINX, startCluster, type Cluster } from '../../scripts/lib/cluster';
import { DEMO_KEY_ORDERS } from '../../server/seed';
import { NOTIFICATIONS_PATH } from '../../server/shop/provider';
import { SIGNATURE_HEADER, signatureHeader } from '../../server/shop/signature';
import { BILLING_FORM, keyActivation, STANDARD_LINE, submission, VALID_SUBMISSIONS } from '../server/requests';

/**
 * Two instances of `npm run serve` behind nginx (deploy/nginx.conf, its marked lines given this
 * test's ports and paths: scripts/lib/cluster.ts), on one database and one Redis, as README "Running at scale" describes.
 * Each instance is a process of its own; nginx spreads the requests over both.
 *
 * Needs the built site (`npm run build`, as `npm test` does before), nginx (`apt-get install nginx`)
 * and Redis at 127.0.0.1:6379 (database 8, emptied first). Without nginx or Redis the file says so
 * and its tests are skipped.
 */
const ROOT = process.cwd();
const BASE_PORT = Number(process.env.SCALE_PORT ?? 8100);
const PROXY = `http://127.0.0.1:${BASE_PORT}`;
const INSTANCE_PORTS = [BASE_PORT + 1, BASE_PORT + 2] as const;
const REDIS_URL = process.env.SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379/8';
const SECRET = 'scale-test-secret-0123456789-abcdefghijklmnop';
const STATIC_DIR = path.join(ROOT, process.env.E2E_STATIC_DIR ?? 'dist');

test.describe.configure({ mode: 'serial' });

let dir: string;
let cluster: Cluster | undefined;
let redisUp = false;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 500, retryStrategy: () => null });
  try {
    await probe.connect();
    await probe.flushdb();
    redisUp = true;
  } catch {
    redisUp = false;
  } finally {
    probe.disconnect();
  }
  if (!NGINX || !redisUp) return;
  dir = mkdtempSync(path.join(tmpdir(), 'scale-'));
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
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: PROXY,
      PAYMENT_WEBHOOK_SECRET: SECRET,
      HTML_CACHE_SECONDS: '30',
      PAGE_RENDER_LIMIT: '0',
      LOG_LEVEL: 'warn',
    },
  });
});

test.afterAll(async () => {
  await cluster?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test.beforeEach(() => {
  test.skip(!NGINX, 'nginx is not installed (apt-get install nginx)');
  test.skip(!redisUp, `no Redis at ${REDIS_URL}`);
});

/** The database both instances share, read as it is now. */
function database<T>(read: (db: Database.Database) => T): T {
  const db = new Database(path.join(dir, 'data', 'app.db'), { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const json = (body: unknown, client: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
  body: JSON.stringify(body),
});

const submit = (client: string, base = PROXY) =>
  fetch(`${base}/api/v1/form-emails/contact-us`, json(submission('contact-us', VALID_SUBMISSIONS['contact-us']), client));

test('nginx answers through both instances, each ready', async () => {
  for (let i = 0; i < 4; i++) expect((await fetch(`${PROXY}/api/v1/health`)).ok).toBe(true);
  for (const port of INSTANCE_PORTS) expect((await fetch(`http://127.0.0.1:${port}/api/v1/ready`)).status).toBe(200);
});

test('20 concurrent activations of one key through both instances activate it once', async () => {
  const [pair] = DEMO_KEY_ORDERS[1].keys;
  const body = keyActivation(pair);
  const statuses = await Promise.all(
    Array.from({ length: 20 }, (_, i) => fetch(`${PROXY}/api/v1/key-assignments`, json(body, `198.51.100.${i + 1}`)).then((r) => r.status)),
  );
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
  expect(
    database((db) => db.prepare("SELECT count(*) AS n FROM access_keys WHERE access_key = ? AND status = 'used'").get(pair.accessKey)),
  ).toEqual({ n: 1 });
});

test('30 concurrent notifications of one payment issue its keys once', async () => {
  const billing = await fetch(`${PROXY}/api/v1/billing-informations`, {
    ...json({ ...BILLING_FORM, products: [{ ...STANDARD_LINE, quantity: 3 }] }, '198.51.100.90'),
  });
  expect(billing.status, await billing.clone().text()).toBe(201);
  const {
    order_id: orderId,
    amount,
    currency,
  } = ((await billing.json()) as { sandboxpay: { payment_request: { order_id: number; amount: number; currency: string } } }).sandboxpay
    .payment_request;
  const raw = JSON.stringify({ id: `evt_scale_${orderId}`, type: 'payment.succeeded', order_id: orderId, amount, currency });
  const statuses = await Promise.all(
    Array.from({ length: 30 }, () =>
      fetch(`${PROXY}${NOTIFICATIONS_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signatureHeader(raw, SECRET, Math.floor(Date.now() / 1000)) },
        body: raw,
      }).then((r) => r.status),
    ),
  );
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
  expect(database((db) => db.prepare('SELECT count(*) AS n FROM access_keys WHERE order_id = ?').get(orderId))).toEqual({ n: 3 });
  expect(database((db) => db.prepare("SELECT count(*) AS n FROM outbox WHERE kind = 'keys'").all().length)).toBeGreaterThan(0);
});

test('the rate limit counts across both instances', async () => {
  const client = '203.0.113.77';
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) statuses.push((await submit(client)).status);
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
  expect(statuses[10]).toBe(429);
  // Straight to either instance: the same count.
  for (const port of INSTANCE_PORTS) expect((await submit(client, `http://127.0.0.1:${port}`)).status).toBe(429);
});

test('a key locked through one instance is locked on the other', async () => {
  const [pair] = DEMO_KEY_ORDERS[1].keys.slice(1);
  const client = '203.0.113.88';
  const [a, b] = INSTANCE_PORTS.map((port) => `http://127.0.0.1:${port}/api/v1/key-assignments`);
  for (let i = 0; i < 5; i++) {
    const wrong = await fetch(a, json(keyActivation({ ...pair, activationCode: '00000000' }), client));
    expect(wrong.status).not.toBe(200);
  }
  const locked = await fetch(b, json(keyActivation(pair), client));
  expect(locked.status).toBe(429);
});

test('a page rendered by one instance is served from the cache by the other', async () => {
  const [a, b] = INSTANCE_PORTS.map((port) => `http://127.0.0.1:${port}/about?scale=1`);
  const first = await fetch(a, { headers: { accept: 'text/html' } });
  expect(first.status).toBe(200);
  expect(first.headers.get('x-render-cache')).toBe('miss');
  const other = await fetch(b, { headers: { accept: 'text/html' } });
  expect(other.headers.get('x-render-cache')).toBe('hit');
  expect(await other.text()).toBe(await first.text());
  // nginx keeps the public page too (s-maxage), and never a private screen.
  await fetch(`${PROXY}/about`, { headers: { accept: 'text/html' } });
  expect((await fetch(`${PROXY}/about`, { headers: { accept: 'text/html' } })).headers.get('x-proxy-cache')).toBe('HIT');
  await fetch(`${PROXY}/shop/checkout`, { headers: { accept: 'text/html' } });
  expect((await fetch(`${PROXY}/shop/checkout`, { headers: { accept: 'text/html' } })).headers.get('x-proxy-cache')).not.toBe('HIT');
});

test('an instance killed in the middle of a burst loses no acknowledged submission', async () => {
  const before = database((db) => (db.prepare('SELECT max(id) AS id FROM form_submissions').get() as { id: number | null }).id ?? 0);
  const burst = Array.from({ length: 60 }, async (_, i) => {
    await new Promise((resolve) => setTimeout(resolve, i * 5));
    if (i === 20) void cluster!.stop(INSTANCE_PORTS[0], 'SIGKILL');
    const response = await submit(`192.0.2.${i + 1}`).catch(() => undefined);
    return response?.status === 201 ? ((await response.json()) as { data: { id: number } }).data.id : undefined;
  });
  const acknowledged = (await Promise.all(burst)).filter((id): id is number => id !== undefined);
  expect(acknowledged.length).toBeGreaterThan(30);
  const stored = new Set(
    database((db) => db.prepare('SELECT id FROM form_submissions WHERE id > ?').all(before) as Array<{ id: number }>).map((row) => row.id),
  );
  for (const id of acknowledged) expect(stored.has(id), `submission ${id} was acknowledged`).toBe(true);
  await cluster!.start(INSTANCE_PORTS[0]);
});

test('a rolling restart of both instances under a steady load answers every request', async () => {
  test.setTimeout(120_000);
  let running = true;
  const failures: string[] = [];
  let answered = 0;
  const urls = [`${PROXY}/api/v1/faqs`, `${PROXY}/api/v1/shop-plans`, `${PROXY}/media`];
  const worker = async (n: number) => {
    for (let i = 0; running; i++) {
      const url = urls[(n + i) % urls.length];
      try {
        const response = await fetch(url, { headers: { accept: url.includes('/api/') ? 'application/json' : 'text/html' } });
        await response.arrayBuffer();
        if (response.status !== 200) failures.push(`${url}: ${response.status}`);
        else answered++;
      } catch (error) {
        failures.push(`${url}: ${(error as Error).message}`);
      }
    }
  };
  const load = Promise.all([0, 1, 2, 3].map(worker));
  for (const port of INSTANCE_PORTS) {
    await cluster!.stop(port, 'SIGTERM');
    await cluster!.start(port);
  }
  running = false;
  await load;
  expect(failures).toEqual([]);
  expect(answered).toBeGreaterThan(100);
});
