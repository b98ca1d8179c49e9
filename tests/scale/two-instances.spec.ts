import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_KEY_ORDERS } from '../../server/seed';
import { NOTIFICATIONS_PATH } from '../../server/shop/provider';
import { SIGNATURE_HEADER, signatureHeader } from '../../server/shop/signature';
import { BILLING_FORM, keyActivation, STANDARD_LINE, submission, VALID_SUBMISSIONS } from '../server/requests';

/**
 * Two instances of `npm run serve` behind nginx (deploy/nginx.conf, its marked lines given this
 * test's ports and paths), on one database and one Redis, as README "Running at scale" describes.
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
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));
const STATIC_DIR = path.join(ROOT, process.env.E2E_STATIC_DIR ?? 'dist');

test.describe.configure({ mode: 'serial' });

let dir: string;
let nginx: ChildProcess | undefined;
const instances = new Map<number, ChildProcess>();
let redisUp = false;

function instanceEnv(port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DEMO: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dir, 'data'),
    STATIC_DIR,
    REDIS_URL,
    TRUST_PROXY: '127.0.0.1',
    PUBLIC_URL: PROXY,
    PAYMENT_WEBHOOK_SECRET: SECRET,
    HTML_CACHE_SECONDS: '30',
    PAGE_RENDER_LIMIT: '0',
    LOG_LEVEL: 'warn',
  };
}

async function ready(port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/v1/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`instance on ${port} not ready after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts the instance on `port` (a process of its own) and waits until it is ready. */
async function startInstance(port: number): Promise<void> {
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
    cwd: ROOT,
    env: instanceEnv(port),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.once('exit', (code, signal) => {
    if (instances.get(port) === child) instances.delete(port);
    // 143: ended by the SIGTERM of a restart (tsx passes the signal on and exits with 128 + 15).
    if (code && code !== 0 && code !== 143 && signal === null) console.error(`instance ${port} exited ${code}:\n${stderr}`);
  });
  instances.set(port, child);
  await ready(port);
}

/** Stops an instance: SIGTERM (it drains) or SIGKILL (a crash); resolves once it has exited. */
function stopInstance(port: number, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  const child = instances.get(port);
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** deploy/nginx.conf with this test's ports and paths on its marked lines. */
function nginxConfig(): string {
  const text = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const ports = [...INSTANCE_PORTS];
  const config = text
    .split('\n')
    .map((line) => {
      const marker = /#\s*test: (\w+)/.exec(line)?.[1];
      const indent = /^\s*/.exec(line)?.[0] ?? '';
      if (marker === 'pid') return `${indent}pid ${dir}/nginx.pid;`;
      if (marker === 'error_log') return `${indent}error_log ${dir}/nginx-error.log warn;`;
      if (marker === 'cache')
        return `${indent}proxy_cache_path ${dir}/cache levels=1:2 keys_zone=pages:10m max_size=64m inactive=10m use_temp_path=off;`;
      if (marker === 'instance') return `${indent}server 127.0.0.1:${ports.shift()} max_fails=3 fail_timeout=5s;`;
      if (marker === 'listen') return `${indent}listen 127.0.0.1:${BASE_PORT};`;
      return line;
    })
    .join('\n');
  if (ports.length > 0) throw new Error('deploy/nginx.conf lists fewer instances than the test starts');
  // Its temporary files in the test's folder (the packaged defaults belong to the system's nginx).
  return config.replace(
    /^http \{$/m,
    `http {\n  client_body_temp_path ${dir}/tmp/body;\n  proxy_temp_path ${dir}/tmp/proxy;\n  fastcgi_temp_path ${dir}/tmp/fastcgi;\n  uwsgi_temp_path ${dir}/tmp/uwsgi;\n  scgi_temp_path ${dir}/tmp/scgi;`,
  );
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
  if (!NGINX || !redisUp) return;
  dir = mkdtempSync(path.join(tmpdir(), 'scale-'));
  // nginx's workers run as an unprivileged user: they read and write the cache and temp folders.
  chmodSync(dir, 0o755);
  for (const sub of ['cache', 'tmp']) {
    mkdirSync(path.join(dir, sub));
    chmodSync(path.join(dir, sub), 0o777);
  }
  // The first instance creates the database; the second starts on it (and finds its content up to date).
  await startInstance(INSTANCE_PORTS[0]);
  await startInstance(INSTANCE_PORTS[1]);
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig());
  const check = spawnSync(NGINX, ['-t', '-c', conf, '-p', dir], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused deploy/nginx.conf:\n${check.stderr}`);
  nginx = spawn(NGINX, ['-c', conf, '-p', dir, '-g', 'daemon off;'], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  while (
    !(await fetch(`${PROXY}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline)
      throw new Error(`nginx did not answer on ${PROXY}: ${readFileSync(path.join(dir, 'nginx-error.log'), 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

test.afterAll(async () => {
  nginx?.kill('SIGQUIT');
  await Promise.all([...instances.keys()].map((port) => stopInstance(port, 'SIGTERM')));
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
    if (i === 20) void stopInstance(INSTANCE_PORTS[0], 'SIGKILL');
    const response = await submit(`192.0.2.${i + 1}`).catch(() => undefined);
    return response?.status === 201 ? ((await response.json()) as { data: { id: number } }).data.id : undefined;
  });
  const acknowledged = (await Promise.all(burst)).filter((id): id is number => id !== undefined);
  expect(acknowledged.length).toBeGreaterThan(30);
  const stored = new Set(
    database((db) => db.prepare('SELECT id FROM form_submissions WHERE id > ?').all(before) as Array<{ id: number }>).map((row) => row.id),
  );
  for (const id of acknowledged) expect(stored.has(id), `submission ${id} was acknowledged`).toBe(true);
  await startInstance(INSTANCE_PORTS[0]);
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
    await stopInstance(port, 'SIGTERM');
    await startInstance(port);
  }
  running = false;
  await load;
  expect(failures).toEqual([]);
  expect(answered).toBeGreaterThan(100);
});
