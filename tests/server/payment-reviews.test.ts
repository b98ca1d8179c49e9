import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generate } from '../../scripts/lib/generate/run';
import { databaseFile, one, sql } from '../../server/db';
import { formatReviews, openPayments, resolvePayment } from '../../server/ops/payments';
import { OpsError } from '../../server/ops/cli';
import { NOTIFICATIONS_PATH } from '../../server/shop/provider';
import { signatureHeader, SIGNATURE_HEADER } from '../../server/shop/signature';
import { OrderStore } from '../../server/shop/store';
import { BILLING_FORM, databaseUrlFor, startServer } from './helpers';

/**
 * A payment the provider confirms is never dropped: an order that only expired is paid after all,
 * one the buyer cancelled (or already paid) is recorded for an operator and logged at error level,
 * and a notification that was refused (unknown order, wrong amount) can be sent again, corrected,
 * with its own event id.
 */

const ROOT = resolve(__dirname, '../..');
const START = new Date('2026-05-20T04:00:00Z');
let clock = START;
let app: FastifyInstance;
let store: OrderStore;
let dataDir: string;
let cleanup: () => Promise<void>;
/** The server's log lines at warn and above (JSON, as pino writes them). */
let logged: Array<{ level: number; msg: string; outcome?: string; order?: number }> = [];

beforeAll(async () => {
  await generate(ROOT);
  const server = await startServer({
    now: () => clock,
    logger: 'warn',
    logStream: { write: (line: string) => void logged.push(JSON.parse(line)) },
  });
  ({ app, dataDir, cleanup } = server);
  store = new OrderStore(app.ctx.db);
});
afterAll(async () => cleanup?.());
beforeEach(() => {
  logged = [];
  clock = START;
});

const LINE = { shop_plan_id: 1, quantity: 2, discount: 0, amount: 1678.88, name: 'Individual', description: '', member: 0, promo_id: null };
const TOTAL = 3357.76;

async function checkout(): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/billing-informations',
    payload: { ...BILLING_FORM, products: [LINE] },
  });
  expect(response.statusCode).toBe(201);
  return response.json().sandboxpay.payment_request.order_id as number;
}

let events = 0;
const newEventId = () => `evt_review_${++events}`;

function notify(body: Record<string, unknown>) {
  const raw = JSON.stringify({ type: 'payment.succeeded', amount: TOTAL, currency: 'PHP', ...body });
  return app.inject({
    method: 'POST',
    url: NOTIFICATIONS_PATH,
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signatureHeader(raw, app.ctx.paymentSecret, Math.floor(clock.getTime() / 1000)),
    },
    payload: raw,
  });
}

const keysOf = (orderId: number) => store.keysOf(orderId);
const recordedOutcome = async (eventId: string) =>
  (await one<{ outcome: string }>(app.ctx.db.query, sql`SELECT outcome FROM payment_notifications WHERE event_id = ${eventId}`))?.outcome;
const errorsLogged = () => logged.filter((line) => line.level >= 50);

describe('a confirmed payment is never dropped', () => {
  it('cancel, then success: recorded for review, logged at error level, no keys; a replay is a duplicate', async () => {
    const order = await checkout();
    const cancelled = await notify({ id: newEventId(), type: 'payment.cancelled', order_id: order });
    expect(cancelled.json()).toEqual({ received: true, outcome: 'cancelled' });

    const id = newEventId();
    const success = await notify({ id, order_id: order });
    expect(success.statusCode).toBe(200);
    expect(success.json()).toEqual({ received: true, outcome: 'needs-review' });
    expect(await keysOf(order)).toHaveLength(0);
    expect(await store.byId(order)).toMatchObject({ status: 'cancelled', cancel_reason: 'buyer' });
    const [review] = (await store.reviews()).filter((r) => r.order_id === order);
    expect(review).toMatchObject({ event_id: id, reason: 'paid-after-buyer-cancel', amount: 335776, currency: 'PHP', resolved_at: null });
    expect(errorsLogged()).toEqual([
      expect.objectContaining({
        msg: 'payment confirmed for an order that was not pending: recorded for review',
        order,
        outcome: 'needs-review',
      }),
    ]);
    expect(await recordedOutcome(id)).toBe('needs-review');

    const replay = await notify({ id, order_id: order });
    expect(replay.json().outcome).toBe('duplicate');
    expect((await store.reviews()).filter((r) => r.order_id === order)).toHaveLength(1);
  });

  it('an order that only expired unpaid is paid after all: keys issued and e-mailed', async () => {
    const order = await checkout();
    clock = new Date(START.getTime() + 61 * 60_000);
    await store.expirePending(clock.toISOString());
    expect(await store.byId(order)).toMatchObject({ status: 'cancelled', cancel_reason: 'expired' });

    const late = await notify({ id: newEventId(), order_id: order });
    expect(late.statusCode).toBe(200);
    expect(late.json().outcome).toBe('paid');
    expect(await store.byId(order)).toMatchObject({ status: 'paid', cancel_reason: null, cancelled_at: null });
    expect(await keysOf(order)).toHaveLength(2);
    const mails = await one<{ n: number }>(
      app.ctx.db.query,
      sql`SELECT CAST(count(*) AS INTEGER) AS n FROM outbox WHERE order_id = ${order}`,
    );
    expect(mails!.n).toBe(1);
  });

  it('a second payment of a paid order (another event id) is recorded for review; no more keys', async () => {
    const order = await checkout();
    expect((await notify({ id: newEventId(), order_id: order })).json().outcome).toBe('paid');
    const second = await notify({ id: newEventId(), order_id: order });
    expect(second.json().outcome).toBe('needs-review');
    expect(await keysOf(order)).toHaveLength(2);
    expect((await store.reviews()).find((r) => r.order_id === order)).toMatchObject({ reason: 'second-payment' });
    expect(errorsLogged()).toHaveLength(1);
  });

  it('a cancellation of an order that is no longer pending changes nothing', async () => {
    const order = await checkout();
    expect((await notify({ id: newEventId(), order_id: order })).json().outcome).toBe('paid');
    const cancel = await notify({ id: newEventId(), type: 'payment.cancelled', order_id: order });
    expect(cancel.json().outcome).toBe('not-pending');
    expect((await store.byId(order))!.status).toBe('paid');
  });
});

describe('only applied outcomes record the event id', () => {
  it('a mismatch, then the corrected retry with the same event id: 422, then paid', async () => {
    const order = await checkout();
    const id = newEventId();
    const wrong = await notify({ id, order_id: order, amount: 1 });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ outcome: 'mismatch' });
    expect(await recordedOutcome(id)).toBeUndefined();
    expect(errorsLogged()).toEqual([expect.objectContaining({ msg: 'payment notification not applied', outcome: 'mismatch' })]);

    const corrected = await notify({ id, order_id: order });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().outcome).toBe('paid');
    expect(await keysOf(order)).toHaveLength(2);
    expect(await recordedOutcome(id)).toBe('paid');
  });

  it('an unknown order, then the corrected retry with the same event id: 404, then paid', async () => {
    const order = await checkout();
    const id = newEventId();
    const unknown = await notify({ id, order_id: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(await recordedOutcome(id)).toBeUndefined();
    const corrected = await notify({ id, order_id: order });
    expect(corrected.json().outcome).toBe('paid');
  });
});

// The command opens the server's database: the PostgreSQL one of DATABASE_URL, else the SQLite file of DATA_DIR.
describe('npm run payments', () => {
  it('lists the open reviews with their order, and closes one with what was done', async () => {
    const order = await checkout();
    await notify({ id: newEventId(), type: 'payment.cancelled', order_id: order });
    await notify({ id: newEventId(), order_id: order });
    const databaseUrl = await databaseUrlFor(dataDir);
    const { db, store: ops } = await openPayments(databaseUrl ?? databaseFile(dataDir), { write: true });
    try {
      const open = await ops.reviews();
      const review = open.find((r) => r.order_id === order)!;
      const printed = await formatReviews(ops, open);
      expect(printed).toMatch(/^Payment reviews: \d+ open\./);
      expect(printed).toContain(`#${review.id}  OPEN  PHP 3,357.76`);
      expect(printed).toContain('paid after the buyer cancelled the order');
      expect(printed).toContain(`order #${order} (cancelled, buyer): Individual x 2, maria@example.com`);
      await expect(resolvePayment(ops, review.id, '  ')).rejects.toThrow(OpsError);
      await resolvePayment(ops, review.id, 'refunded through the provider');
      expect((await ops.reviews()).some((r) => r.id === review.id)).toBe(false);
      await expect(resolvePayment(ops, review.id, 'again')).rejects.toThrow(`No open payment review #${review.id}.`);
      expect(await formatReviews(ops, await ops.reviews({ all: true }))).toContain('resolved');
    } finally {
      await db.close();
    }
    const command = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/payments.ts', '--all'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' },
      encoding: 'utf8',
    });
    expect(command.status).toBe(0);
    expect(command.stdout).toContain('refunded through the provider');
    const bad = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/payments.ts', '--resolve', '1'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' },
      encoding: 'utf8',
    });
    expect(bad.status).toBe(2);
  }, 60_000);
});

describe('issuing many keys', () => {
  it("hashes the codes off the event loop: a 150-unit order's notification never stalls other requests", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/billing-informations',
      payload: { ...BILLING_FORM, products: [{ ...LINE, quantity: 150 }] },
    });
    expect(response.statusCode).toBe(201);
    const { order_id, amount } = response.json().sandboxpay.payment_request as { order_id: number; amount: number };
    // A ticker every 5 ms: the longest gap between two ticks is the longest stall of the event loop.
    let last = performance.now();
    let stalledMs = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      stalledMs = Math.max(stalledMs, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const paid = await notify({ id: newEventId(), order_id, amount });
    const took = performance.now() - started;
    await new Promise((r) => setTimeout(r, 20));
    clearInterval(ticker);
    expect(paid.json().outcome).toBe('paid');
    expect(await keysOf(order_id)).toHaveLength(150);
    // 150 codes cost about 1.5 s of CPU; hashed on the event loop they would stall it that long.
    expect(stalledMs, `the notification took ${took.toFixed(0)} ms`).toBeLessThan(Math.max(250, took / 3));
  }, 60_000);
});
