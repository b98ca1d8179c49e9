import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { deployMetricNames } from '../deploy/dashboard-metrics';
import { buyInSandbox, keyActivation, startServer, submission, tempDir, VALID_SUBMISSIONS } from './helpers';
import { multipartBody } from './files';

/**
 * GET /metrics on the metrics port: Prometheus' text format, counters that move by exactly what
 * happened, nothing on the site's port, and an id on every request that the logs and a 5xx share.
 */

const PROMTOOL = '/usr/bin/promtool';

/** Plan 1 × 2: two keys once paid. */
const LINE = { shop_plan_id: 1, quantity: 2, discount: 0, amount: 1678.88, name: 'Individual', description: '', member: 0, promo_id: null };

let app: FastifyInstance;
let cleanup: () => Promise<void>;
const lines: string[] = [];

// A site without a server bundle: every page path gets its index.html (the client renders it).
const staticDir = tempDir('telmed-metrics-');
writeFileSync(
  join(staticDir, 'index.html'),
  '<!doctype html><html lang="en"><head><title>Site</title></head><body><div id="root"></div></body></html>',
);

beforeAll(async () => {
  // Behind nginx on this machine (inject's address is 127.0.0.1): its request ids are taken.
  const server = await startServer({
    staticDir,
    metricsPort: 0,
    trustProxy: '127.0.0.1',
    logger: 'info',
    logStream: { write: (line) => void lines.push(line) },
  });
  ({ app, cleanup } = server);
  // A route that fails as a bug would: the answer and the log must carry the request's id.
  app.get('/api/v1/test-failure', async () => {
    throw new Error('a bug');
  });
  await app.ready();
});
afterAll(async () => {
  await cleanup();
  rmSync(staticDir, { recursive: true, force: true });
});

async function scrape(): Promise<string> {
  const address = app.metricsAddress();
  if (!address) throw new Error('metrics are not served');
  const response = await fetch(`http://127.0.0.1:${address.port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of one series (`name{a="b",...}` with exactly these labels), 0 when absent. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '')
      .split(/,(?=\w+=")/)
      .filter(Boolean)
      .sort()
      .join(',');
    if (have === wanted) return Number(match[3]);
  }
  return 0;
}

describe('GET /metrics', () => {
  it('counts a sandbox purchase, a contact form and a refused activation by exactly those amounts', async () => {
    const before = await scrape();

    await buyInSandbox(app, [LINE]);
    const contact = await app.inject({
      method: 'POST',
      url: '/api/v1/form-emails/contact-us',
      payload: submission('contact-us', VALID_SUBMISSIONS['contact-us']),
    });
    expect(contact.statusCode).toBe(201);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/key-assignments',
      payload: keyActivation({ accessKey: 'BD-2222-3333-4444', activationCode: '00000000' }),
    });
    expect(refused.statusCode).toBe(404);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('telmed_orders_created_total', { shop: 'standard' })).toBe(1);
    expect(moved('telmed_orders_paid_total')).toBe(1);
    expect(moved('telmed_keys_issued_total')).toBe(2);
    expect(moved('telmed_form_submissions_total', { form: 'contact-us' })).toBe(1);
    expect(moved('telmed_key_activations_total', { result: 'refused' })).toBe(1);
    expect(moved('telmed_key_activations_total', { result: 'succeeded' })).toBe(0);
    expect(moved('http_requests_total', { route: '/api/v1/form-emails/contact-us', method: 'POST', status: '201' })).toBe(1);
    expect(moved('http_requests_total', { route: '/api/v1/billing-informations', method: 'POST', status: '201' })).toBe(1);
    expect(moved('http_request_duration_seconds_count', { route: '/api/v1/key-assignments', method: 'POST', status: '404' })).toBe(1);
    // No SMTP in this demo server: the key e-mail and the staff e-mail wait in the outbox.
    expect(moved('telmed_outbox_unsent', { kind: 'keys' })).toBe(1);
    expect(moved('telmed_outbox_unsent', { kind: 'form' })).toBe(1);
    expect(valueOf(after, 'telmed_ready')).toBe(1);
    expect(valueOf(after, 'telmed_payment_reviews_open')).toBe(0);
    expect(moved('telmed_db_query_duration_seconds_count')).toBeGreaterThan(5);
    // Node's and the process's own.
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'process_cpu_seconds_total'])
      expect(after).toMatch(new RegExp(`^${name} `, 'm'));
  });

  it('counts the stored uploads against the quota, and the submissions refused for the quota (507) or the budget (429)', async () => {
    const small = await startServer({ metricsPort: 0, uploadQuotaMb: 1, uploadClientDailyMb: 1 });
    try {
      await small.app.ready();
      const read = async () => (await fetch(`http://127.0.0.1:${small.app.metricsAddress()!.port}/metrics`)).text();
      const cv = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(600 * 1024, 0x20)]);
      const apply = async (remoteAddress: string) => {
        const { payload, headers } = await multipartBody({
          key: 'apply-now',
          data: JSON.stringify(VALID_SUBMISSIONS['apply-now']),
          file: { filename: 'cv.pdf', type: 'application/pdf', content: cv },
        });
        return (await small.app.inject({ method: 'POST', url: '/api/v1/form-emails/apply-now', payload, headers, remoteAddress }))
          .statusCode;
      };
      const before = await read();
      expect(valueOf(before, 'telmed_uploads_quota_bytes')).toBe(1024 * 1024);
      expect(valueOf(before, 'telmed_uploads_stored_bytes')).toBe(0);
      expect(await apply('198.51.100.30')).toBe(201);
      // Another client: the quota is full. The first client again: its day's budget is.
      expect(await apply('198.51.100.31')).toBe(507);
      expect(await apply('198.51.100.30')).toBe(429);
      const after = await read();
      expect(valueOf(after, 'telmed_uploads_stored_bytes')).toBe(cv.length);
      expect(valueOf(after, 'telmed_upload_submissions_refused_total', { reason: 'quota' })).toBe(1);
      expect(valueOf(after, 'telmed_upload_submissions_refused_total', { reason: 'budget' })).toBe(1);
      expect(valueOf(after, 'telmed_uploads_total', { result: 'refused' })).toBe(2);
    } finally {
      await small.cleanup();
    }
  });

  it('labels pages by one route, never by their path', async () => {
    const before = await scrape();
    for (const path of ['/about', '/no-such-page-1', '/no-such-page-2']) await app.inject({ url: path, headers: { accept: 'text/html' } });
    const after = await scrape();
    expect(after).not.toContain('no-such-page');
    const pages = (text: string) =>
      ['200', '404'].reduce((sum, status) => sum + valueOf(text, 'http_requests_total', { route: '(page)', method: 'GET', status }), 0);
    expect(pages(after) - pages(before)).toBe(3);
  });

  it.skipIf(!existsSync(PROMTOOL))('is accepted by promtool check metrics', async () => {
    const result = spawnSync(PROMTOOL, ['check', 'metrics'], { input: await scrape(), encoding: 'utf8' });
    expect(result.stderr + result.stdout).toBe('');
    expect(result.status).toBe(0);
  });

  it('has every metric that the alert rules and the dashboard query', async () => {
    // With REDIS_URL set (here to a port where none answers), as in production: telmed_redis_up exists.
    const withRedis = await startServer({ metricsPort: 0, redisUrl: 'redis://127.0.0.1:6390/0' });
    try {
      await withRedis.app.ready();
      // HTTP series exist from their first request.
      await withRedis.app.inject({ url: '/api/v1/health' });
      const text = await (await fetch(`http://127.0.0.1:${withRedis.app.metricsAddress()!.port}/metrics`)).text();
      const scraped = new Set(text.split('\n').map((line) => /^([a-zA-Z_:][\w:]*)[{ ]/.exec(line)?.[1]));
      const queried = deployMetricNames();
      expect(queried.length).toBeGreaterThan(20);
      expect(queried.filter((name) => !scraped.has(name))).toEqual([]);
    } finally {
      await withRedis.cleanup();
    }
  });

  it('is not on the site port', async () => {
    const response = await app.inject({ url: '/metrics', headers: { accept: 'text/plain' } });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('http_requests_total');
  });

  it('answers nothing else on its port', async () => {
    const response = await fetch(`http://127.0.0.1:${app.metricsAddress()!.port}/api/v1/faqs`);
    expect(response.status).toBe(404);
  });
});

describe('request ids', () => {
  it('gives every answer an id, the one nginx (a trusted proxy) sent when it is well formed', async () => {
    const own = await app.inject({ url: '/api/v1/health' });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const fromNginx = await app.inject({ url: '/api/v1/health', headers: { 'x-request-id': '0123456789abcdef0123456789abcdef' } });
    expect(fromNginx.headers['x-request-id']).toBe('0123456789abcdef0123456789abcdef');
    for (const hostile of ['x', 'a'.repeat(65), 'abc def ghi jkl mno', '0123456789abcdef\n{"level":60}']) {
      const response = await app.inject({ url: '/api/v1/health', headers: { 'x-request-id': hostile } });
      expect(response.headers['x-request-id']).not.toBe(hostile);
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('takes an id only from a trusted proxy (TRUST_PROXY): a forged one from anyone else is replaced, in the answer and the log', async () => {
    const logged: string[] = [];
    const proxied = await startServer({ trustProxy: '10.0.0.0/8', logger: 'info', logStream: { write: (line) => void logged.push(line) } });
    const forged = '0123456789abcdef0123456789abcdef';
    const reqIdsOf = (id: string) =>
      logged
        .map((line) => JSON.parse(line) as { reqId?: string; msg: string })
        .filter((line) => line.msg === 'request' && line.reqId === id);
    try {
      for (const client of ['203.0.113.9', '127.0.0.1', '::1', '2001:db8::1']) {
        const response = await proxied.app.inject({ url: '/api/v1/health', remoteAddress: client, headers: { 'x-request-id': forged } });
        const id = response.headers['x-request-id'] as string;
        expect(id, client).toMatch(/^[0-9a-f-]{36}$/);
        expect(reqIdsOf(id), client).toHaveLength(1);
      }
      expect(logged.filter((line) => line.includes(forged))).toEqual([]);
      // From the proxy (10.0.0.0/8, and as an IPv4-mapped IPv6 address): kept, in the answer and the log.
      for (const proxy of ['10.1.2.3', '::ffff:10.9.8.7']) {
        const response = await proxied.app.inject({ url: '/api/v1/health', remoteAddress: proxy, headers: { 'x-request-id': forged } });
        expect(response.headers['x-request-id'], proxy).toBe(forged);
      }
      expect(reqIdsOf(forged)).toHaveLength(2);
      // From the proxy too, an id of another shape is replaced.
      const long = await proxied.app.inject({
        url: '/api/v1/health',
        remoteAddress: '10.1.2.3',
        headers: { 'x-request-id': 'a'.repeat(65) },
      });
      expect(long.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await proxied.cleanup();
    }
    // Without TRUST_PROXY no address is a proxy; with a hop count the connecting peer is one.
    for (const [trustProxy, kept] of [
      [undefined, false],
      [1, true],
    ] as const) {
      const server = await startServer(trustProxy === undefined ? {} : { trustProxy });
      try {
        const response = await server.app.inject({ url: '/api/v1/health', headers: { 'x-request-id': forged } });
        expect(response.headers['x-request-id'] === forged, String(trustProxy)).toBe(kept);
      } finally {
        await server.cleanup();
      }
    }
  });

  it('puts the id in a 5xx answer and in every log line of the request', async () => {
    const id = 'fedcba9876543210fedcba9876543210';
    const response = await app.inject({ url: '/api/v1/test-failure', headers: { 'x-request-id': id } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal server error', requestId: id });
    const logged = lines.filter((line) => line.includes(id)).map((line) => JSON.parse(line) as { reqId: string; msg: string });
    expect(logged.length).toBeGreaterThanOrEqual(2);
    expect(logged.every((line) => line.reqId === id)).toBe(true);
    expect(logged.map((line) => line.msg)).toEqual(expect.arrayContaining(['a bug', 'request']));
  });
});
