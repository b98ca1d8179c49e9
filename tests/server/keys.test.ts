import { describe, expect, it } from 'vitest';
import { one, sql } from '../../server/db';
import { DEMO_KEY_ORDERS } from '../../server/seed';
import { manilaToday } from '../../domain/dates';
import { BILLING_FORM, mailedKeys, useShopServer } from './helpers';

/** 12:00 on 20 May 2026 in Manila. */
const NOW = new Date('2026-05-20T04:00:00Z');
type Json = Record<string, any>;

const BILLING: Json = BILLING_FORM;
/** Plan 1 (Individual, 1,499.00): the billed unit amount is 1,678.88 whatever the quantity. */
const line = (quantity: number): Json => ({
  shop_plan_id: 1,
  quantity,
  discount: 0,
  amount: 1678.88,
  name: 'Individual',
  description: '',
  member: 0,
  promo_id: null,
});

/** A key pair with its activation code in clear (from the key e-mail, or as issueKeys returns it). */
type Pair = { access_key: string; activation_code: string };

/** The single form's fields, as forms/key-assignment.json has them. */
const single = (key: Pair): Json => ({
  first_name: 'Maria',
  middle_name: 'Lopez',
  last_name: 'Santos',
  birthdate: '1990-05-01',
  email: 'maria@example.com',
  phone_number: '09171234567',
  access_key: key.access_key,
  activation_code: key.activation_code,
  gender: 'female',
  employment_status: 'Employed',
});
/** A multi-member card's payload (birthdate MM/DD/YYYY and the employee flag). */
const card = (key: Pair, extra: Json = {}): Json => ({
  first_name: 'Jose',
  last_name: 'Santos',
  birthdate: '02/14/1988',
  email: 'jose@example.com',
  phone_number: '09181234567',
  access_key: key.access_key,
  activation_code: key.activation_code,
  employee: true,
  ...extra,
});

const shop = useShopServer(() => NOW);

/** Buys `quantity` units of plan 1 through billing and the sandbox Pay; returns the key pairs of its e-mail. */
async function buyKeys(quantity: number): Promise<Pair[]> {
  const billing = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/billing-informations',
    payload: { ...BILLING, products: [line(quantity)] },
  });
  expect(billing.statusCode).toBe(201);
  const { token, order_id } = billing.json().sandboxpay.payment_request as { token: string; order_id: number };
  const pay = await shop.app.inject({
    method: 'POST',
    url: `/sandbox-pay/checkout/${token}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(pay.statusCode).toBe(303);
  const pairs = await mailedKeys(shop.app.ctx.db, order_id);
  expect(pairs.map((pair) => pair.access_key)).toEqual((await shop.store.keysOf(order_id)).map((key) => key.access_key));
  return pairs;
}

const activate = (payload: unknown) => shop.app.inject({ method: 'POST', url: '/api/v1/key-assignments', payload: payload as Json });
const row = async (accessKey: string) =>
  (await one<{ status: string; activated_at: string | null; member: string | null }>(
    shop.app.ctx.db.query,
    sql`SELECT status, activated_at, member FROM access_keys WHERE access_key = ${accessKey}`,
  ))!;

describe('POST /api/v1/key-assignments', () => {
  it("activates a bought key once (single form, the spec's fields); the member is kept without the codes", async () => {
    const [key] = await buyKeys(1);
    const fields = single(key);
    // The form flow's envelope (key, data) is not the spec's payload: refused like any unknown field.
    const enveloped = await activate({ key: 'key-assignments', data: JSON.stringify(fields), ...fields });
    expect(enveloped.statusCode).toBe(422);
    expect(await row(key.access_key)).toMatchObject({ status: 'unused', member: null });
    const response = await activate({ ...fields, company: '  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { access_key: key.access_key, status: 'used', activated_at: NOW.toISOString() } });

    const stored = await row(key.access_key);
    expect(stored.status).toBe('used');
    expect(stored.activated_at).toBe(NOW.toISOString());
    const { access_key: _k, activation_code: _c, ...member } = fields;
    // The empty company is not kept (sent only when filled).
    expect(JSON.parse(stored.member!)).toEqual(member);
  });

  it('refuses a second activation of the same key with 409 and says why; the first member stays', async () => {
    const [key] = await buyKeys(1);
    expect((await activate(single(key))).statusCode).toBe(200);
    const before = await row(key.access_key);
    const again = await activate({ ...single(key), first_name: 'Someone', last_name: 'Else' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This access key has already been activated.' });
    // Also as a multi-member card.
    const asCard = await activate(card(key));
    expect(asCard.statusCode).toBe(409);
    expect(await row(key.access_key)).toEqual(before);
  });

  it('refuses an unknown pair, and a known key with a wrong code, with the same 404 message; the key stays unused', async () => {
    const unknown = await activate(single({ access_key: 'BD-AAAA-BBBB-CCCC', activation_code: '12345678' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Invalid access key or activation code.' });

    const [key] = await buyKeys(1);
    const wrongCode = key.activation_code === '00000000' ? '11111111' : '00000000';
    const wrong = await activate(card({ access_key: key.access_key, activation_code: wrongCode }));
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ message: 'Invalid access key or activation code.' });
    expect(await row(key.access_key)).toMatchObject({ status: 'unused', activated_at: null, member: null });
    // The right code still works afterwards; a key typed in lower case with spaces is the same key.
    expect(
      (await activate(card({ access_key: ` ${key.access_key.toLowerCase()} `, activation_code: key.activation_code }))).statusCode,
    ).toBe(200);
  });

  it('activates multi-member cards (MM/DD/YYYY, employee flag), one request per card', async () => {
    const keys = await buyKeys(3);
    const members = [
      card(keys[0], { employee: true }),
      card(keys[1], { employee: false, first_name: 'Ana', middle_name: 'Cruz' }),
      card(keys[2], { employee: false, first_name: 'Ben' }),
    ];
    for (const payload of members) expect((await activate(payload)).statusCode).toBe(200);
    const { access_key: _k, activation_code: _c, ...second } = members[1];
    expect(JSON.parse((await row(keys[1].access_key)).member!)).toEqual(second);
    expect(JSON.parse((await row(keys[0].access_key)).member!)).toMatchObject({ employee: true, birthdate: '02/14/1988' });
  });

  it('activates a seeded demo pair', async () => {
    const pair = DEMO_KEY_ORDERS[1].keys[3];
    const response = await activate(card({ access_key: pair.accessKey, activation_code: pair.activationCode }, { employee: false }));
    expect(response.statusCode).toBe(200);
    expect((await row(pair.accessKey)).status).toBe('used');
  });

  it('answers 422 with the form’s messages for invalid data, and activates nothing', async () => {
    const [key] = await buyKeys(1);
    const cases: Array<[Json, Record<string, string[]>]> = [
      // The single form: its own rules (birthdate not later than yesterday in Manila, phone, e-mail, gender).
      // (the precompiled x-maxDate keyword reads the real clock, as in the browser)
      [{ ...single(key), birthdate: manilaToday(new Date()) }, { birthdate: ['Birthdate must not be later than yesterday'] }],
      [{ ...single(key), phone_number: '0917-123' }, { phone_number: ['Only numbers are allowed'] }],
      [{ ...single(key), email: 'maria@example' }, { email: ['Email must be valid'] }],
      [
        { ...single(key), gender: undefined, first_name: ' ' },
        { first_name: ['This field is required'], gender: ['This field is required'] },
      ],
      // A card: MM/DD/YYYY of a real day not later than yesterday, its own e-mail message.
      [card(key, { birthdate: '1988-02-14' }), { birthdate: ['Enter a valid date (MM/DD/YYYY)'] }],
      [card(key, { birthdate: '02/30/1988' }), { birthdate: ['Enter a valid date (MM/DD/YYYY)'] }],
      [card(key, { birthdate: '05/20/2026' }), { birthdate: ['Enter a valid date (MM/DD/YYYY)'] }],
      [card(key, { email: 'jose' }), { email: ['Must be a valid e-mail'] }],
      [card(key, { phone_number: '091812345678' }), { phone_number: ['Up to 11 characters allowed'] }],
      [
        card(key, { access_key: '', activation_code: '' }),
        { access_key: ['This field is required'], activation_code: ['This field is required'] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await activate(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      const body = response.json();
      expect(body.errors).toEqual(errors);
      expect(body.message).toBe(Object.values(errors)[0][0]);
    }
    // A card with the single form's fields is not a card.
    const mixed = await activate(card(key, { gender: 'male' }));
    expect(mixed.statusCode).toBe(422);
    expect((await row(key.access_key)).status).toBe('unused');
  });

  it('answers 400 for a body that is not an object', async () => {
    for (const payload of ['"text"', '[1]']) {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/v1/key-assignments',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('message');
    }
  });

  it('refuses a key of an order that is not paid', async () => {
    const order = await shop.store.create({
      kind: 'standard',
      planId: 1,
      planName: 'Individual',
      resellerId: null,
      quantity: 1,
      members: 0,
      promoId: null,
      totals: {
        planTotal: 149900,
        members: null,
        subtotal: 149900,
        vat: 17988,
        totalCost: 167888,
        promoDiscount: 0,
        total: 167888,
        unitAmount: 167888,
      },
      billing: BILLING,
      email: BILLING.email,
      createdAt: NOW.toISOString(),
      expiresAt: null,
    });
    const [key] = await shop.store.issueKeys(order.id, 1, { now: NOW.toISOString(), keyPrefix: 'BD' });
    const response = await activate(single(key));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This access key cannot be activated until its order is paid.' });
  });

  it('lets only one of two simultaneous activations of a key win', async () => {
    const [key] = await buyKeys(1);
    const results = await Promise.all([activate(single(key)), activate(card(key))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
