import { describe, expect, it } from 'vitest';
import { all, one, sql } from '../../server/db';
import { verifyActivationCode } from '../../server/keys/code-hash';
import { DEMO_KEY_ORDERS } from '../../server/seed';
import { BILLING_FORM, mailedKeys, useShopServer } from './helpers';

const NOW = new Date('2026-05-20T04:00:00Z');
type Json = Record<string, any>;

const FORM: Json = BILLING_FORM;
/** Plan 1 (Individual, 1,499.00) × 3: total 5,036.64, billed unit amount 1,678.88. */
const LINE: Json = {
  shop_plan_id: 1,
  quantity: 3,
  discount: 0,
  amount: 1678.88,
  name: 'Individual',
  description: '',
  member: 0,
  promo_id: null,
};

const KEY = /^BD-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/;

const shop = useShopServer(() => NOW);

/** A billing POST that succeeds; returns the provider object. */
async function checkout(server = shop.app, form = FORM, line = LINE) {
  const response = await server.inject({ method: 'POST', url: '/api/v1/billing-informations', payload: { ...form, products: [line] } });
  expect(response.statusCode).toBe(201);
  return response.json().sandboxpay as { post_redirect: string; payment_request: { token: string; order_id: number; amount: number } };
}

const requestPayment = (postRedirect: string, headers: Record<string, string>, payload: object) =>
  shop.app.inject({ method: 'POST', url: new URL(postRedirect).pathname, headers, payload });
const formPost = (url: string) =>
  shop.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
const outbox = async (server = shop.app) => (await server.inject('/api/dev/outbox')).json().data as Array<Json>;

describe('POST /api/v1/sandbox-pay/payment-requests', () => {
  it('answers the redirect_url for the right Basic token, 401 otherwise', async () => {
    const { post_redirect, payment_request } = await checkout();
    expect(new URL(post_redirect).pathname).toBe('/api/v1/sandbox-pay/payment-requests');

    const missing = await requestPayment(post_redirect, {}, payment_request);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ message: 'Invalid or missing payment token.' });
    expect(missing.headers['www-authenticate']).toBeUndefined(); // no browser login prompt
    const wrong = await requestPayment(post_redirect, { authorization: 'Basic not-the-token' }, payment_request);
    expect(wrong.statusCode).toBe(401);
    const otherScheme = await requestPayment(post_redirect, { authorization: `Bearer ${payment_request.token}` }, payment_request);
    expect(otherScheme.statusCode).toBe(401);

    const right = await requestPayment(post_redirect, { authorization: `Basic ${payment_request.token}` }, payment_request);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ redirect_url: `/sandbox-pay/checkout/${payment_request.token}` });
  });

  it('refuses a payment request that contradicts its order', async () => {
    const { post_redirect, payment_request } = await checkout();
    const auth = { authorization: `Basic ${payment_request.token}` };
    expect((await requestPayment(post_redirect, auth, { ...payment_request, amount: 1 })).statusCode).toBe(422);
    expect((await requestPayment(post_redirect, auth, { ...payment_request, order_id: payment_request.order_id + 1 })).statusCode).toBe(
      422,
    );
  });

  it('answers a hidden-form post (token in the form) with a 303 to the checkout page', async () => {
    const { post_redirect, payment_request } = await checkout();
    const response = await shop.app.inject({
      method: 'POST',
      url: new URL(post_redirect).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        token: payment_request.token,
        order_id: String(payment_request.order_id),
        amount: String(payment_request.amount),
      }).toString(),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/sandbox-pay/checkout/${payment_request.token}`);
  });
});

describe('sandbox checkout page', () => {
  it('shows the order with Pay and Cancel, escaped, without scripts, under the CSP', async () => {
    // A plan whose name needs escaping.
    await shop.app.ctx.repo.insert('shop-plans', {
      id: 90,
      precedence: 90,
      name: '<b>Evil & "Co"</b>',
      price: 100,
      discount: 0,
      description: '',
      no_key_generate: 1,
      other_details: null,
    });
    const { payment_request } = await checkout(shop.app, FORM, { ...LINE, shop_plan_id: 90, quantity: 2, amount: 112 });
    const response = await shop.app.inject(`/sandbox-pay/checkout/${payment_request.token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const page = response.body;
    expect(page).toContain('<html lang="en">');
    expect(page).toMatch(/<title>Sandbox payment[^<]*<\/title>/);
    expect(page).toMatch(/<h1[^>]*>Sandbox payment<\/h1>/);
    expect(page).toContain('&lt;b&gt;Evil &amp; &quot;Co&quot;&lt;/b&gt;');
    expect(page).not.toContain('<b>Evil');
    expect(page).toContain('<dt>Quantity</dt><dd>2</dd>');
    expect(page).toContain('PHP 224.00');
    expect(page).toContain(`action="/sandbox-pay/checkout/${payment_request.token}/pay"`);
    expect(page).toContain(`action="/sandbox-pay/checkout/${payment_request.token}/cancel"`);
    expect(page).toMatch(/<button type="submit"[^>]*>Pay PHP 224.00<\/button>/);
    expect(page).toMatch(/<button type="submit"[^>]*>Cancel<\/button>/);
    expect(page).not.toMatch(/<script|\son[a-z]+=/i);
  });

  it('answers 404 for an unknown token', async () => {
    const response = await shop.app.inject('/sandbox-pay/checkout/unknown-token');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Payment not found');
  });
});

describe('Pay and Cancel', () => {
  it('Pay: paid, one key pair per unit, the e-mail with every pair in the outbox; paying again issues nothing', async () => {
    const { payment_request } = await checkout();
    const mailsBefore = (await outbox()).length;
    const pay = await formPost(`/sandbox-pay/checkout/${payment_request.token}/pay`);
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`/shop/payment?status=paid&order=${payment_request.order_id}`);

    const order = (await shop.store.byId(payment_request.order_id))!;
    expect(order.status).toBe('paid');
    expect(order.paid_at).toBe(NOW.toISOString());
    const keys = await shop.store.keysOf(order.id);
    expect(keys).toHaveLength(3);
    for (const key of keys) {
      expect(key.access_key).toMatch(KEY);
      expect(key).toMatchObject({ status: 'unused', activated_at: null, member: null, order_id: order.id });
    }
    expect(new Set(keys.map((k) => k.access_key)).size).toBe(3);
    // The codes are in the e-mail only: the database keeps their hashes.
    const pairs = await mailedKeys(shop.app.ctx.db, order.id);
    expect(pairs.map((p) => p.access_key)).toEqual(keys.map((k) => k.access_key));
    const hash = async (accessKey: string) =>
      (await one<{ hash: string }>(
        shop.app.ctx.db.query,
        sql`SELECT activation_code_hash AS hash FROM access_keys WHERE access_key = ${accessKey}`,
      ))!.hash;
    for (const pair of pairs) {
      expect(pair.activation_code).toMatch(/^\d{8}$/);
      expect(await verifyActivationCode(pair.activation_code, await hash(pair.access_key))).toBe(true);
    }

    const mails = await outbox();
    expect(mails).toHaveLength(mailsBefore + 1);
    const mail = mails[0];
    expect(Object.keys(mail).sort()).toEqual(['body', 'created_at', 'id', 'status', 'subject', 'to']);
    expect(mail.status).toBe('pending'); // no SMTP_URL in this demo server: it waits in the outbox
    expect(mail).toMatchObject({ to: 'maria@example.com', subject: 'Your Bantay Doc access keys', created_at: NOW.toISOString() });
    for (const pair of pairs) {
      expect(mail.body).toContain(pair.access_key);
      expect(mail.body).toContain(pair.activation_code);
    }
    expect(mail.body).toContain('/shop/assignment');
    expect(mail.body).toContain('PHP 5,036.64');

    const again = await formPost(`/sandbox-pay/checkout/${payment_request.token}/pay`);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`/shop/payment?status=paid&order=${order.id}`);
    expect(await shop.store.keysOf(order.id)).toHaveLength(3);
    expect(await outbox()).toHaveLength(mailsBefore + 1);

    // A paid order can be neither cancelled nor requested again.
    const cancel = await formPost(`/sandbox-pay/checkout/${payment_request.token}/cancel`);
    expect(cancel.headers.location).toBe(`/shop/payment?status=paid&order=${order.id}`);
    expect((await shop.store.byId(order.id))!.status).toBe('paid');
    const request = await requestPayment(
      'http://localhost/api/v1/sandbox-pay/payment-requests',
      { authorization: `Basic ${payment_request.token}` },
      {},
    );
    expect(request.statusCode).toBe(409);
    expect((await shop.app.inject(`/sandbox-pay/checkout/${payment_request.token}`)).body).toContain('This order is already paid.');
  });

  it('pays concurrently only once', async () => {
    const { payment_request } = await checkout();
    const url = `/sandbox-pay/checkout/${payment_request.token}/pay`;
    await Promise.all([formPost(url), formPost(url), formPost(url)]);
    expect(await shop.store.keysOf(payment_request.order_id)).toHaveLength(3);
  });

  it('Cancel: cancelled, back to the shop; Pay afterwards issues nothing', async () => {
    const { payment_request } = await checkout();
    const mailsBefore = (await outbox()).length;
    const cancel = await formPost(`/sandbox-pay/checkout/${payment_request.token}/cancel`);
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(`/shop/payment?status=cancelled&order=${payment_request.order_id}`);
    expect(await shop.store.byId(payment_request.order_id)).toMatchObject({ status: 'cancelled', cancelled_at: NOW.toISOString() });

    const pay = await formPost(`/sandbox-pay/checkout/${payment_request.token}/pay`);
    expect(pay.headers.location).toBe(`/shop/payment?status=cancelled&order=${payment_request.order_id}`);
    expect(await shop.store.keysOf(payment_request.order_id)).toHaveLength(0);
    expect(await outbox()).toHaveLength(mailsBefore);
  });

  it('Pay and Cancel of an unknown token: 404', async () => {
    expect((await formPost('/sandbox-pay/checkout/nope/pay')).statusCode).toBe(404);
    expect((await formPost('/sandbox-pay/checkout/nope/cancel')).statusCode).toBe(404);
  });
});

describe('outbox (demo mode)', () => {
  it('GET /dev/outbox lists the e-mails as an escaped page without scripts', async () => {
    const { payment_request } = await checkout(shop.app, { ...FORM, first_name: '<img src=x>' });
    await formPost(`/sandbox-pay/checkout/${payment_request.token}/pay`);
    const response = await shop.app.inject('/dev/outbox');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<html lang="en">');
    expect(response.body).toMatch(/<h1[^>]*>Outbox<\/h1>/);
    expect(response.body).toContain('Your Bantay Doc access keys');
    expect(response.body).toContain('Hello &lt;img src=x&gt; Santos');
    expect(response.body).not.toMatch(/<script|<img/i);
  });

  it('lists newest first', async () => {
    const mails = await outbox();
    const ids = mails.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});

describe('seeded demo keys', () => {
  it('are unused, tied to seeded paid demo orders; their codes are stored hashed and verify', async () => {
    const pairs = DEMO_KEY_ORDERS.flatMap((o) => o.keys);
    expect(pairs.length).toBeGreaterThanOrEqual(4);
    const rows = await all<Json>(
      shop.app.ctx.db.query,
      sql`SELECT k.access_key, k.activation_code_hash, k.status, o.status AS order_status FROM access_keys k JOIN orders o ON o.id = k.order_id`,
    );
    for (const pair of pairs) {
      expect(pair.accessKey).toMatch(KEY);
      const row = rows.find((r) => r.access_key === pair.accessKey);
      expect(row).toMatchObject({ status: 'unused', order_status: 'paid' });
      expect(row!.activation_code_hash).toMatch(/^scrypt\$/);
      expect(await verifyActivationCode(pair.activationCode, row!.activation_code_hash)).toBe(true);
    }
  });
});
