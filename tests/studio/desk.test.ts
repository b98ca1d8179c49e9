import type { InjectOptions } from 'light-my-request';
import { describe, expect, it } from 'vitest';
import { all, sql } from '../../server/db';
import { listAudit } from '../../server/studio/audit';
import { verifyAudit } from '../../server/studio/ops';
import { OrderStore } from '../../server/shop/store';
import { CV_PDF, multipartBody } from '../server/files';
import { BILLING_FORM, signedNotification, VALID_SUBMISSIONS } from '../server/helpers';
import { FROM_STUDIO, useStudio } from './helpers';

/**
 * The staff desk through the studio's routes, on what the site stored: a careers application with
 * its CV posted to the site appears in the studio's list, is assigned, noted, its CV downloaded as
 * an attachment of its checked type, set done, each action in the audit trail and the chain still
 * whole; a payment review resolved by two staff at once issues keys once; a desk action without
 * the studio's header is refused; over-long inputs are refused.
 */

const DESK = '/api/studio/desk';
const LINE = { shop_plan_id: 1, quantity: 2, discount: 0, amount: 1678.88, name: 'Individual', description: '', member: 0, promo_id: null };
const TOTAL = 3357.76;

describe('the staff desk in the studio', () => {
  const studio = useStudio();
  const inject = (options: InjectOptions) => studio.started.studio.inject(options);
  let ana: { cookie: string; email: string };
  let ben: { cookie: string; email: string };

  async function staff() {
    if (ana) return;
    const a = await studio.account('ana@desk.example', ['staff']);
    const b = await studio.account('ben@desk.example', ['staff']);
    ana = { cookie: await studio.signIn(a), email: a.email };
    ben = { cookie: await studio.signIn(b), email: b.email };
  }
  const as = (who: { cookie: string }, options: InjectOptions) =>
    inject({ ...options, headers: { ...FROM_STUDIO, cookie: who.cookie, ...options.headers } });

  it('a careers application with a CV: listed, assigned, noted, its CV downloaded, set done, all in the audit trail', async () => {
    await staff();
    const { payload, headers } = await multipartBody({
      key: 'apply-now',
      data: JSON.stringify({ ...VALID_SUBMISSIONS['apply-now'], name: 'Rosa Dela Cruz', emailAddress: 'rosa@example.com' }),
      file: { filename: 'Rosa CV.pdf', type: 'application/pdf', content: CV_PDF },
    });
    const posted = await studio.started.site.inject({ method: 'POST', url: '/api/v1/form-emails/apply-now', payload, headers });
    expect(posted.statusCode, posted.body).toBe(201);

    const list = await as(ana, { url: `${DESK}/forms/apply-now/submissions?search=rosa` });
    expect(list.statusCode, list.body).toBe(200);
    const { items, total } = list.json() as { items: Array<Record<string, unknown>>; total: number };
    expect(total).toBe(1);
    // A list holds the name and e-mail, nothing more of what the visitor typed.
    expect(Object.keys(items[0]).sort()).toEqual(['ageSeconds', 'assignee', 'email', 'id', 'name', 'status', 'submittedAt']);
    expect(items[0]).toMatchObject({ name: 'Rosa Dela Cruz', email: 'rosa@example.com', status: 'new', assignee: null });
    const id = items[0].id as number;

    const assigned = await as(ana, { method: 'PUT', url: `${DESK}/submissions/${id}/assignee`, payload: { assignee: 'Ben@Desk.example' } });
    expect(assigned.json()).toMatchObject({ action: 'submission.assign', changed: true, after: { assignee: ben.email } });
    // Only a studio account may be assigned.
    const stranger = await as(ana, {
      method: 'PUT',
      url: `${DESK}/submissions/${id}/assignee`,
      payload: { assignee: 'x@nowhere.example' },
    });
    expect(stranger.statusCode).toBe(400);
    const noted = await as(ben, {
      method: 'POST',
      url: `${DESK}/submissions/${id}/notes`,
      payload: { note: 'Called her; interview Monday.' },
    });
    expect(noted.statusCode, noted.body).toBe(201);

    const opened = (await as(ben, { url: `${DESK}/submissions/${id}` })).json() as {
      files: Array<{ id: number; mime: string }>;
      notes: Array<{ author: string; text: string }>;
      assignee: string;
    };
    expect(opened.assignee).toBe(ben.email);
    expect(opened.notes).toEqual([expect.objectContaining({ author: ben.email, text: 'Called her; interview Monday.' })]);
    const file = opened.files[0];
    const download = await as(ben, { url: `${DESK}/submissions/${id}/files/${file.id}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="Rosa CV.pdf"; filename*=UTF-8''Rosa%20CV.pdf`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(CV_PDF)).toBe(true);
    expect((await as(ben, { url: `${DESK}/submissions/${id}/files/999999` })).statusCode).toBe(404);

    const done = await as(ben, { method: 'PUT', url: `${DESK}/submissions/${id}/status`, payload: { status: 'done' } });
    expect(done.json()).toMatchObject({ action: 'submission.status', before: { status: 'new' }, after: { status: 'done' } });
    const csv = await as(ana, { url: `${DESK}/forms/apply-now/submissions.csv?status=done` });
    expect(csv.headers['content-disposition']).toBe('attachment; filename="apply-now-submissions.csv"');
    expect(csv.body).toContain('Rosa Dela Cruz');

    const trail = await listAudit(studio.started.db.query, { limit: 20 });
    const mine = trail.filter((row) => row.target === `submission#${id}` || row.action === 'submission.export').reverse();
    expect(mine.map((row) => [row.action, row.actor])).toEqual([
      ['submission.assign', ana.email],
      ['submission.note', ben.email],
      ['submission.file', ben.email],
      ['submission.status', ben.email],
      ['submission.export', ana.email],
    ]);
    for (const row of mine) expect(row.ip).toBeTruthy();
    for (const row of mine) expect(row.request_id).toBeTruthy();
    // The note's text is not in the trail, only its id and length.
    expect(JSON.stringify(mine)).not.toContain('interview Monday');
    expect((await verifyAudit(studio.started.db)).ok).toBe(true);
  });

  it('a payment review resolved by two staff at once issues its keys once; both are in the trail', async () => {
    await staff();
    const site = studio.started.site;
    const checkout = await site.inject({
      method: 'POST',
      url: '/api/v1/billing-informations',
      payload: { ...BILLING_FORM, email: 'late@example.com', products: [LINE] },
    });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const orderId = checkout.json().sandboxpay.payment_request.order_id as number;
    for (const [n, type] of [
      [1, 'payment.cancelled'],
      [2, 'payment.succeeded'],
    ] as const) {
      const raw = JSON.stringify({ id: `evt_studio_desk_${n}`, type, order_id: orderId, amount: TOTAL, currency: 'PHP' });
      expect((await site.inject(signedNotification(site, raw))).statusCode).toBe(200);
    }
    const reviews = (await as(ana, { url: `${DESK}/payment-reviews` })).json() as { reviews: Array<{ id: number; order_id: number }> };
    const review = reviews.reviews.find((r) => r.order_id === orderId)!;

    const resolve = (who: { cookie: string }, resolution: string) =>
      as(who, { method: 'POST', url: `${DESK}/payment-reviews/${review.id}/resolve`, payload: { resolution, issueKeys: true } });
    const both = await Promise.all([resolve(ana, 'keys issued by hand'), resolve(ben, 'keys issued too')]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const changed = both.map((r) => (r.json() as { changed: boolean }).changed);
    expect(changed.filter(Boolean)).toHaveLength(1);
    expect(await new OrderStore(studio.started.db).keysOf(orderId)).toHaveLength(2);
    const keyMails = await all(studio.started.db.query, sql`SELECT id FROM outbox WHERE order_id = ${orderId} AND kind = 'keys'`);
    expect(keyMails).toHaveLength(1);
    const rows = (await listAudit(studio.started.db.query, { action: 'payment.resolve', limit: 10 })).filter(
      (row) => row.target === `payment-review#${review.id}`,
    );
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.after?.includes('"unchanged":true'))).toHaveLength(1);

    // The order's key e-mail resent, and an e-mail resent: each audited.
    const order = (await as(ana, { url: `${DESK}/orders?q=late@example.com` })).json() as { orders: Array<{ id: number }> };
    expect(order.orders.map((o) => o.id)).toEqual([orderId]);
    const resent = await as(ana, { method: 'POST', url: `${DESK}/orders/${orderId}/resend-keys` });
    expect(resent.json()).toMatchObject({ action: 'order.resend-keys', changed: true });
    const emails = (await as(ana, { url: `${DESK}/emails` })).json() as { emails: Array<{ id: number; orderId: number }> };
    const mail = emails.emails.find((e) => e.orderId === orderId)!;
    const again = await as(ana, { method: 'POST', url: `${DESK}/emails/${mail.id}/resend`, payload: {} });
    expect(again.json()).toMatchObject({ action: 'email.resend', changed: true });
    // The refusals of the desk as answers: no such record 404, a wrong value 400.
    expect((await as(ana, { url: `${DESK}/orders/999999` })).statusCode).toBe(404);
    expect(
      (await as(ana, { method: 'POST', url: `${DESK}/payment-reviews/${review.id}/resolve`, payload: { resolution: '  ' } })).statusCode,
    ).toBe(400);
    const actions = (await listAudit(studio.started.db.query, { limit: 5 })).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['order.resend-keys', 'email.resend']));
    expect((await verifyAudit(studio.started.db)).ok).toBe(true);
  });

  it('refuses a desk action without the studio header (CSRF) or from another origin, and writes nothing', async () => {
    await staff();
    const [{ id }] = await all<{ id: number }>(studio.started.db.query, sql`SELECT id FROM form_submissions ORDER BY id LIMIT 1`);
    const count = async () => (await all(studio.started.db.query, sql`SELECT id FROM submission_notes WHERE submission_id = ${id}`)).length;
    const before = await count();
    for (const headers of [{ origin: FROM_STUDIO.origin }, { origin: 'https://evil.example', 'x-studio-csrf': '1' }]) {
      const response = await inject({
        method: 'POST',
        url: `${DESK}/submissions/${id}/notes`,
        headers: { ...headers, cookie: ana.cookie },
        payload: { note: 'forged' },
      });
      expect(response.statusCode).toBe(403);
    }
    expect(await count()).toBe(before);
  });

  it('refuses over-long and out-of-bounds inputs', async () => {
    await staff();
    const [{ id }] = await all<{ id: number }>(studio.started.db.query, sql`SELECT id FROM form_submissions ORDER BY id LIMIT 1`);
    const refusals: Array<[string, InjectOptions]> = [
      ['search too long', { url: `${DESK}/forms/apply-now/submissions?search=${'a'.repeat(101)}` }],
      ['page size over 100', { url: `${DESK}/forms/apply-now/submissions?pageSize=101` }],
      ['page size 0', { url: `${DESK}/forms/apply-now/submissions?pageSize=0` }],
      ['an unknown status filter', { url: `${DESK}/forms/apply-now/submissions?status=lost` }],
      ['an unknown filter', { url: `${DESK}/forms/apply-now/submissions?data=x` }],
      ['order search too long', { url: `${DESK}/orders?q=${'a'.repeat(255)}` }],
      ['order search empty', { url: `${DESK}/orders?q=` }],
      ['note too long', { method: 'POST', url: `${DESK}/submissions/${id}/notes`, payload: { note: 'n'.repeat(2001) } }],
      ['note empty', { method: 'POST', url: `${DESK}/submissions/${id}/notes`, payload: { note: '' } }],
      ['unknown status', { method: 'PUT', url: `${DESK}/submissions/${id}/status`, payload: { status: 'lost' } }],
      ['resolution too long', { method: 'POST', url: `${DESK}/payment-reviews/1/resolve`, payload: { resolution: 'r'.repeat(501) } }],
    ];
    for (const [why, options] of refusals) expect((await as(ana, options)).statusCode, why).toBe(400);
    expect((await as(ana, { url: `${DESK}/forms/no-such-form/submissions` })).statusCode).toBe(404);
    expect((await as(ana, { url: `${DESK}/forms/apply-now/submissions?pageSize=100` })).statusCode).toBe(200);
  });
});
