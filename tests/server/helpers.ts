import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { InjectOptions } from 'light-my-request';
import pg from 'pg';
import { afterAll, beforeAll, vi } from 'vitest';
import { generate } from '../../scripts/lib/generate/run';
import { buildServer } from '../../server/app';
import type { BuildOptions } from '../../server/build-options';
import { all, sql, type Db } from '../../server/db';
import { DEMO } from '../../server/seed';
import { NOTIFICATIONS_PATH } from '../../server/shop/provider';
import { SIGNATURE_HEADER, signatureHeader } from '../../server/shop/signature';
import { OrderStore } from '../../server/shop/store';
import { BILLING_FORM, STANDARD_LINE } from './requests';

export { BILLING_FORM, keyActivation, STANDARD_LINE, submission, VALID_SUBMISSIONS } from './requests';

const ROOT = resolve(__dirname, '../..');

export const PRODUCT = { name: 'Bantay Doc', short: 'bantaydoc' };

export function tempDir(prefix = 'telmed-server-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** What a production server needs (demo off): a public URL, the payment secret, the provider's URL and the mail settings. */
export const PRODUCTION_SETTINGS = {
  publicUrl: 'https://www.bantaydoc.example',
  paymentSecret: 'test-secret-test-secret-test-secret-0123',
  paymentProviderUrl: 'https://pay.provider.example/payment-requests',
  // Nothing listens there: e-mails of these servers stay in the outbox (mail-delivery.test.ts sends for real).
  smtpUrl: 'smtp://127.0.0.1:9',
  mailFrom: 'Bantay Doc <no-reply@bantaydoc.example>',
} as const;

/**
 * The PostgreSQL database the server suite runs against (TEST_DATABASE_URL, set by
 * scripts/test-postgres.ts); without it the suite runs on SQLite files.
 */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const ON_POSTGRES = TEST_DATABASE_URL !== undefined;

/** Runs statements on the test database (as its owner, outside any test schema). */
async function onTestDatabase(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * With PostgreSQL, each data dir of a test has a schema of its own in the test database, named after
 * the directory: a server started again on the same data dir finds its data, as it does on SQLite.
 * Returns the URL whose connections use that schema.
 */
export async function databaseUrlFor(dataDir: string): Promise<string | undefined> {
  if (!ON_POSTGRES) return undefined;
  const schema = schemaOf(dataDir);
  // Two `CREATE SCHEMA IF NOT EXISTS` racing can both pass the check and one then fails on the
  // catalog's unique index; the advisory lock makes servers starting together on one dir wait.
  await onTestDatabase(`BEGIN; SELECT pg_advisory_xact_lock(hashtext('test-schema')); CREATE SCHEMA IF NOT EXISTS ${schema}; COMMIT`);
  const url = new URL(TEST_DATABASE_URL!);
  url.search = `?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return url.href;
}

const schemaOf = (dataDir: string) => `t_${createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16)}`;

/** Drops the schema of a data dir (PostgreSQL); nothing on SQLite. */
export async function dropDatabaseOf(dataDir: string): Promise<void> {
  if (ON_POSTGRES) await onTestDatabase(`DROP SCHEMA IF EXISTS ${schemaOf(dataDir)} CASCADE`);
}

/** A server on a fresh temp data dir; `cleanup` closes it and removes the directories it created. */
export async function startServer(options: Partial<BuildOptions> = {}) {
  const dataDir = options.dataDir ?? tempDir();
  const production = options.demo === false ? PRODUCTION_SETTINGS : {};
  const databaseUrl = options.databaseUrl ?? (await databaseUrlFor(dataDir));
  const app = await buildServer({ demo: true, product: PRODUCT, ...production, ...options, dataDir, databaseUrl });
  return {
    app,
    dataDir,
    async cleanup() {
      await app.close();
      if (!options.dataDir) {
        rmSync(dataDir, { recursive: true, force: true });
        await dropDatabaseOf(dataDir);
      }
    },
  };
}

export async function getJson(app: FastifyInstance, url: string) {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, headers: response.headers, body: response.json() as unknown };
}

export type Items = Array<Record<string, unknown>>;

/**
 * A demo server for a test file's shop tests (schemas generated first, the clock given), with its
 * order store; started before the file's tests and closed after them.
 */
export function useShopServer(now: () => Date): { app: FastifyInstance; store: OrderStore } {
  const shop = {} as { app: FastifyInstance; store: OrderStore };
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    await generate(ROOT);
    const started = await startServer({ now, formRateLimit: 1000 });
    shop.app = started.app;
    shop.store = new OrderStore(started.app.ctx.db);
    cleanup = started.cleanup;
  });
  afterAll(async () => cleanup?.());
  return shop;
}

/**
 * A server clock that tests move ahead: `later(minutes, run)` runs `run` that many minutes and a
 * second later, on this clock and on `Date` (rate-limiter-flexible reads `Date.now()` in this process;
 * a Redis count keeps Redis's own time).
 */
export function movableClock(start: Date) {
  let now = start;
  return {
    now: () => now,
    async later<T>(minutes: number, run: () => Promise<T>): Promise<T> {
      const ms = minutes * 60_000 + 1000;
      now = new Date(start.getTime() + ms);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
      try {
        return await run();
      } finally {
        vi.useRealTimers();
        now = start;
      }
    },
  };
}

// Hostile input: the requests and checks shared by the hostile-input, hostile-property, redos and
// crash-safety tests.

let clients = 0;
/**
 * A new client address per call (198.18.0.0/15, the benchmarking range): behind `trustProxy:
 * '127.0.0.1'` each request then has the per-IP limits to itself, so no 429 hides an answer.
 */
export function nextClientAddress(): string {
  const n = clients++ % 131_072;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

const { zip: _zip, ...billingWithoutZip } = BILLING_FORM;
/** The billing form of the promotion, merchant and reseller checkouts: zip_code for zip. */
export const OWNER_BILLING_FORM: Readonly<Record<string, unknown>> = { ...billingWithoutZip, zip_code: '1000' };

/** A valid body of each billing endpoint (201) and the form file that checks its fields. */
export const VALID_BILLINGS: Readonly<Record<string, { form: string; body: Record<string, unknown> }>> = {
  '/api/v1/billing-informations': { form: 'billing', body: { ...BILLING_FORM, products: [STANDARD_LINE] } },
  // Plan 22 (Family partner offer, up to 4 dependents) unlocked by its code: total 4,254.88.
  '/api/v1/promotion-billing-informations': {
    form: 'billing-promo',
    body: {
      ...OWNER_BILLING_FORM,
      no_dependents: 2,
      reseller_id: DEMO.promotion.id,
      products: [
        {
          shop_plan_id: DEMO.promotion.planId,
          quantity: 1,
          discount: 0,
          amount: 4254.88,
          name: 'Family (partner offer)',
          description: '',
          member: 0,
          promo_code: DEMO.promotion.code,
        },
      ],
    },
  },
  // Plan 11 (merchant price 1,299.00) × 2, the merchant's minimum: billed 1,454.88 a unit.
  '/api/v1/merchant-billing-informations': {
    form: 'billing-merchant',
    body: {
      ...OWNER_BILLING_FORM,
      reseller_id: DEMO.merchant.id,
      products: [
        { shop_plan_id: 11, quantity: 2, discount: 0, amount: 1454.88, name: 'Individual (merchant price)', description: '', member: 0 },
      ],
    },
  },
  // Reseller plan 31 (Member, 1,199.00): 1,342.88.
  '/api/v1/reseller-billing-informations': {
    form: 'billing-reseller',
    body: {
      ...OWNER_BILLING_FORM,
      reseller_id: DEMO.reseller.id,
      products: [{ name: 'Member', shop_plan_id: 31, quantity: 1, promo_id: null, discount: 0, amount: 1342.88 }],
    },
  },
};

/** A payment notification as the provider sends it: the raw bytes, signed with the server's secret at the server's clock. */
export function signedNotification(app: FastifyInstance, raw: string | Buffer, headers: Record<string, string> = {}): InjectOptions {
  const seconds = Math.floor(app.ctx.now().getTime() / 1000);
  const signature = signatureHeader(Buffer.isBuffer(raw) ? raw.toString('utf8') : raw, app.ctx.paymentSecret, seconds);
  return {
    method: 'POST',
    url: NOTIFICATIONS_PATH,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature, ...headers },
    payload: raw,
  };
}

/**
 * The key pairs of a paid order as its buyer gets them: read from the key e-mail in the outbox (the
 * database keeps only each activation code's hash).
 */
export async function mailedKeys(db: Db, orderId: number): Promise<Array<{ access_key: string; activation_code: string }>> {
  const rows = await all<{ body: string }>(
    db.query,
    sql`SELECT body FROM outbox WHERE order_id = ${orderId} AND kind = 'keys' ORDER BY id`,
  );
  return rows.flatMap(({ body }) =>
    [...body.matchAll(/Access key: (\S+)\s+Activation code: (\S+)/g)].map((m) => ({ access_key: m[1], activation_code: m[2] })),
  );
}

/**
 * A purchase in the sandbox, as a buyer makes it: the billing form with `products` (201), then Pay on
 * the sandbox's checkout (303), which notifies the shop and issues the keys. Returns the order's id.
 */
export async function buyInSandbox(
  app: FastifyInstance,
  products: readonly Record<string, unknown>[],
  headers: Record<string, string> = {},
): Promise<{ orderId: number; token: string }> {
  const billing = await app.inject({
    method: 'POST',
    url: '/api/v1/billing-informations',
    headers,
    payload: { ...BILLING_FORM, products },
  });
  if (billing.statusCode !== 201) throw new Error(`billing answered ${billing.statusCode}: ${billing.body}`);
  const { token, order_id: orderId } = billing.json().sandboxpay.payment_request as { token: string; order_id: number };
  const pay = await app.inject({
    method: 'POST',
    url: `/sandbox-pay/checkout/${token}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  if (pay.statusCode !== 303) throw new Error(`Pay answered ${pay.statusCode}: ${pay.body}`);
  return { orderId, token };
}
