import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_RATE_LIMIT_FLOOR,
  CODE_CHECK_RATE_LIMIT_FLOOR,
  KEY_RATE_LIMIT_FLOOR,
  perMinuteAtLeast,
  RATE_LIMIT_MESSAGE,
  WRITE_RATE_LIMITS,
} from '../../server/rate-limit';
import { BILLING_FORM, startServer, submission, VALID_SUBMISSIONS } from './helpers';

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
