import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../scripts/lib/generate/run';
import { buildServer, TIMEOUTS } from '../../server/app';
import type { RawBuilder } from 'kysely';
import { one, openSqliteFile, sql } from '../../server/db';
import { loggedPath } from '../../server/request-log';
import { DEMO } from '../../server/seed';
import { readSettings, SettingsError } from '../../server/settings';
import { BILLING_FORM, PRODUCTION_SETTINGS, startServer, submission, tempDir, VALID_SUBMISSIONS } from './helpers';

const ROOT = resolve(__dirname, '../..');

/** Every route that exists only in demo mode. */
const DEMO_ROUTES: Array<{ method: 'GET' | 'POST'; url: string }> = [
  { method: 'GET', url: '/api/dev/outbox' },
  { method: 'GET', url: '/api/dev/form-submissions' },
  { method: 'GET', url: '/dev/outbox' },
  { method: 'GET', url: '/sandbox-pay/checkout/some-token' },
  { method: 'POST', url: '/sandbox-pay/checkout/some-token/pay' },
  { method: 'POST', url: '/sandbox-pay/checkout/some-token/cancel' },
  { method: 'POST', url: '/api/v1/sandbox-pay/payment-requests' },
];

describe('settings: demo only when asked, production refuses to start without its settings', () => {
  it('is a production start unless DEMO is set, and lists every missing setting at once', () => {
    let error: unknown;
    try {
      readSettings({ NODE_ENV: 'development' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SettingsError);
    const problems = (error as SettingsError).problems.join('\n');
    expect(problems).toMatch(/PUBLIC_URL is required/);
    expect(problems).toMatch(/PAYMENT_WEBHOOK_SECRET is required/);
    expect(problems).toMatch(/PAYMENT_PROVIDER_URL is required/);
    expect(problems).toMatch(/SMTP_URL is required/);
    expect(problems).toMatch(/MAIL_FROM is required/);
  });

  it('refuses an SMTP_URL that is no smtp(s) URL, without showing its password, and a malformed MAIL_FROM', () => {
    const complete = {
      PUBLIC_URL: 'https://www.bantaydoc.example',
      PAYMENT_WEBHOOK_SECRET: PRODUCTION_SETTINGS.paymentSecret,
      PAYMENT_PROVIDER_URL: 'https://pay.provider.example/payment-requests',
    };
    let error: unknown;
    try {
      readSettings({ ...complete, SMTP_URL: 'http://mailer:s3cret@smtp.example.com', MAIL_FROM: 'Shop <no reply@example.com>' });
    } catch (e) {
      error = e;
    }
    const problems = (error as SettingsError).problems.join('\n');
    expect(problems).toMatch(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
    expect(problems).not.toContain('s3cret');
    expect(problems).toMatch(/MAIL_FROM must be an address/);
    for (const from of ['a@b.c, d@e.f', 'Shop <a@b.c>\r\nBcc: x@y.z', '<a@b.c>', 'Shop "x" <a@b.c>', 'a@b']) {
      expect(() => readSettings({ ...complete, SMTP_URL: 'smtp://smtp.example.com', MAIL_FROM: from }), from).toThrow(/MAIL_FROM/);
    }
    const settings = readSettings({
      ...complete,
      SMTP_URL: 'smtps://u:p@smtp.example.com:465',
      MAIL_FROM: 'Bantay Doc <no-reply@bantaydoc.example>',
    });
    expect(settings).toMatchObject({ smtpUrl: 'smtps://u:p@smtp.example.com:465', mailFrom: 'Bantay Doc <no-reply@bantaydoc.example>' });
  });

  it('serves metrics only when METRICS_PORT names a port of their own, on 127.0.0.1 unless told', () => {
    const demo = { DEMO: '1', PORT: '8080' };
    expect(readSettings(demo)).toMatchObject({ metricsPort: undefined, metricsHost: '127.0.0.1' });
    expect(readSettings({ ...demo, METRICS_PORT: '9464' })).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(readSettings({ ...demo, METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' })).toMatchObject({ metricsHost: '10.0.0.5' });
    for (const port of ['8080', '0', '70000', 'metrics', '94.64'])
      expect(() => readSettings({ ...demo, METRICS_PORT: port }), port).toThrow(/METRICS_PORT must be a port number other than PORT/);
  });

  it('refuses a public URL over http, with a path, or a short secret in production', () => {
    const env = {
      PUBLIC_URL: 'http://shop.example',
      PAYMENT_WEBHOOK_SECRET: 'short',
      PAYMENT_PROVIDER_URL: 'https://pay.example/requests',
    };
    expect(() => readSettings(env)).toThrow(/PUBLIC_URL must use https in production[\s\S]*PAYMENT_WEBHOOK_SECRET/);
    expect(() =>
      readSettings({ ...env, PUBLIC_URL: 'https://shop.example/path', PAYMENT_WEBHOOK_SECRET: PRODUCTION_SETTINGS.paymentSecret }),
    ).toThrow(/origin only/);
  });

  it('accepts a complete production configuration, with trusted proxies', () => {
    const settings = readSettings({
      PUBLIC_URL: 'https://www.bantaydoc.example',
      PAYMENT_WEBHOOK_SECRET: PRODUCTION_SETTINGS.paymentSecret,
      PAYMENT_PROVIDER_URL: 'https://pay.provider.example/payment-requests',
      TRUST_PROXY: '10.0.0.0/8,127.0.0.1',
      SMTP_URL: 'smtp://smtp.example.com:587',
      MAIL_FROM: 'no-reply@bantaydoc.example',
    });
    expect(settings).toMatchObject({
      demo: false,
      publicUrl: 'https://www.bantaydoc.example',
      trustProxy: '10.0.0.0/8,127.0.0.1',
      logLevel: 'warn',
    });
  });

  it('in demo mode (DEMO=1) fills in local defaults: the sandbox provider on the local origin', () => {
    const settings = readSettings({ DEMO: '1', PORT: '8123' });
    expect(settings).toMatchObject({
      demo: true,
      publicUrl: 'http://127.0.0.1:8123',
      paymentProviderUrl: 'http://127.0.0.1:8123/api/v1/sandbox-pay/payment-requests',
    });
    expect(settings.paymentSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('limits page renders to 300 a minute per client unless PAGE_RENDER_LIMIT says otherwise (0: no limit)', () => {
    expect(readSettings({ DEMO: '1' }).pageRenderLimit).toBe(300);
    expect(readSettings({ DEMO: '1', PAGE_RENDER_LIMIT: '0' }).pageRenderLimit).toBe(0);
    expect(readSettings({ DEMO: '1', PAGE_RENDER_LIMIT: '600' }).pageRenderLimit).toBe(600);
    for (const bad of ['-1', 'many', '1.5'])
      expect(() => readSettings({ DEMO: '1', PAGE_RENDER_LIMIT: bad }), bad).toThrow(/PAGE_RENDER_LIMIT must be a whole number/);
  });

  it('renders at most 2 pages at once on the whole server unless RENDER_CONCURRENCY says otherwise (0: no limit)', () => {
    expect(readSettings({ DEMO: '1' }).renderConcurrency).toBe(2);
    expect(readSettings({ DEMO: '1', RENDER_CONCURRENCY: '0' }).renderConcurrency).toBe(0);
    expect(readSettings({ DEMO: '1', RENDER_CONCURRENCY: '8' }).renderConcurrency).toBe(8);
    for (const bad of ['-1', 'two', '1.5', '1001'])
      expect(() => readSettings({ DEMO: '1', RENDER_CONCURRENCY: bad }), bad).toThrow(/RENDER_CONCURRENCY must be a whole number/);
  });

  /** A production environment that passes, to change one setting of. */
  const PRODUCTION_ENV = {
    PUBLIC_URL: 'https://www.bantaydoc.example',
    PAYMENT_WEBHOOK_SECRET: PRODUCTION_SETTINGS.paymentSecret,
    PAYMENT_PROVIDER_URL: 'https://pay.provider.example/payment-requests',
    SMTP_URL: 'smtp://smtp.example.com:587',
    MAIL_FROM: 'no-reply@bantaydoc.example',
  };
  const problemsOf = (env: Record<string, string>): string => {
    try {
      readSettings(env);
    } catch (error) {
      if (error instanceof SettingsError) return error.problems.join('\n');
      throw error;
    }
    return '';
  };

  it('refuses TRUST_PROXY=true (and a range of every address), in production and in demo mode, and says what to set', () => {
    for (const value of ['true', 'TRUE', 'yes', 'on', '0.0.0.0/0', '10.0.0.1,::/0']) {
      expect(problemsOf({ ...PRODUCTION_ENV, TRUST_PROXY: value }), value).toMatch(
        /TRUST_PROXY=.* would let any client choose its own IP .*list the addresses of your reverse proxies .* or give how many proxies/,
      );
      expect(problemsOf({ DEMO: '1', TRUST_PROXY: value }), value).toMatch(/TRUST_PROXY=/);
    }
    for (const value of ['1', '2', '127.0.0.1', '10.0.0.0/8,127.0.0.1', '::1', 'false', '']) {
      expect(problemsOf({ ...PRODUCTION_ENV, TRUST_PROXY: value }), value).toBe('');
    }
  });

  it('reads PROMO_CHECK_LIMIT as a whole number of checks an hour, 1000 by default', () => {
    expect(readSettings({ ...PRODUCTION_ENV }).promoCheckLimit).toBe(1000);
    expect(readSettings({ ...PRODUCTION_ENV, PROMO_CHECK_LIMIT: '250' }).promoCheckLimit).toBe(250);
    for (const value of ['0', '-5', '1.5', 'lots', '']) {
      expect(problemsOf({ ...PRODUCTION_ENV, PROMO_CHECK_LIMIT: value }), value).toMatch(
        /^PROMO_CHECK_LIMIT must be a whole number of checks an hour from 1 to 1000000/,
      );
    }
  });

  it('refuses a TRUST_PROXY entry that is neither an address nor a CIDR range, naming it', () => {
    for (const [value, entry] of [
      ['10.0.0', '10.0.0'],
      ['127.0.0.1,10.0.0.0/33', '10.0.0.0/33'],
      ['::1, 1:2:3', '1:2:3'],
    ]) {
      expect(problemsOf({ ...PRODUCTION_ENV, TRUST_PROXY: value }), value).toMatch(
        new RegExp(`^TRUST_PROXY lists '${entry}', neither an address nor a CIDR range`),
      );
    }
    for (const value of ['::ffff:10.0.0.0/104', '2001:db8::/32, 192.168.0.0/16']) {
      expect(problemsOf({ ...PRODUCTION_ENV, TRUST_PROXY: value }), value).toBe('');
    }
  });

  it('refuses a PAYMENT_PROVIDER_URL with credentials, which every buyer would receive, without showing them; or with a fragment', () => {
    for (const url of [
      'https://shop:s3cret@pay.provider.example/payment-requests',
      'https://s3cret@pay.provider.example/payment-requests',
    ]) {
      const problems = problemsOf({ ...PRODUCTION_ENV, PAYMENT_PROVIDER_URL: url });
      expect(problems, url).toMatch(
        /PAYMENT_PROVIDER_URL must not contain a user name or password: it is sent to every buyer as post_redirect/,
      );
      expect(problems).not.toContain('s3cret');
    }
    expect(problemsOf({ DEMO: '1', PAYMENT_PROVIDER_URL: 'http://u:p@127.0.0.1:8080/pay' })).toMatch(/user name or password/);
    expect(problemsOf({ ...PRODUCTION_ENV, PAYMENT_PROVIDER_URL: 'https://pay.provider.example/payment-requests#x' })).toMatch(
      /PAYMENT_PROVIDER_URL must not have a #fragment/,
    );
    expect(problemsOf({ ...PRODUCTION_ENV, PAYMENT_PROVIDER_URL: 'https://pay.provider.example/requests?merchant=7' })).toBe('');
  });

  it('refuses a PAYMENT_WEBHOOK_SECRET with white space or without variety, whatever its length', () => {
    for (const secret of [
      ' '.repeat(32),
      ' '.repeat(64),
      `${PRODUCTION_SETTINGS.paymentSecret}\n`,
      'abcd efgh ijkl mnop qrst uvwx yz01 2345',
    ]) {
      expect(problemsOf({ ...PRODUCTION_ENV, PAYMENT_WEBHOOK_SECRET: secret }), JSON.stringify(secret)).toMatch(
        /PAYMENT_WEBHOOK_SECRET must not contain spaces or line breaks/,
      );
    }
    for (const secret of ['x'.repeat(40), '0'.repeat(64), 'ab'.repeat(32), 'short-but-varied']) {
      expect(problemsOf({ ...PRODUCTION_ENV, PAYMENT_WEBHOOK_SECRET: secret }), secret).toMatch(
        /PAYMENT_WEBHOOK_SECRET must be at least 32 characters with at least 8 different ones/,
      );
    }
    // The README's placeholder, pasted as it is, is refused too.
    expect(problemsOf({ ...PRODUCTION_ENV, PAYMENT_WEBHOOK_SECRET: '<at least 32 characters shared with the payment provider>' })).toMatch(
      /PAYMENT_WEBHOOK_SECRET/,
    );
    expect(problemsOf({ ...PRODUCTION_ENV, PAYMENT_WEBHOOK_SECRET: randomBytes(32).toString('hex') })).toBe('');
    expect(problemsOf({ ...PRODUCTION_ENV, PAYMENT_WEBHOOK_SECRET: randomBytes(32).toString('base64') })).toBe('');
  });

  it('reads UPLOAD_QUOTA_MB (default 1024) and UPLOAD_RETENTION_DAYS (default 365) as whole numbers', () => {
    expect(readSettings(PRODUCTION_ENV)).toMatchObject({ uploadQuotaMb: 1024, uploadRetentionDays: 365 });
    expect(readSettings({ ...PRODUCTION_ENV, UPLOAD_QUOTA_MB: '50', UPLOAD_RETENTION_DAYS: '30' })).toMatchObject({
      uploadQuotaMb: 50,
      uploadRetentionDays: 30,
    });
    for (const bad of ['0', '-1', '1.5', 'lots']) {
      const problems = problemsOf({ ...PRODUCTION_ENV, UPLOAD_QUOTA_MB: bad, UPLOAD_RETENTION_DAYS: bad });
      expect(problems, bad).toMatch(/UPLOAD_QUOTA_MB must be a whole number of MB from 1/);
      expect(problems, bad).toMatch(/UPLOAD_RETENTION_DAYS must be a whole number of days from 1/);
    }
  });

  it('reads SUBMISSION_ALERT_HOURS (default 24) as whole hours from 1 to 8760', () => {
    expect(readSettings(PRODUCTION_ENV)).toMatchObject({ submissionAlertHours: 24 });
    expect(readSettings({ ...PRODUCTION_ENV, SUBMISSION_ALERT_HOURS: '8' })).toMatchObject({ submissionAlertHours: 8 });
    for (const bad of ['0', '-1', '1.5', '8761', 'soon'])
      expect(problemsOf({ ...PRODUCTION_ENV, SUBMISSION_ALERT_HOURS: bad }), bad).toMatch(
        /SUBMISSION_ALERT_HOURS must be a whole number of hours from 1/,
      );
  });

  it('reads FORM_RATE_LIMIT (10), FORM_FILE_RATE_LIMIT (3) and UPLOAD_CLIENT_DAILY_MB (50; 0: no budget), refusing other values', () => {
    expect(readSettings(PRODUCTION_ENV)).toMatchObject({ formRateLimit: 10, formFileRateLimit: 3, uploadClientDailyMb: 50 });
    expect(
      readSettings({ ...PRODUCTION_ENV, FORM_RATE_LIMIT: '1000', FORM_FILE_RATE_LIMIT: '5', UPLOAD_CLIENT_DAILY_MB: '0' }),
    ).toMatchObject({ formRateLimit: 1000, formFileRateLimit: 5, uploadClientDailyMb: 0 });
    for (const bad of ['0', '-1', '1.5', 'many', '']) {
      const problems = problemsOf({ ...PRODUCTION_ENV, FORM_RATE_LIMIT: bad, FORM_FILE_RATE_LIMIT: bad });
      expect(problems, bad).toMatch(/FORM_RATE_LIMIT must be a whole number of submissions a minute from 1/);
      expect(problems, bad).toMatch(/FORM_FILE_RATE_LIMIT must be a whole number of submissions a minute from 1/);
    }
    for (const bad of ['-1', '1.5', 'lots'])
      expect(problemsOf({ ...PRODUCTION_ENV, UPLOAD_CLIENT_DAILY_MB: bad }), bad).toMatch(
        /UPLOAD_CLIENT_DAILY_MB must be a whole number of MB from 0/,
      );
  });

  it('buildServer refuses the same: trustProxy true, a provider URL with credentials or a fragment, a weak secret', async () => {
    const dataDir = tempDir();
    try {
      for (const demo of [false, true]) {
        const production = demo ? {} : PRODUCTION_SETTINGS;
        await expect(buildServer({ ...production, demo, dataDir, trustProxy: true }), `demo ${demo}`).rejects.toThrow(
          /trustProxy=true would let any client choose its own IP/,
        );
        await expect(
          buildServer({ ...production, demo, dataDir, paymentProviderUrl: 'https://shop:s3cret@pay.provider.example/requests' }),
        ).rejects.toThrow(/paymentProviderUrl must not contain a user name or password/);
        await expect(
          buildServer({ ...production, demo, dataDir, paymentProviderUrl: 'https://pay.provider.example/requests#top' }),
        ).rejects.toThrow(/paymentProviderUrl must not have a #fragment/);
        await expect(buildServer({ ...production, demo, dataDir, paymentSecret: ' '.repeat(32) })).rejects.toThrow(
          /paymentSecret must not contain spaces/,
        );
        await expect(buildServer({ ...production, demo, dataDir, paymentSecret: 'x'.repeat(40) })).rejects.toThrow(
          /paymentSecret must be at least 32 characters with at least 8 different ones/,
        );
        await expect(buildServer({ ...production, demo, dataDir, uploadQuotaMb: 0, uploadRetentionDays: -1 })).rejects.toThrow(
          /uploadQuotaMb must be a positive number[\s\S]*uploadRetentionDays must be a positive number/,
        );
      }
      await expect(
        buildServer({ ...PRODUCTION_SETTINGS, demo: false, dataDir, paymentProviderUrl: 'http://pay.provider.example/r' }),
      ).rejects.toThrow(/paymentProviderUrl must be an absolute https URL/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('buildServer refuses to build a production server without them', async () => {
    const dataDir = tempDir();
    try {
      await expect(buildServer({ demo: false, dataDir })).rejects.toThrow(
        /publicUrl is required[\s\S]*paymentSecret[\s\S]*paymentProviderUrl/,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a production server', () => {
  let app: FastifyInstance;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    await generate(ROOT);
    ({ app, cleanup } = await startServer({ demo: false }));
  });
  afterAll(async () => cleanup());

  it('answers 404 on every demo route', async () => {
    for (const route of DEMO_ROUTES) {
      const response = await app.inject({
        ...route,
        headers: { 'content-type': 'application/json' },
        payload: route.method === 'POST' ? '{}' : undefined,
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
  });

  it('has no demo data: no demo partners, codes, promotions or keys', async () => {
    const count = async (query: RawBuilder<unknown>) => (await one<{ n: number }>(app.ctx.db.query, query))!.n;
    expect(
      await count(
        sql`SELECT CAST(count(*) AS INTEGER) AS n FROM content WHERE resource IN ('promos', 'promotion-codes', 'promotions', 'merchants', 'resellers')`,
      ),
    ).toBe(0);
    expect(await count(sql`SELECT CAST(count(*) AS INTEGER) AS n FROM access_keys`)).toBe(0);
    expect(await count(sql`SELECT CAST(count(*) AS INTEGER) AS n FROM orders`)).toBe(0);
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/promos/check/code', payload: { code: DEMO.promoCodes.valid } })).statusCode,
    ).toBe(404);
    expect((await app.inject(`/api/v1/promotions/show/${DEMO.promotion.slug}`)).statusCode).toBe(404);
    expect((await app.inject(`/api/v1/resellers/slug/${DEMO.reseller.slug}`)).statusCode).toBe(404);
    // The site's own content is there.
    expect((await app.inject('/api/v1/shop-plans')).json().data.length).toBeGreaterThan(0);
  });

  it('bounds slow clients and writes durably', () => {
    const server = app.server as import('node:http').Server;
    expect(server.requestTimeout).toBe(TIMEOUTS.request);
    expect(server.headersTimeout).toBe(TIMEOUTS.headers);
    expect(server.keepAliveTimeout).toBe(TIMEOUTS.keepAlive);
    // synchronous=FULL (2): a committed order, payment or key survives a power cut (SQLite; PostgreSQL commits durably by default).
    if (app.ctx.db.sqlite) expect(app.ctx.db.sqlite.pragma('synchronous', { simple: true })).toBe(2);
    // Only a scratch file (a preview's copy of the content, thrown away) skips the disk's sync: OFF (0).
    const scratchDir = tempDir();
    const scratch = openSqliteFile(scratchDir, { scratch: true });
    expect(scratch.pragma('synchronous', { simple: true })).toBe(0);
    scratch.close();
    rmSync(scratchDir, { recursive: true, force: true });
  });

  it('logs no tokens, codes or query strings', () => {
    expect(loggedPath('/sandbox-pay/checkout/SECRET-TOKEN')).toBe('/sandbox-pay/checkout/:token');
    expect(loggedPath('/sandbox-pay/checkout/SECRET-TOKEN/pay')).toBe('/sandbox-pay/checkout/:token/pay');
    expect(loggedPath('/shop/payment?status=paid&order=4&code=WELCOME10')).toBe('/shop/payment');
  });

  it('sends buyers to the configured provider and says HSTS', async () => {
    const line = {
      shop_plan_id: 1,
      quantity: 1,
      discount: 0,
      amount: 1678.88,
      name: 'Individual',
      description: '',
      member: 0,
      promo_id: null,
    };
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/billing-informations',
      headers: { host: 'evil.example' },
      payload: { ...BILLING_FORM, products: [line] },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().sandboxpay.post_redirect).toBe(PRODUCTION_SETTINGS.paymentProviderUrl);
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('trusted proxies', () => {
  it("stores and limits by the client's address only behind a trusted proxy", async () => {
    const direct = await startServer();
    const proxied = await startServer({ trustProxy: '127.0.0.1' });
    const ipOf = async (app: FastifyInstance) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/form-emails/contact-us',
        headers: { 'x-forwarded-for': '203.0.113.7' },
        payload: submission('contact-us', VALID_SUBMISSIONS['contact-us']),
      });
      expect(response.statusCode).toBe(201);
      const id = response.json().data.id as number;
      return (await one<{ ip: string }>(app.ctx.db.query, sql`SELECT ip FROM form_submissions WHERE id = ${id}`))!.ip;
    };
    try {
      expect(await ipOf(direct.app)).toBe('127.0.0.1');
      expect(await ipOf(proxied.app)).toBe('203.0.113.7');
    } finally {
      await direct.cleanup();
      await proxied.cleanup();
    }
  });

  it('counts the rate limit per client behind the proxy, not for the proxy as a whole', async () => {
    const proxied = await startServer({ trustProxy: '127.0.0.1', formRateLimit: 2 });
    const post = (client: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/v1/form-emails/contact-us',
        headers: { 'x-forwarded-for': client },
        payload: submission('contact-us', VALID_SUBMISSIONS['contact-us']),
      });
    try {
      expect((await post('203.0.113.7')).statusCode).toBe(201);
      expect((await post('203.0.113.7')).statusCode).toBe(201);
      expect((await post('203.0.113.7')).statusCode).toBe(429);
      expect((await post('198.51.100.9')).statusCode).toBe(201);
    } finally {
      await proxied.cleanup();
    }
  });
});

/** A free port on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs `npx tsx server/main.ts` with `env`; resolves with its output once it listens or exits. */
function startProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, [resolve(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const ready = new Promise<{ code: number | null; output: string }>((done) => {
    child.stdout.on('data', () => output.includes('Listening on') && done({ code: null, output }));
    child.once('exit', (code) => done({ code, output }));
  });
  return { child, ready };
}

describe('the production start (server/main.ts)', () => {
  it('refuses to start without PUBLIC_URL, PAYMENT_WEBHOOK_SECRET, PAYMENT_PROVIDER_URL, SMTP_URL and MAIL_FROM', async () => {
    const dataDir = tempDir();
    try {
      const { ready } = startProcess({ DATA_DIR: dataDir, PORT: String(await freePort()), NODE_ENV: 'development' });
      const { code, output } = await ready;
      expect(code).toBe(1);
      expect(output).toMatch(/PUBLIC_URL is required/);
      expect(output).toMatch(/PAYMENT_WEBHOOK_SECRET is required/);
      expect(output).toMatch(/PAYMENT_PROVIDER_URL is required/);
      expect(output).toMatch(/SMTP_URL is required/);
      expect(output).toMatch(/MAIL_FROM is required/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  it('refuses to start with an invalid FORM_RATE_LIMIT, which is never taken for the default', async () => {
    const dataDir = tempDir();
    try {
      const { ready } = startProcess({ DEMO: '1', FORM_RATE_LIMIT: 'many', DATA_DIR: dataDir, PORT: String(await freePort()) });
      const { code, output } = await ready;
      expect(code).toBe(1);
      expect(output).toMatch(/FORM_RATE_LIMIT must be a whole number of submissions a minute from 1 to 1000000000 \(got 'many'\)/);
      expect(output).not.toContain('Listening on');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  it('starts with them, without any demo route, and shuts down gracefully on SIGTERM', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const { child, ready } = startProcess({
      DATA_DIR: dataDir,
      PORT: String(port),
      STATIC_DIR: tempDir('telmed-nostatic-'),
      PUBLIC_URL: PRODUCTION_SETTINGS.publicUrl,
      PAYMENT_WEBHOOK_SECRET: PRODUCTION_SETTINGS.paymentSecret,
      PAYMENT_PROVIDER_URL: PRODUCTION_SETTINGS.paymentProviderUrl,
      SMTP_URL: PRODUCTION_SETTINGS.smtpUrl,
      MAIL_FROM: PRODUCTION_SETTINGS.mailFrom,
    });
    try {
      const { output } = await ready;
      expect(output).toContain('Listening on');
      expect(output).not.toContain('demo mode');
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/api/v1/health`)).status).toBe(200);
      for (const route of DEMO_ROUTES) expect((await fetch(base + route.url, { method: route.method })).status, route.url).toBe(404);
      const exited = new Promise<number | null>((done) => child.once('exit', done));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
