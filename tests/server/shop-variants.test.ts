import { describe, expect, it } from 'vitest';
import { DEMO } from '../../server/seed';
import { useShopServer } from './helpers';

/**
 * The promo-code shop and the merchant shop on the server: owners by slug, the code that unlocks a
 * promotion plan, and their billing endpoints (same recomputation and refusals as the standard
 * checkout, with the owner's own rules), through to the sandbox payment and the e-mail.
 */
const NOW = new Date('2026-05-20T04:00:00Z');
type Json = Record<string, any>;

/** A complete billing form of the promo and merchant checkouts (zip_code, not zip). */
const FORM: Json = {
  country: 'PH',
  first_name: 'Jose',
  last_name: 'Rizal',
  address1: '1 Bagumbayan',
  city: 'Manila',
  state: 'Metro Manila',
  zip_code: '1000',
  phone_number: '09181234567',
  email: 'jose@example.com',
  birthdate: '1985-06-19',
  sex: 'male',
};

/** Plan 22 (Family partner offer: 3,999.00 − 200.00, 4 dependents, 699.00 per member) × 1: total 4,254.88. */
const PROMO_LINE: Json = {
  shop_plan_id: DEMO.promotion.planId,
  quantity: 1,
  discount: 0,
  amount: 4254.88,
  name: 'Family (partner offer)',
  description: '',
  member: 0,
  promo_code: DEMO.promotion.code,
};
/** Plan 11 (Individual merchant price, 1,299.00) × 2: total 2,909.76, billed unit amount 1,454.88. */
const MERCHANT_LINE: Json = {
  shop_plan_id: 11,
  quantity: 2,
  discount: 0,
  amount: 1454.88,
  name: 'Individual (merchant price)',
  description: '',
  member: 0,
};

const shop = useShopServer(() => NOW);

const post = (url: string, payload: unknown) => shop.app.inject({ method: 'POST', url, payload: payload as Json });
const get = (url: string) => shop.app.inject({ method: 'GET', url });
const promoBill = (form: Json, line: Json, resellerId: unknown = DEMO.promotion.id) =>
  post('/api/v1/promotion-billing-informations', { ...form, reseller_id: resellerId, products: [line] });
const merchantBill = (form: Json, line: Json, resellerId: unknown = DEMO.merchant.id) =>
  post('/api/v1/merchant-billing-informations', { ...form, reseller_id: resellerId, products: [line] });
const outbox = async () => (await get('/api/dev/outbox')).json().data as Json[];

describe('owners by slug', () => {
  it('lists merchants and shows one by slug (404 for an unknown slug)', async () => {
    const all = (await get('/api/v1/merchants')).json().data as Json[];
    expect(all.map((m) => m.slug)).toContain(DEMO.merchant.slug);
    const one = await get(`/api/v1/merchants/show/${DEMO.merchant.slug}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({
      id: DEMO.merchant.id,
      other_details: { is_multiple_purchase: true, minimum_quantity_purchase: 2, sources: expect.any(Array) },
    });
    expect((await get('/api/v1/merchants/show/no-such-merchant')).statusCode).toBe(404);
  });

  it('lists promotions, shows one by slug and checks a slug', async () => {
    expect(((await get('/api/v1/promotions')).json().data as Json[]).map((p) => p.slug)).toContain(DEMO.promotion.slug);
    expect((await get(`/api/v1/promotions/show/${DEMO.promotion.slug}`)).json().data).toMatchObject({
      id: DEMO.promotion.id,
      other_settings: expect.any(Object),
    });
    expect((await get('/api/v1/promotions/show/nope')).statusCode).toBe(404);
    expect((await post('/api/v1/promotions/check/slug', { slug: DEMO.promotion.slug })).json().data.id).toBe(DEMO.promotion.id);
    expect((await post('/api/v1/promotions/check/slug', { slug: 'nope' })).statusCode).toBe(404);
  });

  it("serves each owner's own banner and plans (reseller_id)", async () => {
    const plans = (await get(`/api/v1/merchant-shop-plans?reseller_id=${DEMO.merchant.id}`)).json().data as Json[];
    expect(plans.map((p) => p.id)).toEqual([11, 12]);
    const sliders = (await get(`/api/v1/merchant-shop-sliders?reseller_id=${DEMO.merchant.id}`)).json().data as Json[];
    expect(sliders.length).toBeGreaterThan(0);
    expect(sliders.every((s) => s.reseller_id === DEMO.merchant.id)).toBe(true);
  });
});

describe('POST /api/v1/promotion-shop-plans/check/code', () => {
  const check = (payload: Json) => post('/api/v1/promotion-shop-plans/check/code', payload);

  it('answers the plan the code unlocks (data with an id), whatever the case of the code', async () => {
    for (const code of [DEMO.promotion.code, DEMO.promotion.code.toLowerCase(), ` ${DEMO.promotion.code} `]) {
      const response = await check({ reseller_id: DEMO.promotion.id, code });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        id: DEMO.promotion.planId,
        name: 'Family (partner offer)',
        price: 3999,
        reseller_id: DEMO.promotion.id,
      });
    }
    // reseller_id may come as digits (a form field).
    expect((await check({ reseller_id: String(DEMO.promotion.id), code: DEMO.promotion.code })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown code or a code of another shop', async () => {
    const wrong = await check({ reseller_id: DEMO.promotion.id, code: 'NOPE2026' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ message: expect.any(String) });
    expect((await check({ reseller_id: DEMO.merchant.id, code: DEMO.promotion.code })).statusCode).toBe(404);
    // A standard promo code is not a promotion code.
    expect((await check({ reseller_id: DEMO.promotion.id, code: DEMO.promoCodes.valid })).statusCode).toBe(404);
  });

  it('answers 400 without a code or a shop id', async () => {
    expect((await check({ reseller_id: DEMO.promotion.id })).statusCode).toBe(400);
    expect((await check({ reseller_id: DEMO.promotion.id, code: '  ' })).statusCode).toBe(400);
    expect((await check({ code: DEMO.promotion.code })).statusCode).toBe(400);
    expect((await check({ reseller_id: 'x', code: DEMO.promotion.code })).statusCode).toBe(400);
  });
});

describe('POST /api/v1/promotion-billing-informations', () => {
  it('stores a promotion order with the recomputed total and answers the provider object', async () => {
    const response = await promoBill({ ...FORM, no_dependents: 2 }, PROMO_LINE);
    expect(response.statusCode).toBe(201);
    const { post_redirect, payment_request } = response.json().sandboxpay;
    expect(new URL(post_redirect).pathname).toBe('/api/v1/sandbox-pay/payment-requests');
    expect(payment_request).toMatchObject({ amount: 4254.88, currency: 'PHP' });
    const order = (await shop.store.byId(payment_request.order_id))!;
    expect(order).toMatchObject({
      kind: 'promotion',
      plan_id: DEMO.promotion.planId,
      reseller_id: DEMO.promotion.id,
      quantity: 1,
      total: 425_488,
      status: 'pending',
    });
    expect(order.billing).toMatchObject({ zip_code: '1000', no_dependents: 2 });
    expect(order.billing).not.toHaveProperty('reseller_id');
  });

  it('takes household members at the plan price per member', async () => {
    // 3,799.00 + 2 × 699.00 = 5,197.00; VAT 623.64; total 5,820.64.
    const response = await promoBill({ ...FORM, no_dependents: 1 }, { ...PROMO_LINE, member: 2, amount: 5820.64 });
    expect(response.statusCode).toBe(201);
    expect(await shop.store.byId(response.json().sandboxpay.payment_request.order_id)).toMatchObject({ members: 2, total: 582_064 });
  });

  it("uses the promo form's messages: zip_code, not zip; source optional; the phone rule", async () => {
    const { zip_code: _zip, ...noZip } = FORM;
    const response = await promoBill({ ...noZip, no_dependents: 1, phone_number: '0917-123' }, PROMO_LINE);
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors.zip_code).toEqual(['This field is required']);
    expect(errors.phone_number).toEqual(['Only numbers are allowed']);
    expect(errors).not.toHaveProperty('source');
    // The standard form's `zip` is not a field of this form.
    expect((await promoBill({ ...FORM, zip: '1000', no_dependents: 1 }, PROMO_LINE)).statusCode).toBe(422);
    // A source, when given, is one of the default options.
    expect((await promoBill({ ...FORM, no_dependents: 1, source: 'Billboard' }, PROMO_LINE)).json().errors.source).toEqual([
      'Select one of the options',
    ]);
  });

  it('refuses tampered amounts, plans of other shops, locked plans, quantities above the single purchase, and a wrong owner', async () => {
    const before = (await shop.store.all()).length;
    const refused = async (response: Awaited<ReturnType<typeof post>>, message: RegExp) => {
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toMatch(message);
    };
    const form = { ...FORM, no_dependents: 1 };
    await refused(await promoBill(form, { ...PROMO_LINE, amount: 1 }), /does not match the price/);
    await refused(await promoBill(form, { ...PROMO_LINE, amount: 4254.87 }), /does not match the price/);
    await refused(await promoBill(form, { ...PROMO_LINE, discount: 100, amount: 4154.88 }), /does not match the promo code/);
    await refused(await promoBill(form, { ...PROMO_LINE, promo_id: 1 }), /Promo codes cannot be used/);
    await refused(await promoBill(form, { ...MERCHANT_LINE }), /does not exist/);
    // Plan 21 belongs to the promotion but no code unlocks it.
    await refused(await promoBill(FORM, { ...PROMO_LINE, shop_plan_id: 21, amount: 1118.88 }), /sold only with the promo code/);
    // The unlocked plan at its partner price, but without the code, or with a wrong one.
    const { promo_code: _code, ...withoutCode } = PROMO_LINE;
    await refused(await promoBill(form, withoutCode), /sold only with the promo code/);
    await refused(await promoBill(form, { ...PROMO_LINE, promo_code: 'NOPE2026' }), /sold only with the promo code/);
    await refused(await promoBill(form, { ...PROMO_LINE, promo_code: DEMO.promoCodes.valid }), /sold only with the promo code/);
    // The demo promotion sells one plan per order (no multiple purchase).
    await refused(await promoBill(form, { ...PROMO_LINE, quantity: 2, amount: 4254.88 }), /sells 1 per order/);
    await refused(await promoBill(form, PROMO_LINE, DEMO.merchant.id), /reseller_id/);
    await refused(await promoBill(form, PROMO_LINE, null), /reseller_id/);
    expect((await shop.store.all()).length).toBe(before);
  });
});

describe('POST /api/v1/merchant-billing-informations', () => {
  it("stores a merchant order from the merchant's minimum quantity on, with one of its own sources", async () => {
    const response = await merchantBill({ ...FORM, source: 'Cashier' }, MERCHANT_LINE);
    expect(response.statusCode).toBe(201);
    const { payment_request } = response.json().sandboxpay;
    expect(payment_request.amount).toBe(2909.76);
    expect(await shop.store.byId(payment_request.order_id)).toMatchObject({
      kind: 'merchant',
      plan_id: 11,
      reseller_id: DEMO.merchant.id,
      quantity: 2,
      total: 290_976,
      unit_amount: 145_488,
    });
  });

  it('refuses a quantity below the minimum purchase and tampered amounts', async () => {
    const below = await merchantBill(FORM, { ...MERCHANT_LINE, quantity: 1, amount: 1454.88 });
    expect(below.statusCode).toBe(422);
    expect(below.json().message).toBe('The minimum purchase is 2.');
    const tampered = await merchantBill(FORM, { ...MERCHANT_LINE, amount: 1299 });
    expect(tampered.statusCode).toBe(422);
    expect(tampered.json().message).toMatch(/does not match the price/);
    // Plan 13 is the other merchant's.
    const other = await merchantBill(FORM, { ...MERCHANT_LINE, shop_plan_id: 13, amount: 1566.88 });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toMatch(/not sold by this shop/);
  });

  it("offers the merchant's own sources instead of the defaults", async () => {
    const standardSource = await merchantBill({ ...FORM, source: 'Newsletter' }, MERCHANT_LINE);
    expect(standardSource.statusCode).toBe(422);
    expect(standardSource.json().errors).toEqual({ source: ['Select one of the options'] });
    // A merchant without its own list keeps the form's defaults (Sampaguita Pharmacy, one per order).
    const pharmacy = await merchantBill(
      { ...FORM, source: 'Newsletter' },
      { ...MERCHANT_LINE, shop_plan_id: 13, quantity: 1, amount: 1566.88 },
      DEMO.otherMerchant.id,
    );
    expect(pharmacy.statusCode).toBe(201);
    const unknown = await merchantBill(
      { ...FORM, source: 'Cashier' },
      { ...MERCHANT_LINE, shop_plan_id: 13, quantity: 1, amount: 1566.88 },
      DEMO.otherMerchant.id,
    );
    expect(unknown.json().errors).toEqual({ source: ['Select one of the options'] });
  });

  it('requires a phone number, with no length or digit rule', async () => {
    const missing = await merchantBill({ ...FORM, phone_number: '' }, MERCHANT_LINE);
    expect(missing.json().errors).toEqual({ phone_number: ['This field is required'] });
    expect((await merchantBill({ ...FORM, phone_number: '+63 917 123 4567 ext 2' }, MERCHANT_LINE)).statusCode).toBe(201);
  });
});

describe('payment of the hidden-form checkouts', () => {
  it('a form post with the token goes to the sandbox page; Pay issues one key per unit and the e-mail', async () => {
    const billed = await merchantBill({ ...FORM, email: 'merchant-buyer@example.com' }, MERCHANT_LINE);
    const { post_redirect, payment_request } = billed.json().sandboxpay;
    const posted = await shop.app.inject({
      method: 'POST',
      url: new URL(post_redirect).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(Object.entries(payment_request).map(([k, v]) => [k, String(v)])).toString(),
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/sandbox-pay/checkout/${payment_request.token}`);
    const pay = await shop.app.inject({
      method: 'POST',
      url: `${posted.headers.location}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    expect(await shop.store.keysOf(payment_request.order_id)).toHaveLength(2);
    const mail = (await outbox()).find((m) => m.to === 'merchant-buyer@example.com');
    expect(mail?.body).toContain('PHP 2,909.76');
  });
});
