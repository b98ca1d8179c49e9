import { describe, expect, it } from 'vitest';
import { all, one, sql } from '../../server/db';
import { signatureHeader, SIGNATURE_HEADER } from '../../server/shop/signature';
import { NOTIFICATIONS_PATH } from '../../server/shop/provider';
import { BILLING_FORM, useShopServer } from './helpers';

type Json = Record<string, any>;

const START = new Date('2026-05-20T04:00:00Z');
let clock = START;
const shop = useShopServer(() => clock);

/** Plan 1 (Individual, 1,499.00) × 2: total 3,357.76, billed unit amount 1,678.88. */
const LINE: Json = {
  shop_plan_id: 1,
  quantity: 2,
  discount: 0,
  amount: 1678.88,
  name: 'Individual',
  description: '',
  member: 0,
  promo_id: null,
};

async function checkout(headers: Record<string, string> = {}) {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/billing-informations',
    headers,
    payload: { ...BILLING_FORM, products: [LINE] },
  });
  expect(response.statusCode).toBe(201);
  return response.json().sandboxpay as {
    post_redirect: string;
    payment_request: { token: string; order_id: number; amount: number; currency: string };
  };
}

let events = 0;
const event = (orderId: number, overrides: Json = {}) => ({
  id: `evt_test_${++events}`,
  type: 'payment.succeeded',
  order_id: orderId,
  amount: 3357.76,
  currency: 'PHP',
  ...overrides,
});

const seconds = () => Math.floor(clock.getTime() / 1000);

/** Sends a notification body (signed with the server's secret unless `signature` says otherwise). */
function notify(body: Json | string, signature?: string | null) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const header = signature === undefined ? signatureHeader(raw, shop.app.ctx.paymentSecret, seconds()) : signature;
  return shop.app.inject({
    method: 'POST',
    url: NOTIFICATIONS_PATH,
    headers: { 'content-type': 'application/json', ...(header === null ? {} : { [SIGNATURE_HEADER]: header }) },
    payload: raw,
  });
}

const keysOf = (orderId: number) => shop.store.keysOf(orderId);
const mailsOf = (orderId: number) => all<{ body: string }>(shop.app.ctx.db.query, sql`SELECT body FROM outbox WHERE order_id = ${orderId}`);
const notificationCount = async () =>
  (await one<{ n: number }>(shop.app.ctx.db.query, sql`SELECT CAST(count(*) AS INTEGER) AS n FROM payment_notifications`))!.n;

describe('POST /api/v1/payments/notifications (signed, server to server)', () => {
  it('issues one key pair per unit for a verified payment, and the e-mail links to the public URL', async () => {
    const { payment_request } = await checkout({ host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    const response = await notify(event(payment_request.order_id));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'paid' });
    expect(await keysOf(payment_request.order_id)).toHaveLength(2);
    const [mail] = await mailsOf(payment_request.order_id);
    expect(mail.body).toContain(`${shop.app.ctx.publicUrl}/shop/assignment`);
    expect(mail.body).not.toContain('evil.example');
  });

  it('refuses a forged, unsigned, malformed, stale or future-dated notification and issues nothing', async () => {
    const { payment_request } = await checkout();
    const body = JSON.stringify(event(payment_request.order_id));
    const cases: Array<[string | null, string]> = [
      [null, 'Missing x-payment-signature header.'],
      ['t=1,v1=zz', 'Malformed x-payment-signature header.'],
      [signatureHeader(body, 'another-secret-of-at-least-32-characters!', seconds()), 'Invalid signature.'],
      [signatureHeader(body, shop.app.ctx.paymentSecret, seconds() - 301), 'The notification is too old or from the future.'],
      [signatureHeader(body, shop.app.ctx.paymentSecret, seconds() + 301), 'The notification is too old or from the future.'],
      // Signed, but over another body (the amount changed after signing).
      [signatureHeader(body.replace('3357.76', '1'), shop.app.ctx.paymentSecret, seconds()), 'Invalid signature.'],
    ];
    for (const [header, message] of cases) {
      const response = await notify(body, header);
      expect(response.statusCode, String(header)).toBe(401);
      expect(response.json()).toEqual({ message });
    }
    expect(await keysOf(payment_request.order_id)).toHaveLength(0);
    expect((await shop.store.byId(payment_request.order_id))!.status).toBe('pending');
  });

  it('is idempotent: a replay or a re-sent notification issues nothing new', async () => {
    const { payment_request } = await checkout();
    const body = JSON.stringify(event(payment_request.order_id));
    const header = signatureHeader(body, shop.app.ctx.paymentSecret, seconds());
    expect((await notify(body, header)).json().outcome).toBe('paid');
    const replay = await notify(body, header);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().outcome).toBe('duplicate');
    // Another event id for the paid order: a second payment, recorded for review (payment-reviews.test.ts).
    const resent = await notify(event(payment_request.order_id));
    expect(resent.json().outcome).toBe('needs-review');
    expect(await keysOf(payment_request.order_id)).toHaveLength(2);
    expect(await mailsOf(payment_request.order_id)).toHaveLength(1);
  });

  it('issues keys once for two notifications that arrive together', async () => {
    const { payment_request } = await checkout();
    const answers = await Promise.all([
      notify(event(payment_request.order_id)),
      notify(event(payment_request.order_id)),
      notify(event(payment_request.order_id)),
    ]);
    expect(answers.map((a) => a.json().outcome).sort()).toEqual(['needs-review', 'needs-review', 'paid']);
    expect(await keysOf(payment_request.order_id)).toHaveLength(2);
  });

  it('issues nothing when the amount or currency differ from the order, or the order is unknown', async () => {
    const { payment_request } = await checkout();
    const cheaper = await notify(event(payment_request.order_id, { amount: 1 }));
    expect(cheaper.statusCode).toBe(422);
    expect(cheaper.json().outcome).toBe('mismatch');
    expect((await notify(event(payment_request.order_id, { currency: 'USD' }))).statusCode).toBe(422);
    expect((await notify(event(987654))).statusCode).toBe(404);
    expect(await keysOf(payment_request.order_id)).toHaveLength(0);
    expect((await shop.store.byId(payment_request.order_id))!.status).toBe('pending');
  });

  it('refuses a body that is not a notification (400) even when signed, and stores nothing', async () => {
    const { payment_request } = await checkout();
    const before = await notificationCount();
    for (const body of [
      { ...event(payment_request.order_id), extra: 1 },
      { ...event(payment_request.order_id), order_id: '1' },
      { ...event(payment_request.order_id), id: 'x'.repeat(101) },
      { ...event(payment_request.order_id), type: 'payment.refunded' },
    ]) {
      expect((await notify(body)).statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await notify('{"id": "evt_broken"')).statusCode).toBe(400);
    expect(await notificationCount()).toBe(before);
    expect(await keysOf(payment_request.order_id)).toHaveLength(0);
  });

  it('cancels a pending order on payment.cancelled', async () => {
    const { payment_request } = await checkout();
    const response = await notify(event(payment_request.order_id, { type: 'payment.cancelled' }));
    expect(response.json().outcome).toBe('cancelled');
    expect(await shop.store.byId(payment_request.order_id)).toMatchObject({ status: 'cancelled', cancel_reason: 'buyer' });
  });
});

describe('sandbox Pay (demo) goes through the signed notification', () => {
  it('issues keys through the notification route; the buyer returning to the site issues nothing', async () => {
    const { payment_request } = await checkout();
    const returned = await shop.app.inject(`/shop/payment?status=paid&order=${payment_request.order_id}`);
    expect(returned.statusCode).toBeLessThan(500);
    expect(await keysOf(payment_request.order_id)).toHaveLength(0);

    const pay = await shop.app.inject({
      method: 'POST',
      url: `/sandbox-pay/checkout/${payment_request.token}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`/shop/payment?status=paid&order=${payment_request.order_id}`);
    expect(await keysOf(payment_request.order_id)).toHaveLength(2);
    const recorded = await all(
      shop.app.ctx.db.query,
      sql`SELECT outcome FROM payment_notifications WHERE order_id = ${payment_request.order_id}`,
    );
    expect(recorded).toEqual([{ outcome: 'paid' }]);
  });
});

describe('pending orders expire', () => {
  it('an order not paid within its time is cancelled and can no longer be paid', async () => {
    const { post_redirect, payment_request } = await checkout();
    clock = new Date(START.getTime() + 61 * 60_000);
    try {
      await shop.store.expirePending(clock.toISOString());
      expect(await shop.store.byId(payment_request.order_id)).toMatchObject({ status: 'cancelled', cancel_reason: 'expired' });

      const request = await shop.app.inject({
        method: 'POST',
        url: new URL(post_redirect).pathname,
        headers: { authorization: `Basic ${payment_request.token}` },
        payload: payment_request,
      });
      expect(request.statusCode).toBe(409);
      expect(request.json().message).toBe('This order has expired. Please check out again.');
      expect((await shop.app.inject(`/sandbox-pay/checkout/${payment_request.token}`)).body).toContain('This order has expired.');
    } finally {
      clock = START;
    }
  });
});

describe('links come from the configured public URL', () => {
  it('post_redirect is the configured provider URL whatever the Host or X-Forwarded-* headers say', async () => {
    const { post_redirect } = await checkout({
      host: 'evil.example:666',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(post_redirect).toBe(shop.app.ctx.paymentProviderUrl);
    expect(post_redirect.startsWith(shop.app.ctx.publicUrl)).toBe(true);
  });
});
