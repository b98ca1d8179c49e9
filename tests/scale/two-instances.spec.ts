import { expect, test } from '@playwright/test';
import { Redis } from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { NGINX, startCluster, type Cluster } from '../../scripts/lib/cluster';
import { DEMO_KEY_ORDERS } from '../../server/seed';
import { NOTIFICATIONS_PATH } from '../../server/shop/provider';
import { SIGNATURE_HEADER, signatureHeader } from '../../server/shop/signature';
import { BILLING_FORM, keyActivation, STANDARD_LINE, submission, VALID_SUBMISSIONS } from '../server/requests';

/**
 * Two instances of `npm run serve` behind nginx (deploy/nginx.conf, its marked lines given this
 * test's ports and paths: scripts/lib/cluster.ts), on one PostgreSQL database and one Redis, as
 * README "Running at scale" describes. Each instance is a process of its own; nginx spreads the
 * requests over both.
 *
 * Needs the built site (`npm run build`, as `npm test` does before), nginx (`apt-get install nginx`),
 * Redis at 127.0.0.1:6379 (database 8, emptied first) and PostgreSQL at SCALE_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test; a schema of its own, dropped after). Without any of them
 * the file says so and its tests are skipped.
 */
const ROOT = process.cwd();
const BASE_PORT = Number(process.env.SCALE_PORT ?? 8100);
const PROXY = `http://127.0.0.1:${BASE_PORT}`;
const INSTANCE_PORTS = [BASE_PORT + 1, BASE_PORT + 2] as const;
/** Each instance's metrics port is its own port plus this. */
const METRICS_PORT_OFFSET = 100;
const REDIS_URL = process.env.SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379/8';
const DATABASE_URL = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = `scale_${process.pid}`;
const SECRET = 'scale-test-secret-0123456789-abcdefghijklmnop';
const STATIC_DIR = path.join(ROOT, process.env.E2E_STATIC_DIR ?? 'dist');

test.describe.configure({ mode: 'serial' });

let dir: string;
let cluster: Cluster | undefined;
let redisUp = false;
let postgresUp = false;

/** Runs one statement on the scale test's database (its own schema); returns the rows. */
async function query<T>(text: string, values: unknown[] = [], schema: string | null = SCHEMA): Promise<T[]> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    if (schema) await client.query(`SET search_path TO ${schema}`);
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

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
  postgresUp = await query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA}`, [], null).then(
    () => true,
    () => false,
  );
  if (!NGINX || !redisUp || !postgresUp) return;
  dir = mkdtempSync(path.join(tmpdir(), 'scale-'));
  cluster = await startCluster({
    root: ROOT,
    dir,
    listenPort: BASE_PORT,
    instancePorts: INSTANCE_PORTS,
    metricsPortOffset: METRICS_PORT_OFFSET,
    env: {
      ...process.env,
      DEMO: '1',
      STATIC_DIR,
      REDIS_URL,
      DATABASE_URL: `${DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${SCHEMA}`)}`,
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
  if (postgresUp) await query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`, [], null);
});

test.beforeEach(() => {
  test.skip(!NGINX, 'nginx is not installed (apt-get install nginx)');
  test.skip(!redisUp, `no Redis at ${REDIS_URL}`);
  test.skip(!postgresUp, `no PostgreSQL at ${DATABASE_URL}`);
});

/** A count in the database both instances share, as it is now. */
const count = async (text: string, values: unknown[] = []) =>
  (await query<{ n: number }>(`SELECT CAST(count(*) AS INTEGER) AS n ${text}`, values))[0].n;

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

test("metrics are on each instance's own port, never through nginx or on the site port", async () => {
  for (const port of INSTANCE_PORTS) {
    const scrape = await fetch(`http://127.0.0.1:${port + METRICS_PORT_OFFSET}/metrics`);
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    expect(text).toMatch(/^telmed_ready 1$/m);
    expect(text).toMatch(/^telmed_redis_up 1$/m);
  }
  for (const base of [PROXY, ...INSTANCE_PORTS.map((port) => `http://127.0.0.1:${port}`)]) {
    for (const accept of ['text/plain', 'text/html']) {
      const response = await fetch(`${base}/metrics`, { headers: { accept } });
      expect(response.status, `${base}/metrics (${accept})`).toBe(404);
      expect(await response.text()).not.toContain('http_requests_total');
    }
  }
});

test("every answer through nginx carries nginx's request id, a cached page too", async () => {
  const ids: Array<string | null> = [];
  // A page no other test here reads: the shared HTML cache would answer theirs with this one.
  for (const url of ['/api/v1/health', '/api/v1/health', '/privacy', '/privacy']) {
    const response = await fetch(`${PROXY}${url}`, { headers: { accept: 'text/html' } });
    expect(response.ok).toBe(true);
    ids.push(response.headers.get('x-request-id'));
  }
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  expect(new Set(ids).size).toBe(ids.length);
});

test('20 concurrent activations of one key through both instances activate it once', async () => {
  const [pair] = DEMO_KEY_ORDERS[1].keys;
  const body = keyActivation(pair);
  const statuses = await Promise.all(
    Array.from({ length: 20 }, (_, i) => fetch(`${PROXY}/api/v1/key-assignments`, json(body, `198.51.100.${i + 1}`)).then((r) => r.status)),
  );
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
  expect(await count("FROM access_keys WHERE access_key = $1 AND status = 'used'", [pair.accessKey])).toBe(1);
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
  expect(await count('FROM access_keys WHERE order_id = $1', [orderId])).toBe(3);
  expect(await count("FROM outbox WHERE kind = 'keys' AND order_id = $1", [orderId])).toBe(1);
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
  // nginx keeps the public page too (s-maxage), and never a private screen. A page streams, and
  // nginx files it in its cache only once the instance has sent the last byte, so each
  // response is read to its end before the next request.
  const proxyCache = async (route: string) => {
    const response = await fetch(`${PROXY}${route}`, { headers: { accept: 'text/html' } });
    await response.text();
    return response.headers.get('x-proxy-cache');
  };
  await proxyCache('/about');
  await expect.poll(() => proxyCache('/about'), { timeout: 3000 }).toBe('HIT');
  await proxyCache('/shop/checkout');
  expect(await proxyCache('/shop/checkout')).not.toBe('HIT');
});

test('an instance killed in the middle of a burst loses no acknowledged submission or order', async () => {
  const last = async (table: string) => (await query<{ id: number | null }>(`SELECT max(id) AS id FROM ${table}`))[0].id ?? 0;
  const before = { submissions: await last('form_submissions'), orders: await last('orders') };
  // Every third request a billing (an order), the others a contact form (a submission).
  const burst = Array.from({ length: 60 }, async (_, i) => {
    await new Promise((resolve) => setTimeout(resolve, i * 5));
    if (i === 20) void cluster!.stop(INSTANCE_PORTS[0], 'SIGKILL');
    const order = i % 3 === 0;
    const response = await (
      order
        ? fetch(`${PROXY}/api/v1/billing-informations`, json({ ...BILLING_FORM, products: [STANDARD_LINE] }, `192.0.2.${i + 1}`))
        : submit(`192.0.2.${i + 1}`)
    ).catch(() => undefined);
    if (response?.status !== 201) return undefined;
    const body = (await response.json()) as { data?: { id: number }; sandboxpay?: { payment_request: { order_id: number } } };
    return order ? { table: 'orders', id: body.sandboxpay!.payment_request.order_id } : { table: 'form_submissions', id: body.data!.id };
  });
  const acknowledged = (await Promise.all(burst)).filter((ack) => ack !== undefined);
  expect(acknowledged.length).toBeGreaterThan(30);
  const stored = async (table: string, after: number) =>
    new Set((await query<{ id: number }>(`SELECT id FROM ${table} WHERE id > $1`, [after])).map((row) => row.id));
  const submissions = await stored('form_submissions', before.submissions);
  const orders = await stored('orders', before.orders);
  for (const ack of acknowledged) {
    expect((ack.table === 'orders' ? orders : submissions).has(ack.id), `${ack.table} ${ack.id} was acknowledged`).toBe(true);
  }
  expect(acknowledged.some((ack) => ack.table === 'orders')).toBe(true);
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
