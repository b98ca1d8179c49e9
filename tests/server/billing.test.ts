import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { BILLING_FORM, useShopServer } from './helpers';

const ROOT = path.resolve(__dirname, '../..');
const NOW = new Date('2026-05-20T04:00:00Z'); // 2026-05-20, noon in Manila
type Json = Record<string, any>;

/** A complete, valid billing form (standard checkout), optional fields filled. */
const FORM: Json = { ...BILLING_FORM, middle_name: 'Cruz', source: 'Bantay Doc Employee' };

/** The cart line as the browser computes it: plan 1 (Individual, 1,499.00, no per-member price). */
const LINE: Json = {
  shop_plan_id: 1,
  quantity: 1,
  discount: 0,
  amount: 1678.88,
  name: 'Individual',
  description: 'Unlimited teleconsultation',
  member: 0,
  promo_id: null,
};

let clock = NOW;
const shop = useShopServer(() => clock);

const bill = (form: Json, line: Json | Json[], headers: Record<string, string> = {}) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/billing-informations',
    payload: { ...form, products: Array.isArray(line) ? line : [line] },
    headers,
  });

/** Orders a buyer could pay: pending ones (the seeded demo orders are paid). */
const payable = async () => (await shop.store.all()).filter((o) => o.status === 'pending').length;

describe('POST /api/v1/billing-informations: valid orders', () => {
  it('stores the order and answers 201 with the sandbox provider object', async () => {
    const before = await payable();
    const response = await bill(FORM, LINE, { host: 'shop.example.test:8443' });
    expect(response.statusCode).toBe(201);
    const body = response.json() as Json;
    expect(Object.keys(body)).toEqual(['sandboxpay']);
    const { post_redirect, payment_request } = body.sandboxpay;
    // From the configured provider URL, never from the request's Host header.
    expect(post_redirect).toBe('http://127.0.0.1:8080/api/v1/sandbox-pay/payment-requests');
    expect(payment_request).toEqual({
      token: expect.any(String),
      order_id: expect.any(Number),
      amount: 1678.88,
      currency: 'PHP',
      description: 'Individual x 1',
    });
    expect(payment_request.token.length).toBeGreaterThanOrEqual(40);

    expect(await payable()).toBe(before + 1);
    const order = (await shop.store.byId(payment_request.order_id))!;
    expect(order).toMatchObject({
      kind: 'standard',
      plan_id: 1,
      plan_name: 'Individual',
      quantity: 1,
      members: 0,
      promo_id: null,
      subtotal: 149_900,
      vat: 17_988,
      promo_discount: 0,
      total: 167_888,
      unit_amount: 167_888,
      status: 'pending',
      token: payment_request.token,
      email: 'maria@example.com',
      created_at: NOW.toISOString(),
    });
    expect(order.billing).toEqual(FORM);
  });

  it('recomputes a promo order: WELCOME10 (149.90 off plan 1), quantity 2', async () => {
    const response = await bill(FORM, { ...LINE, quantity: 2, promo_id: 1, promo_code: 'welcome10', discount: 149.9, amount: 1678.88 });
    expect(response.statusCode).toBe(201);
    const { payment_request } = response.json().sandboxpay;
    expect(payment_request).toMatchObject({ amount: 3207.86, description: 'Individual x 2' });
    expect(await shop.store.byId(payment_request.order_id)).toMatchObject({
      promo_id: 1,
      promo_discount: 14_990,
      total: 320_786,
      unit_amount: 167_888,
    });
  });

  it('prices household members on a plan with a per-member price (Family, 999.00 per member) and keeps no_dependents', async () => {
    // 5,999 + 2 × 999 = 7,997; VAT 959.64; total 8,956.64
    const response = await bill({ ...FORM, no_dependents: 3 }, { ...LINE, shop_plan_id: 3, member: 2, amount: 8956.64 });
    expect(response.statusCode).toBe(201);
    const order = (await shop.store.byId(response.json().sandboxpay.payment_request.order_id))!;
    expect(order).toMatchObject({ plan_id: 3, members: 2, members_total: 199_800, total: 895_664 });
    expect(order.billing.no_dependents).toBe(3);
  });

  it('accepts amounts sent as numeric text and drops no_dependents on a plan with one dependent at most', async () => {
    const response = await bill({ ...FORM, no_dependents: 7 }, { ...LINE, amount: '1678.88', discount: '0' });
    expect(response.statusCode).toBe(201);
    const order = (await shop.store.byId(response.json().sandboxpay.payment_request.order_id))!;
    expect(order.billing).not.toHaveProperty('no_dependents');
  });
});

describe('POST /api/v1/billing-informations: tampering is refused, nothing payable is stored', () => {
  const cases: Array<[string, Json, Json | Json[], string]> = [
    [
      'amount 1 centavo more',
      FORM,
      { ...LINE, amount: 1678.89 },
      'The amount does not match the price of the plan. Please review your cart and try again.',
    ],
    [
      'amount 1 centavo less',
      FORM,
      { ...LINE, amount: 1678.87 },
      'The amount does not match the price of the plan. Please review your cart and try again.',
    ],
    [
      'amount with a fraction of a centavo',
      FORM,
      { ...LINE, amount: 1678.881 },
      'amount must be an amount in pesos with at most two decimals.',
    ],
    [
      'discount changed',
      FORM,
      { ...LINE, promo_id: 1, promo_code: 'WELCOME10', discount: 150 },
      'The discount does not match the promo code. Please review your cart and try again.',
    ],
    [
      'discount without a promo',
      FORM,
      { ...LINE, discount: 149.9, amount: 1678.88 },
      'The discount does not match the promo code. Please review your cart and try again.',
    ],
    ['unknown plan', FORM, { ...LINE, shop_plan_id: 999 }, 'The selected plan does not exist. Please choose a plan again.'],
    [
      'a merchant plan on the standard checkout',
      FORM,
      { ...LINE, shop_plan_id: 11, amount: 1454.88 },
      'The selected plan does not exist. Please choose a plan again.',
    ],
    ['quantity 0', FORM, { ...LINE, quantity: 0 }, 'Quantity must be a whole number of 1 or more.'],
    ['quantity 1.5', FORM, { ...LINE, quantity: 1.5 }, 'Quantity must be a whole number of 1 or more.'],
    ['quantity as text', FORM, { ...LINE, quantity: '1' }, 'Quantity must be a whole number of 1 or more.'],
    [
      'members on a plan without per-member price',
      FORM,
      { ...LINE, member: 1 },
      'This plan has no price per household member: household members cannot be added.',
    ],
    [
      'members on a plan whose per-member price is not applied',
      { ...FORM, no_dependents: 2 },
      { ...LINE, shop_plan_id: 2, member: 1, amount: 3358.88 },
      'This plan has no price per household member: household members cannot be added.',
    ],
    ['negative members', FORM, { ...LINE, member: -1 }, 'The number of household members must be a whole number of 0 or more.'],
    [
      'expired promo (EXPIRED10)',
      FORM,
      { ...LINE, promo_id: 2, promo_code: 'EXPIRED10', discount: 149.9 },
      'Promo code is already expired.',
    ],
    [
      'promo not started (FUTURE10)',
      FORM,
      { ...LINE, promo_id: 3, promo_code: 'FUTURE10', discount: 149.9 },
      "Sorry, this promo hasn't started yet.",
    ],
    [
      'promo for another plan (OTHERPLAN)',
      FORM,
      { ...LINE, promo_id: 4, promo_code: 'OTHERPLAN', discount: 299.9 },
      'Sorry, promo code OTHERPLAN cannot be applied in your plan.',
    ],
    [
      'unknown promo',
      FORM,
      { ...LINE, promo_id: 999, promo_code: 'WELCOME10', discount: 149.9 },
      "Sorry, promo code WELCOME10 doesn't exist.",
    ],
    // The promo's id alone unlocks nothing: its own code must come with it (re-checked on the server).
    ['a promo id without its code', FORM, { ...LINE, promo_id: 1, discount: 149.9 }, "Sorry, this promo code doesn't exist."],
    [
      "a promo id with another promo's code",
      FORM,
      { ...LINE, promo_id: 1, promo_code: 'OTHERPLAN', discount: 149.9 },
      "Sorry, promo code OTHERPLAN doesn't exist.",
    ],
    [
      'a code too long to be one',
      FORM,
      { ...LINE, promo_id: 1, promo_code: 'W'.repeat(51), discount: 149.9 },
      'promo_code must be the promo code the buyer entered (text of at most 50 characters).',
    ],
    ['an unknown field in the line', FORM, { ...LINE, price: 1 }, 'products[0] has an unknown field: price.'],
    [
      'a description of a megabyte',
      FORM,
      { ...LINE, description: 'x'.repeat(5001) },
      'products[0].description must be text of at most 5000 characters, without control characters.',
    ],
    [
      'no products',
      FORM,
      [],
      'products must hold exactly one item: { shop_plan_id, quantity, discount, amount, name, description, member, promo_id }.',
    ],
    [
      'two products',
      FORM,
      [LINE, LINE],
      'products must hold exactly one item: { shop_plan_id, quantity, discount, amount, name, description, member, promo_id }.',
    ],
  ];

  it.each(cases)('%s -> 422', async (_name, form, line, message) => {
    const before = (await shop.store.all()).length;
    const response = await bill(form, line);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message });
    expect((await shop.store.all()).length).toBe(before);
  });

  it('refuses a body that is not a JSON object', async () => {
    const before = (await shop.store.all()).length;
    const response = await shop.app.inject({ method: 'POST', url: '/api/v1/billing-informations', payload: [FORM] });
    expect(response.statusCode).toBe(400);
    expect((await shop.store.all()).length).toBe(before);
  });

  it('follows the promo window on the server clock (Manila days): redeemable on its end day, expired the day after', async () => {
    const welcome = (await shop.app.inject({ method: 'POST', url: '/api/v1/promos/check/code', payload: { code: 'WELCOME10' } })).json()
      .data;
    const [y, m, d] = (welcome.valid_end as string).split('-').map(Number);
    const promoLine = { ...LINE, promo_id: welcome.id, promo_code: 'WELCOME10', discount: 149.9 };
    try {
      clock = new Date(Date.UTC(y, m - 1, d, 15, 59)); // 23:59 in Manila on the end day
      expect((await bill(FORM, promoLine)).statusCode).toBe(201);
      clock = new Date(Date.UTC(y, m - 1, d, 16, 0)); // 00:00 in Manila the day after
      const response = await bill(FORM, promoLine);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('Promo code is already expired.');
    } finally {
      clock = NOW;
    }
  });
});

describe("POST /api/v1/billing-informations: the form is validated with the browser's own validator", () => {
  const form = JSON.parse(readFileSync(path.join(ROOT, 'src/generated/form-files/billing.json'), 'utf8')) as Json;

  it("answers 422 with the form's messages per field, in the form's order", async () => {
    const before = (await shop.store.all()).length;
    const response = await bill({ country: 'PH' }, LINE);
    expect(response.statusCode).toBe(422);
    const body = response.json() as { message: string; errors: Record<string, string[]> };
    // Every required field but the client-only confirmations, which the browser checks and does not send.
    expect(form.clientOnly).toEqual(['confirm_email', 'agree']);
    const required = form.schema.required.filter((f: string) => f !== 'country' && !form.clientOnly.includes(f));
    expect(Object.keys(body.errors)).toEqual(required);
    for (const field of required) expect(body.errors[field]).toEqual(['This field is required']);
    expect(body.message).toBe('This field is required');
    expect((await shop.store.all()).length).toBe(before);
  });

  it("takes the spec's fields: no confirm_email or agree needed; when sent anyway they are checked; unknown fields are refused", async () => {
    expect(BILLING_FORM).not.toHaveProperty('confirm_email');
    expect(BILLING_FORM).not.toHaveProperty('agree');
    const response = await bill(BILLING_FORM, LINE);
    expect(response.statusCode).toBe(201);
    const order = (await shop.store.byId(response.json().sandboxpay.payment_request.order_id))!;
    expect(Object.keys(order.billing).sort()).toEqual(Object.keys(BILLING_FORM).sort());
    expect((await bill({ ...BILLING_FORM, confirm_email: 'maria@example.com', agree: true }, LINE)).statusCode).toBe(201);
    expect((await bill({ ...BILLING_FORM, agree: false }, LINE)).json().errors).toEqual({ agree: ['You must agree to continue'] });
    expect((await bill({ ...BILLING_FORM, confirm_email: 'x@example.com' }, LINE)).json().errors).toEqual({
      confirm_email: ['Email does not match'],
    });
    const unknown = await bill({ ...BILLING_FORM, key: 'billing', data: '{}' }, LINE);
    expect(unknown.statusCode).toBe(422);
  });

  it('gives the rule messages of the spec', async () => {
    const response = await bill(
      {
        ...FORM,
        phone_number: '0917-123-45678',
        email: 'maria@example',
        confirm_email: 'other@example.com',
        birthdate: '2999-01-01',
        agree: false,
        country: 'XX',
        sex: 'other',
      },
      LINE,
    );
    expect(response.statusCode).toBe(422);
    const { errors } = response.json() as { errors: Record<string, string[]> };
    expect(errors).toEqual({
      country: ['Select one of the options'],
      phone_number: ['Up to 11 characters allowed', 'Only numbers are allowed'],
      email: ['Email must be valid'],
      confirm_email: ['Email does not match'],
      birthdate: ['Birthdate must not be later than yesterday'],
      sex: ['Select one of the options'],
      agree: ['You must agree to continue'],
    });
  });

  it('checks no_dependents against the plan: required and 1 to its maximum when that is above 1', async () => {
    const family = { ...LINE, shop_plan_id: 3, amount: 6718.88 }; // Family: up to 4 dependents
    const missing = await bill(FORM, family);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ no_dependents: ['This field is required'] });
    const tooMany = await bill({ ...FORM, no_dependents: 5 }, family);
    expect(tooMany.json()).toEqual({ message: 'Choose between 1 and 4', errors: { no_dependents: ['Choose between 1 and 4'] } });
    const zero = await bill({ ...FORM, no_dependents: 0 }, family);
    expect(zero.json().errors).toEqual({ no_dependents: ['Choose between 1 and 4'] });
    expect((await bill({ ...FORM, no_dependents: 4 }, family)).statusCode).toBe(201);
  });

  it("takes the source option '{product} Employee' with the product's name of pages.config.json, not the placeholder", async () => {
    const config = JSON.parse(readFileSync(path.join(ROOT, 'pages.config.json'), 'utf8')) as Json;
    const employee = `${config.site.product.name as string} Employee`;
    expect((await bill({ ...FORM, source: employee }, LINE)).statusCode).toBe(201);
    const placeholder = await bill({ ...FORM, source: '{product} Employee' }, LINE);
    expect(placeholder.statusCode).toBe(422);
    expect(placeholder.json().errors).toEqual({ source: ['Select one of the options'] });
  });

  it('refuses fields the form does not have', async () => {
    const response = await bill({ ...FORM, is_admin: true }, LINE);
    expect(response.statusCode).toBe(422);
  });
});

describe('the billing form file', () => {
  const form = JSON.parse(readFileSync(path.join(ROOT, 'src/generated/form-files/billing.json'), 'utf8')) as Json;

  it('lists about 240 countries led by the Philippines (default), with names in the same order', () => {
    const codes = form.schema.properties.country.enum as string[];
    const names = form.uiSchema.country['ui:enumNames'] as string[];
    expect(codes.length).toBeGreaterThanOrEqual(240);
    expect(new Set(codes).size).toBe(codes.length);
    expect(names).toHaveLength(codes.length);
    expect([codes[0], names[0], form.schema.properties.country.default]).toEqual(['PH', 'Philippines', 'PH']);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('works in the browser through rjsf: the confirm-email rule ($data), and no pre-filled confirm e-mail or agreement', async () => {
    const mod = (await import(pathToFileURL(path.join(ROOT, 'src/generated/validators/billing.js')).href)) as {
      default: Record<string, any>;
    };
    const schema = form.schema as RJSFSchema;
    const validator = createPrecompiledValidator(mod.default, schema);
    // In the browser the form holds its client-only confirmations too.
    const typed = { ...FORM, confirm_email: FORM.email, agree: true };
    expect(validator.validateFormData(typed, schema).errors).toEqual([]);
    // (rjsf reports the two missing confirmations on the form itself: the browser moves them onto their fields.)
    expect(validator.validateFormData(FORM, schema).errors.map((e) => e.message)).toEqual([
      'This field is required',
      'You must agree to continue',
    ]);
    const mismatch = validator.validateFormData({ ...typed, confirm_email: 'maria@example.org' }, schema);
    expect(mismatch.errors.map((e) => [e.property, e.message])).toEqual([['.confirm_email', 'Email does not match']]);
    const defaults = getDefaultFormState(validator, schema, {}, schema) as Json;
    expect(defaults.country).toBe('PH');
    expect(defaults).not.toHaveProperty('confirm_email');
    expect(defaults.agree).not.toBe(true); // never pre-ticked
  });

  it('has a precompiled validator that runs without a compiler (CSP without unsafe-eval)', () => {
    const code = readFileSync(path.join(ROOT, 'src/generated/validators/billing.js'), 'utf8');
    expect(code).not.toMatch(/new Function|eval\(|require\(/);
    for (const [, specifier] of code.matchAll(/^import .* from "([^"]+)";$/gm))
      expect(specifier).toMatch(/^(ajv\/dist\/runtime\/|ajv-formats\/dist\/formats)/);
  });
});
