import { describe, expect, it } from 'vitest';
import { DEMO } from '../../server/seed';
import { useShopServer } from './helpers';

const NOW = new Date('2026-05-20T04:00:00Z');
type Json = Record<string, any>;

const RESELLER_ID = DEMO.reseller.id;

/** The reseller billing form (forms/billing-reseller.json): zip_code, country fixed to PH. */
const FORM: Json = {
  country: 'PH',
  first_name: 'Jose',
  last_name: 'Reyes',
  address1: '8 Mabini Street',
  city: 'Quezon City',
  state: 'Metro Manila',
  zip_code: '1100',
  phone_number: '09181234567',
  email: 'jose@example.com',
  birthdate: '1985-02-14',
  sex: 'male',
};

/** Reseller plan 31 ('Member', 1,199.00): subtotal 1,199.00 + VAT 143.88 = 1,342.88. */
const LINE: Json = { name: 'Member', shop_plan_id: 31, quantity: 1, promo_id: null, discount: 0, amount: 1342.88 };

const shop = useShopServer(() => NOW);

const bill = (body: Json) => shop.app.inject({ method: 'POST', url: '/api/v1/reseller-billing-informations', payload: body });
const payload = (form: Json = FORM, line: Json = LINE, extra: Json = {}) => ({
  ...form,
  reseller_id: RESELLER_ID,
  products: [line],
  ...extra,
});
const pending = async () => (await shop.store.all()).filter((o) => o.status === 'pending').length;

describe('POST /api/v1/reseller-billing-informations: valid orders', () => {
  it('stores a reseller order and answers 201 with the provider object under data.data', async () => {
    const response = await bill(payload());
    expect(response.statusCode).toBe(201);
    const body = response.json() as Json;
    const provider = body.data.data.sandboxpay;
    expect(new URL(provider.post_redirect).pathname).toBe('/api/v1/sandbox-pay/payment-requests');
    expect(provider.payment_request).toEqual({
      token: expect.any(String),
      order_id: expect.any(Number),
      amount: 1342.88,
      currency: 'PHP',
      description: 'Member x 1',
    });

    const order = (await shop.store.byId(provider.payment_request.order_id))!;
    expect(order).toMatchObject({
      kind: 'reseller',
      plan_id: 31,
      reseller_id: RESELLER_ID,
      quantity: 1,
      members: 0,
      promo_id: null,
      total: 134_288,
      status: 'pending',
    });
    expect(order.billing).toMatchObject({ country: 'PH', zip_code: '1100', email: 'jose@example.com' });
    expect(order.billing).not.toHaveProperty('reseller_id');
  });

  it('takes any non-empty phone number (no length or digit rule on this checkout)', async () => {
    const response = await bill(payload({ ...FORM, phone_number: '+63 (918) 123-4567 ext. 12' }));
    expect(response.statusCode).toBe(201);
  });

  it('prices household members and requires the dependents of a family plan', async () => {
    // Plan 33 ('Member Family', 4,499.00, 749.00 per member, up to 4 dependents), 2 members:
    // subtotal 5,997.00 + VAT 719.64 = 6,716.64.
    const family = { name: 'Member Family', shop_plan_id: 33, quantity: 1, promo_id: null, discount: 0, amount: 6716.64, member: 2 };
    const missing = await bill(payload(FORM, family));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.no_dependents).toEqual(['This field is required']);
    const ok = await bill(payload({ ...FORM, no_dependents: 3 }, family));
    expect(ok.statusCode).toBe(201);
    expect(await shop.store.byId(ok.json().data.data.sandboxpay.payment_request.order_id)).toMatchObject({ members: 2, total: 671_664 });
  });

  it('hands over to the sandbox provider by a plain form post of the token, and Pay e-mails the key', async () => {
    const { sandboxpay } = (await bill(payload({ ...FORM, email: 'formpost@example.com' }))).json().data.data;
    const form = new URLSearchParams(Object.entries(sandboxpay.payment_request).map(([k, v]) => [k, String(v)])).toString();
    const posted = await shop.app.inject({
      method: 'POST',
      url: new URL(sandboxpay.post_redirect).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/sandbox-pay/checkout/${sandboxpay.payment_request.token}`);
    const paid = await shop.app.inject({
      method: 'POST',
      url: `${posted.headers.location}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    const mails = (await shop.app.inject('/api/dev/outbox')).json().data as Json[];
    const mail = mails.find((m) => m.to === 'formpost@example.com');
    expect(mail?.body).toMatch(/Access key: BD-/);
  });
});

describe('POST /api/v1/reseller-billing-informations: refusals store nothing payable', () => {
  const cases: Array<[string, Json, number, string | RegExp]> = [
    [
      'a tampered amount',
      payload(FORM, { ...LINE, amount: 1 }),
      422,
      'The amount does not match the price of the plan. Please review your cart and try again.',
    ],
    ['the amount without VAT', payload(FORM, { ...LINE, amount: 1199 }), 422, /amount does not match/],
    ['a discount', payload(FORM, { ...LINE, discount: 100, amount: 1242.88 }), 422, /discount does not match/],
    ['a promo code', payload(FORM, { ...LINE, promo_id: 1 }), 422, 'Promo codes cannot be used on this checkout.'],
    ['more than one plan unit', payload(FORM, { ...LINE, quantity: 2 }), 422, 'This shop sells 1 per order.'],
    [
      'a plan of the standard shop',
      payload(FORM, { ...LINE, shop_plan_id: 1 }),
      422,
      'The selected plan does not exist. Please choose a plan again.',
    ],
    ['no reseller', { ...FORM, products: [LINE] }, 422, 'reseller_id must be the id of the shop.'],
    ['an unknown reseller', payload(FORM, LINE, { reseller_id: 999_999 }), 422, 'reseller_id must be the id of the shop.'],
    [
      'a plan of another shop (a merchant id as reseller)',
      payload(FORM, LINE, { reseller_id: DEMO.merchant.id }),
      422,
      'reseller_id must be the id of the shop.',
    ],
    ['another country', payload({ ...FORM, country: 'US' }), 422, 'Plans of this shop are sold in the Philippines only'],
    ['an empty phone number', payload({ ...FORM, phone_number: '' }), 422, 'This field is required'],
    ['the standard form (zip instead of zip_code)', payload({ ...FORM, zip_code: undefined, zip: '1100' }), 422, /./],
  ];

  it.each(cases)('%s -> %i', async (_name, body, status, message) => {
    const before = await pending();
    const response = await bill(body);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    expect(await pending()).toBe(before);
  });

  it('reports form errors per field', async () => {
    const response = await bill(payload({ ...FORM, email: 'nope', confirm_email: 'other@example.com', zip_code: '' }));
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors.email).toEqual(['Email must be valid']);
    expect(errors.confirm_email).toEqual(['Email does not match']);
    expect(errors.zip_code).toEqual(['This field is required']);
  });
});
