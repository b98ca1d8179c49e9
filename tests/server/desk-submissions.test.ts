import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../scripts/lib/generate/run';
import { databaseFile } from '../../server/db';
import { DeskError } from '../../server/desk/action';
import {
  addSubmissionNote,
  assignSubmission,
  exportSubmissionsCsv,
  listSubmissions,
  openSubmission,
  readSubmissionFile,
  setSubmissionStatus,
} from '../../server/desk/submissions';
import { loadSubmittableForms, type SubmittableForm } from '../../server/forms/registry';
import { SubmissionStore } from '../../server/forms/store';
import { exportSubmissions } from '../../server/ops/submissions';
import { CV_PDF, multipartBody } from './files';
import { databaseUrlFor, startServer, submission, VALID_SUBMISSIONS } from './helpers';

/**
 * The staff desk's submissions, on what the site stored: a careers application with its CV posted
 * through the real server appears in the form's list (name and e-mail only), is assigned, noted, its
 * CV read back with the type checked on upload, and set done; the metric of the oldest open one
 * follows it.
 */

const ROOT = resolve(__dirname, '../..');
const STAFF = { id: 'account-1', email: 'ana@bantaydoc.example' };
let server: Awaited<ReturnType<typeof startServer>>;
let app: FastifyInstance;
let forms: Map<string, SubmittableForm>;
let applyNow: SubmittableForm;

beforeAll(async () => {
  await generate(ROOT);
  server = await startServer({ metricsPort: 0, formRateLimit: 1000 });
  app = server.app;
  await app.ready();
  forms = await loadSubmittableForms();
  applyNow = forms.get('apply-now')!;
});
afterAll(async () => server?.cleanup());

/** Posts a careers application with a CV, as the site's form sends it; returns the stored submission's id. */
async function apply(data: Record<string, unknown>, filename = 'cv.pdf'): Promise<number> {
  const { payload, headers } = await multipartBody({
    key: 'apply-now',
    data: JSON.stringify(data),
    file: { filename, type: 'application/pdf', content: CV_PDF },
  });
  const response = await app.inject({ method: 'POST', url: '/api/v1/form-emails/apply-now', payload, headers });
  expect(response.statusCode, response.body).toBe(201);
  const list = await listSubmissions(app.ctx.db, applyNow);
  return list.items[0].id;
}

const scrape = async () => (await fetch(`http://127.0.0.1:${app.metricsAddress()!.port}/metrics`)).text();
const oldestOpen = (metrics: string, form: string) =>
  Number(new RegExp(`^telmed_submission_oldest_open_age_seconds\\{form="${form}"\\} (\\S+)$`, 'm').exec(metrics)?.[1]);

describe('the desk: submissions', () => {
  it('a careers application appears, is assigned, noted, its CV read back, and set done', async () => {
    const before = await scrape();
    expect(oldestOpen(before, 'apply-now')).toBe(0);
    expect(before).toMatch(/^telmed_submission_alert_age_seconds 86400$/m);

    const id = await apply({ ...VALID_SUBMISSIONS['apply-now'], name: 'Rosa Dela Cruz', emailAddress: 'rosa@example.com' });
    const list = await listSubmissions(app.ctx.db, applyNow);
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ id, name: 'Rosa Dela Cruz', email: 'rosa@example.com', status: 'new', assignee: null });
    expect(oldestOpen(await scrape(), 'apply-now')).toBeGreaterThanOrEqual(0);

    const assigned = await assignSubmission(app.ctx.db, STAFF, id, 'ben@bantaydoc.example');
    expect(assigned).toMatchObject({
      action: 'submission.assign',
      target: { kind: 'submission', id },
      actor: STAFF,
      changed: true,
      before: { assignee: null },
      after: { assignee: 'ben@bantaydoc.example' },
    });
    expect((await listSubmissions(app.ctx.db, applyNow, { assignee: 'ben@bantaydoc.example' })).total).toBe(1);
    expect((await listSubmissions(app.ctx.db, applyNow, { assignee: null })).total).toBe(0);

    expect(await setSubmissionStatus(app.ctx.db, STAFF, id, 'in progress')).toMatchObject({
      before: { status: 'new' },
      after: { status: 'in progress' },
    });
    const noted = await addSubmissionNote(app.ctx.db, STAFF, id, 'Called her; interview on Monday.');
    // The audit summary names the note, never its text.
    expect(JSON.stringify(noted)).not.toContain('interview');

    const opened = await openSubmission(app.ctx.db, forms, id);
    expect(opened).toMatchObject({ status: 'in progress', assignee: 'ben@bantaydoc.example', email: 'rosa@example.com' });
    expect(opened.fields).toContainEqual({ name: 'contactNumber', label: expect.any(String), value: '09171234567' });
    expect(opened.notes).toEqual([
      { id: expect.any(Number), author: STAFF.email, at: expect.any(String), text: 'Called her; interview on Monday.' },
    ]);
    expect(opened.files).toEqual([
      { id: expect.any(Number), filename: 'cv.pdf', mime: 'application/pdf', size: CV_PDF.length, removedAt: null },
    ]);

    const file = await readSubmissionFile(app.ctx.db, id, opened.files[0].id);
    expect(file.mime).toBe('application/pdf');
    expect(file.content.equals(CV_PDF)).toBe(true);
    expect(file.contentDisposition).toBe(`attachment; filename="cv.pdf"; filename*=UTF-8''cv.pdf`);

    const done = await setSubmissionStatus(app.ctx.db, STAFF, id, 'done');
    expect(done).toMatchObject({ changed: true, before: { status: 'in progress' }, after: { status: 'done' } });
    expect((await openSubmission(app.ctx.db, forms, id)).statusChangedAt).not.toBeNull();
    expect(await setSubmissionStatus(app.ctx.db, STAFF, id, 'done')).toMatchObject({ changed: false });
    expect(oldestOpen(await scrape(), 'apply-now')).toBe(0);
  });

  it('lists hold no personal data beyond the name and e-mail; filters and search narrow them', async () => {
    await apply({ ...VALID_SUBMISSIONS['apply-now'], name: 'Lito Ramos', emailAddress: 'lito@example.com', contactNumber: '09998887777' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/form-emails/contact-us',
      payload: submission('contact-us', { ...VALID_SUBMISSIONS['contact-us'], message: 'My private question' }),
    });
    expect(response.statusCode).toBe(201);

    const list = await listSubmissions(app.ctx.db, applyNow);
    const text = JSON.stringify(list);
    for (const secret of ['09998887777', '09171234567', 'Nurse', 'cv.pdf', 'interview']) expect(text).not.toContain(secret);
    for (const item of list.items)
      expect(Object.keys(item).sort()).toEqual(['ageSeconds', 'assignee', 'email', 'id', 'name', 'status', 'submittedAt']);
    const contact = await listSubmissions(app.ctx.db, forms.get('contact-us')!);
    expect(contact.items.map((item) => item.name)).toEqual(['Maria Santos']);
    expect(JSON.stringify(contact)).not.toContain('private question');

    expect((await listSubmissions(app.ctx.db, applyNow, { search: 'LITO@' })).items.map((i) => i.name)).toEqual(['Lito Ramos']);
    expect((await listSubmissions(app.ctx.db, applyNow, { search: 'nobody' })).total).toBe(0);
    expect((await listSubmissions(app.ctx.db, applyNow, { status: 'new' })).items.map((i) => i.name)).toEqual(['Lito Ramos']);
    expect((await listSubmissions(app.ctx.db, applyNow, { until: '2000-01-01' })).total).toBe(0);
    const paged = await listSubmissions(app.ctx.db, applyNow, { pageSize: 1, page: 2 });
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ name: 'Rosa Dela Cruz' }] });
  });

  it('exports the same CSV as npm run submissions (one CSV writer)', async () => {
    const desk = await exportSubmissionsCsv(app.ctx.db, applyNow);
    const database = (await databaseUrlFor(server.dataDir)) ?? databaseFile(server.dataDir);
    const command = await exportSubmissions(database, { formKey: 'apply-now', since: '2000-01-01', forms });
    expect(desk.submissions).toBe(2);
    expect(desk.csv).toBe(command.csv);
  });

  it('refuses an unknown status, an empty or too long note, a missing submission and a removed file', async () => {
    const { items } = await listSubmissions(app.ctx.db, applyNow, { search: 'lito' });
    const id = items[0].id;
    const reason = (promise: Promise<unknown>) =>
      promise.then(
        () => 'accepted',
        (error: DeskError) => error.reason,
      );
    expect(await reason(setSubmissionStatus(app.ctx.db, STAFF, id, 'archived' as 'done'))).toBe('invalid');
    expect(await reason(listSubmissions(app.ctx.db, applyNow, { status: 'archived' as 'done' }))).toBe('invalid');
    expect(await reason(addSubmissionNote(app.ctx.db, STAFF, id, '   '))).toBe('invalid');
    expect(await reason(addSubmissionNote(app.ctx.db, STAFF, id, 'x'.repeat(2001)))).toBe('invalid');
    expect(await reason(addSubmissionNote(app.ctx.db, STAFF, id, 'x'.repeat(2000)))).toBe('accepted');
    expect(await reason(assignSubmission(app.ctx.db, STAFF, 999_999, STAFF.email))).toBe('not-found');
    expect(await reason(openSubmission(app.ctx.db, forms, 999_999))).toBe('not-found');

    const [file] = (await openSubmission(app.ctx.db, forms, id)).files;
    expect(await reason(readSubmissionFile(app.ctx.db, id + 1000, file.id))).toBe('not-found');
    await new SubmissionStore(app.ctx.db).removeFilesBefore('9999-01-01', new Date().toISOString());
    expect(await reason(readSubmissionFile(app.ctx.db, id, file.id))).toBe('gone');
  });

  it('names a download safely: a semicolon and accents never reach the header as they are', async () => {
    const id = await apply({ ...VALID_SUBMISSIONS['apply-now'], name: 'Jun Cruz' }, 'résumé; final.pdf');
    const [stored] = (await openSubmission(app.ctx.db, forms, id)).files;
    const file = await readSubmissionFile(app.ctx.db, id, stored.id);
    expect(file.downloadName).toBe('résumé; final.pdf');
    expect(file.contentDisposition).toBe(`attachment; filename="r_sum__ final.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%3B%20final.pdf`);
  });
});
