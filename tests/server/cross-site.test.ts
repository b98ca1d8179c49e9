import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { one, sql } from '../../server/db';
import { CROSS_SITE_MESSAGE, fromAnotherSite } from '../../server/security';
import { BILLING_FORM, signedNotification, STANDARD_LINE, startServer, submission, VALID_SUBMISSIONS } from './helpers';
import { CV_PDF, multipartBody } from './files';

/**
 * State-changing requests to /api/v1 from a browser on another site are refused (Sec-Fetch-Site,
 * else Origin, against the site's PUBLIC_URL); the site's own requests, requests without either
 * header (curl, servers) and the provider's signed notifications pass.
 */

const SITE = 'https://www.bantaydoc.example';
const OTHER = 'https://evil.example';

let app: FastifyInstance;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ app, cleanup } = await startServer({ publicUrl: SITE, formRateLimit: 1000, formFileRateLimit: 1000 }));
});
afterAll(async () => cleanup());

const submissions = async () =>
  (await one<{ n: number }>(app.ctx.db.query, sql`SELECT CAST(count(*) AS INTEGER) AS n FROM form_submissions`))!.n;

const contact = (headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/form-emails/contact-us',
    headers: { 'content-type': 'application/json', ...headers },
    payload: submission('contact-us', VALID_SUBMISSIONS['contact-us']),
  });

describe('cross-site state-changing requests', () => {
  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site', origin: OTHER }],
    ['Sec-Fetch-Site: cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site from a sibling host', { 'sec-fetch-site': 'same-site', origin: 'https://shop.bantaydoc.example' }],
    ['an Origin of another site (no Sec-Fetch-Site)', { origin: OTHER }],
    ['Origin: null (a sandboxed frame or a data: page)', { origin: 'null' }],
    ['an Origin of the site over http', { origin: 'http://www.bantaydoc.example' }],
  ])('refuses a form submission with %s: 403, nothing stored', async (_name, headers) => {
    const before = await submissions();
    const refused = await contact(headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: CROSS_SITE_MESSAGE });
    expect(await submissions()).toBe(before);
  });

  it('refuses a CV upload from another site before its body counts (the multipart post a page elsewhere can send)', async () => {
    const { payload, headers } = await multipartBody({
      key: 'apply-now',
      data: JSON.stringify(VALID_SUBMISSIONS['apply-now']),
      file: { filename: 'cv.pdf', type: 'application/pdf', content: CV_PDF },
    });
    const before = await submissions();
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/form-emails/apply-now',
      payload,
      headers: { ...headers, 'sec-fetch-site': 'cross-site', origin: OTHER },
    });
    expect(refused.statusCode).toBe(403);
    expect(await submissions()).toBe(before);
    const own = await app.inject({
      method: 'POST',
      url: '/api/v1/form-emails/apply-now',
      payload,
      headers: { ...headers, 'sec-fetch-site': 'same-origin', origin: SITE },
    });
    expect(own.statusCode).toBe(201);
  });

  it('refuses a billing from another site too', async () => {
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/billing-informations',
      headers: { 'sec-fetch-site': 'cross-site', origin: OTHER },
      payload: { ...BILLING_FORM, products: [] },
    });
    expect(refused.statusCode).toBe(403);
  });

  it.each([
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin', origin: SITE }],
    ['Sec-Fetch-Site: none (typed, bookmarked)', { 'sec-fetch-site': 'none' }],
    ['Sec-Fetch-Site: same-site with the site’s own Origin', { 'sec-fetch-site': 'same-site', origin: SITE }],
    ['the site’s Origin without Sec-Fetch-Site', { origin: SITE }],
    ['neither header (curl, a server)', {}],
  ])('accepts a form submission with %s', async (_name, headers) => {
    expect((await contact(headers)).statusCode).toBe(201);
  });

  it('leaves reads alone', async () => {
    const read = await app.inject({ method: 'GET', url: '/api/v1/faqs', headers: { 'sec-fetch-site': 'cross-site', origin: OTHER } });
    expect(read.statusCode).toBe(200);
  });

  it("accepts the provider's signed notification whatever its Sec-Fetch-Site and Origin say", async () => {
    const billing = await app.inject({
      method: 'POST',
      url: '/api/v1/billing-informations',
      headers: { 'sec-fetch-site': 'same-origin', origin: SITE },
      payload: { ...BILLING_FORM, products: [STANDARD_LINE] },
    });
    expect(billing.statusCode).toBe(201);
    const orderId = billing.json().sandboxpay.payment_request.order_id as number;
    const body = JSON.stringify({ id: 'evt_cross_site', type: 'payment.succeeded', order_id: orderId, amount: 1678.88, currency: 'PHP' });
    const response = await app.inject(signedNotification(app, body, { 'sec-fetch-site': 'cross-site', origin: OTHER }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'paid' });
  });
});

describe('fromAnotherSite', () => {
  it('reads Sec-Fetch-Site first, then Origin', () => {
    expect(fromAnotherSite({ 'sec-fetch-site': 'same-origin', origin: OTHER }, SITE)).toBe(false);
    expect(fromAnotherSite({ 'sec-fetch-site': 'Cross-Site', origin: SITE }, SITE)).toBe(false);
    expect(fromAnotherSite({ 'sec-fetch-site': 'cross-site' }, SITE)).toBe(true);
    expect(fromAnotherSite({ 'sec-fetch-site': 'something-new' }, SITE)).toBe(true);
    expect(fromAnotherSite({ origin: `${SITE}/` }, SITE)).toBe(true);
    expect(fromAnotherSite({}, SITE)).toBe(false);
  });
});
