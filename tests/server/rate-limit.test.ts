import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_RATE_LIMIT_FLOOR,
  CODE_CHECK_RATE_LIMIT_FLOOR,
  KEY_RATE_LIMIT_FLOOR,
  perMinuteAtLeast,
  RATE_LIMIT_MESSAGE,
  SITE_CHECK_LIMIT_MESSAGE,
  WRITE_RATE_LIMITS,
} from '../../server/rate-limit';
import { DEMO } from '../../server/seed';
import { BILLING_FORM, movableClock, startServer, submission, VALID_SUBMISSIONS } from './helpers';

/** The endpoints that write or probe beyond the forms: billings, code checks and key activations. */
describe('rate limits of billings, code checks and activations', () => {
  let limited: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    limited = await startServer({ formRateLimit: 3 });
  });
  afterAll(async () => limited.cleanup());

  const post = (url: string, payload: object) =>
    limited.app.inject({
      method: 'POST',
      url: url.startsWith('/') ? url : `/api/v1/${url}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  /** Sends `count` requests, then one more, and returns the statuses of the first ones and the last reply. */
  async function exhaust(url: string, payload: object, count: number) {
    const statuses = new Set<number>();
    for (let i = 0; i < count; i++) statuses.add((await post(url, payload)).statusCode);
    return { statuses, refused: await post(url, payload) };
  }

  it('a floor applies when the form limit is lower', () => {
    expect(perMinuteAtLeast(30, 3).config.rateLimit.max).toBe(30);
    expect(perMinuteAtLeast(30, 1000).config.rateLimit.max).toBe(1000);
  });

  it.each([
    ['billing-informations', BILLING_RATE_LIMIT_FLOOR, { ...BILLING_FORM, products: [] }],
    ['merchant-billing-informations', BILLING_RATE_LIMIT_FLOOR, { ...BILLING_FORM, products: [] }],
    ['reseller-billing-informations', BILLING_RATE_LIMIT_FLOOR, { ...BILLING_FORM, products: [] }],
    ['promos/check/code', CODE_CHECK_RATE_LIMIT_FLOOR, { code: 'NOPE' }],
    ['promotion-shop-plans/check/code', CODE_CHECK_RATE_LIMIT_FLOOR, { reseller_id: 201, code: 'NOPE' }],
    ['key-assignments', KEY_RATE_LIMIT_FLOOR, { access_key: 'X' }],
    ['promotions/check/slug', WRITE_RATE_LIMITS.slugCheck, { slug: 'nope' }],
    // The payment routes: the provider's notifications, and the sandbox provider's own routes (demo).
    ['payments/notifications', WRITE_RATE_LIMITS.notification, { id: 'evt_x' }],
    ['sandbox-pay/payment-requests', WRITE_RATE_LIMITS.payment, {}],
    ['/sandbox-pay/checkout/nope/pay', WRITE_RATE_LIMITS.payment, {}],
    ['/sandbox-pay/checkout/nope/cancel', WRITE_RATE_LIMITS.payment, {}],
  ])('POST %s: %i per minute per IP, then 429 with the message and Retry-After', async (url, floor, payload) => {
    const { statuses, refused } = await exhaust(url, payload, floor);
    expect(statuses.has(429)).toBe(false);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: RATE_LIMIT_MESSAGE });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts an IPv6 /64 as one client, and an IPv4-mapped address as its IPv4 address', async () => {
    const contact = (remoteAddress: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/v1/form-emails/contact-us',
        payload: submission('contact-us', VALID_SUBMISSIONS['contact-us']),
        remoteAddress,
      });
    // The form limit is 3 here: three addresses of one /64 use it up for the fourth.
    for (const ip of ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:0db8:0005:0006:ffff::3'])
      expect((await contact(ip)).statusCode, ip).toBe(201);
    const refused = await contact('2001:db8:5:6:abcd::4');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: RATE_LIMIT_MESSAGE });
    expect((await contact('2001:db8:5:7::1')).statusCode).toBe(201);

    for (let i = 0; i < 3; i++) expect((await contact('203.0.113.50')).statusCode).toBe(201);
    expect((await contact('::ffff:203.0.113.50')).statusCode).toBe(429);
  });

  it('content reads stay unlimited', async () => {
    for (let i = 0; i < 5; i++) expect((await limited.app.inject({ method: 'GET', url: '/api/v1/shop-plans' })).statusCode).toBe(200);
  });
});

/**
 * Promo-code checks on the whole site: a limit an hour for all clients together, so that a client
 * holding many addresses (each IPv6 /64 is a client of its own) cannot try codes without end.
 */
describe('the site-wide limit of promo-code checks', () => {
  const LIMIT = 6;
  const clock = movableClock(new Date('2026-03-02T01:00:00Z'));
  const logged: string[] = [];
  let site: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    site = await startServer({
      now: clock.now,
      promoCheckLimit: LIMIT,
      trustProxy: '127.0.0.1',
      logger: 'warn',
      logStream: { write: (line) => void logged.push(line) },
    });
  });
  afterAll(async () => site.cleanup());

  let network = 0;
  /** A client of its own: an address in a /64 no other request here came from, through the trusted proxy. */
  const newClient = () => `2001:db8:${(++network).toString(16)}::${network}`;
  const check = (url: string, payload: object, client = newClient()) =>
    site.app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      payload: JSON.stringify(payload),
    });
  const promo = (code: string, client?: string) => check('promos/check/code', { code }, client);
  const unlock = (code: string, client?: string) =>
    check('promotion-shop-plans/check/code', { reseller_id: DEMO.promotion.id, code }, client);
  const refusals = async () => (await site.app.ctx.metrics.codeChecksRefused.get()).values[0].value;

  it('refuses a check once N were made from as many clients, each far below its own limit, and tells nothing of the code then', async () => {
    // Bodies the schema refuses, and codes that exist (they give their check back), spend nothing.
    for (let i = 0; i < 3; i++) expect((await check('promos/check/code', { code: ' ' })).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) expect((await promo(DEMO.promoCodes.valid)).statusCode).toBe(200);
    expect((await unlock(DEMO.promotion.code)).statusCode).toBe(200);
    // LIMIT wrong codes, one per client, on both checks.
    for (let i = 0; i < LIMIT; i++) {
      const response = i % 2 === 0 ? await promo(`NOPE${i}`) : await unlock(`NOPE${i}`);
      expect(response.statusCode, `check ${i + 1}`).toBe(404);
    }
    expect(await refusals()).toBe(0);
    // The next one, from yet another client, and one from a client that made a single check so far.
    const again = `2001:db8:ffff::1`;
    expect((await promo('NOPE-FIRST', again)).statusCode).toBe(429);
    for (const response of [await promo('NOPE-NEXT'), await promo('NOPE-SAME', again)]) {
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({ message: SITE_CHECK_LIMIT_MESSAGE });
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    // A code that exists is refused alike: a refusal says nothing about the code.
    expect((await promo(DEMO.promoCodes.valid)).statusCode).toBe(429);
    expect((await unlock(DEMO.promotion.code)).statusCode).toBe(429);
    // What the operator sees: a counter of refusals, and one warning for the spent window.
    expect(await refusals()).toBe(5);
    const warnings = logged.filter((line) => line.includes('PROMO_CHECK_LIMIT'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0])).toMatchObject({ level: 40 });
    // Other routes of the shop are not affected.
    expect((await check('promotions/check/slug', { slug: 'no-such-promotion' })).statusCode).toBe(404);
    // An hour later the site checks codes again.
    await clock.later(60, async () => {
      expect((await promo(DEMO.promoCodes.valid)).statusCode).toBe(200);
      expect((await promo('NOPE-LATER')).statusCode).toBe(404);
    });
  });
});
