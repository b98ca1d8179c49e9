import { describe, expect, it } from 'vitest';
import { commitMessage, type ReleaseRow } from '../../server/content/git-commit';
import { all, one, sql } from '../../server/db';
import { FROM_STUDIO, studioCaller, useStudio, type TestAccount } from './helpers';

/**
 * Review before publish, on a real studio and database: with the setting on, nobody publishes
 * directly; an author asks for a review (the publishers are e-mailed), a publisher other than the
 * author approves it (the release names the reviewer) or sends it back; each step is audited.
 */

const PLANS = 'content/shop-plans.json';

interface Project {
  release: number;
  files: Record<string, { value: { items: Array<Record<string, unknown>> }; hash: string }>;
}

describe('review before publish', () => {
  const studio = useStudio();
  const call = studioCaller(() => studio.started.studio, '/api/studio');

  const sessions = {} as Record<'admin' | 'author' | 'publisher' | 'editor' | 'staff', string>;
  const accounts = {} as Record<keyof typeof sessions, TestAccount>;

  /** Saves the first plan at `price` into the account's draft; the release it was made from. */
  const draftPrice = async (cookie: string, price: number): Promise<number> => {
    const seen = (await call(cookie, 'GET', '/editor/project')).body as unknown as Project;
    const value = structuredClone(seen.files[PLANS].value);
    value.items[0].price = price;
    const saved = await call(cookie, 'POST', '/editor/save', { files: { [PLANS]: { value, baseHash: seen.files[PLANS].hash } } });
    expect(saved.status).toBe(200);
    return seen.release;
  };
  /** The first plan's price in the newest release (the live one: no rollback here). */
  const livePrice = async () => {
    const row = await one<{ files: string }>(studio.started.db.query, sql`SELECT files FROM content_releases ORDER BY number DESC LIMIT 1`);
    return (JSON.parse(JSON.parse(row!.files)[PLANS] as string) as Project['files'][string]['value']).items[0].price;
  };
  const mailsTo = (email: string) =>
    all<{ subject: string; body: string }>(
      studio.started.db.query,
      sql`SELECT subject, body FROM outbox WHERE to_address = ${email} ORDER BY id`,
    );
  const auditRows = (action: string) =>
    all<{ actor: string; target: string | null; after: string | null }>(
      studio.started.db.query,
      sql`SELECT actor, target, after FROM studio_audit WHERE action = ${action} ORDER BY id`,
    );

  it('lets only an admin switch review on, with the CSRF header, and audits it', async () => {
    accounts.admin = await studio.account('admin@review.example', ['admin']);
    accounts.author = await studio.account('author@review.example', ['editor', 'publisher']);
    accounts.publisher = await studio.account('publisher@review.example', ['publisher']);
    accounts.editor = await studio.account('editor@review.example', ['editor']);
    accounts.staff = await studio.account('staff@review.example', ['staff']);
    for (const name of Object.keys(accounts) as Array<keyof typeof accounts>) sessions[name] = await studio.signIn(accounts[name]);

    expect((await call(sessions.admin, 'GET', '/settings')).body).toEqual({ reviewRequired: false });
    expect((await call(undefined, 'PUT', '/settings', { reviewRequired: true })).status).toBe(401);
    expect((await call(sessions.editor, 'PUT', '/settings', { reviewRequired: true })).status).toBe(403);
    expect((await call(sessions.publisher, 'PUT', '/settings', { reviewRequired: true })).status).toBe(403);
    expect((await call(sessions.admin, 'PUT', '/settings', { reviewRequired: true }, { origin: FROM_STUDIO.origin })).status).toBe(403);
    expect((await call(sessions.admin, 'PUT', '/settings', { reviewRequired: 'yes' })).status).toBe(400);
    expect((await call(sessions.admin, 'PUT', '/settings', { reviewRequired: true })).body).toEqual({ reviewRequired: true });
    expect(await auditRows('settings.review')).toEqual([
      expect.objectContaining({ actor: accounts.admin.email, after: JSON.stringify({ reviewRequired: true }) }),
    ]);
  });

  it("refuses a direct publish, a schedule and an editor's rollback while review is on, with words", async () => {
    const base = await draftPrice(sessions.editor, 1599);
    const publish = await call(sessions.editor, 'POST', '/editor/publish', { baseRelease: base });
    expect(publish.status).toBe(409);
    expect(publish.body.message).toMatch(/Review before publish is on/);
    expect((await call(sessions.author, 'POST', '/editor/publish', { baseRelease: base })).status).toBe(409);
    const schedule = await call(sessions.editor, 'POST', '/schedules', { runAt: '2027-01-01T08:00:00Z', draft: true });
    expect(schedule.status).toBe(409);
    expect(schedule.body.message).toMatch(/cannot be scheduled/);
    const rollback = await call(sessions.editor, 'POST', '/editor/rollback', { release: 1, baseRelease: base });
    expect(rollback.status).toBe(403);
    expect(rollback.body.message).toMatch(/only a publisher/);
    expect(await livePrice()).toBe(1499);
    expect((await call(sessions.editor, 'GET', '/editor/publish')).body).toMatchObject({ review: true, openReview: null });
    await call(sessions.editor, 'DELETE', '/editor/draft');
  });

  let requestId = 0;

  it('takes a review request of the draft, e-mails the other publishers and audits it', async () => {
    // An admin gives the publisher role as any other; a disabled publisher is not e-mailed.
    const away = await studio.account('away@review.example', ['staff']);
    expect((await call(sessions.admin, 'PUT', `/accounts/${away.id}/roles`, { roles: ['publisher'] })).status).toBe(200);
    expect((await call(sessions.admin, 'PUT', `/accounts/${away.id}/disabled`, { disabled: true })).status).toBe(200);
    const base = await draftPrice(sessions.author, 1799);
    expect((await call(sessions.staff, 'POST', '/reviews', { baseRelease: base })).status).toBe(403);
    expect((await call(sessions.author, 'POST', '/reviews', { baseRelease: base }, { origin: FROM_STUDIO.origin })).status).toBe(403);
    const stale = await call(sessions.author, 'POST', '/reviews', { baseRelease: base + 5 });
    expect(stale.status).toBe(409);
    const requested = await call(sessions.author, 'POST', '/reviews', { baseRelease: base, message: 'New price from March.' });
    expect(requested.status).toBe(201);
    requestId = requested.body.id as number;
    expect(requested.body.publishers).toBe(1);
    const again = await call(sessions.author, 'POST', '/reviews', { baseRelease: base });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already have an open review request/);

    const [mail] = await mailsTo(accounts.publisher.email);
    expect(mail.body).toContain(`/content/reviews/${requestId}`);
    expect(mail.body).toContain('New price from March.');
    expect(await mailsTo(accounts.author.email)).toEqual([]);
    expect(await mailsTo(away.email)).toEqual([]);
    expect(await auditRows('content.review.request')).toEqual([expect.objectContaining({ actor: accounts.author.email })]);

    const list = await call(sessions.publisher, 'GET', '/reviews');
    expect(list.body.reviews).toEqual([expect.objectContaining({ id: requestId, authorEmail: accounts.author.email, changed: [PLANS] })]);
    expect((await call(sessions.editor, 'GET', `/reviews/${requestId}`)).status).toBe(200);
    expect((await call(sessions.staff, 'GET', '/reviews')).status).toBe(403);
    expect((await call(sessions.author, 'GET', '/editor/publish')).body).toMatchObject({ openReview: requestId });
  });

  it('keeps a comments thread of the author and the publishers', async () => {
    expect((await call(sessions.staff, 'POST', `/reviews/${requestId}/comments`, { text: 'Hi' })).status).toBe(403);
    expect((await call(sessions.publisher, 'POST', `/reviews/${requestId}/comments`, { text: '   ' })).status).toBe(400);
    expect((await call(sessions.publisher, 'POST', `/reviews/${requestId}/comments`, { text: 'Is 17.99 right?' })).status).toBe(201);
    expect((await call(sessions.author, 'POST', `/reviews/${requestId}/comments`, { text: 'Yes.' })).status).toBe(201);
    expect((await call(sessions.publisher, 'POST', '/reviews/999/comments', { text: 'Hi' })).status).toBe(404);
    const detail = await call(sessions.author, 'GET', `/reviews/${requestId}`);
    expect(detail.body.comments).toEqual([
      expect.objectContaining({ authorEmail: accounts.publisher.email, text: 'Is 17.99 right?' }),
      expect.objectContaining({ authorEmail: accounts.author.email, text: 'Yes.' }),
    ]);
    expect(await auditRows('content.review.comment')).toHaveLength(2);
    // Each comment is e-mailed to the request's people but its writer.
    const comments = async (email: string) => (await mailsTo(email)).filter((mail) => mail.subject.startsWith('Comment on'));
    expect((await comments(accounts.author.email)).map((mail) => mail.body)).toEqual([expect.stringContaining('Is 17.99 right?')]);
    expect((await comments(accounts.publisher.email)).map((mail) => mail.body)).toEqual([expect.stringContaining('Yes.')]);
    expect((await comments(accounts.publisher.email))[0].body).toContain(`/content/reviews/${requestId}`);
  });

  it('refuses the approval of the author (403), of an editor without the publisher role (403) and without the CSRF header', async () => {
    const own = await call(sessions.author, 'POST', `/reviews/${requestId}/approve`, {});
    expect(own.status).toBe(403);
    expect(own.body.message).toMatch(/another publisher must approve it/);
    expect((await call(sessions.author, 'POST', `/reviews/${requestId}/send-back`, { comment: 'no' })).status).toBe(403);
    expect((await call(sessions.editor, 'POST', `/reviews/${requestId}/approve`, {})).status).toBe(403);
    expect((await call(sessions.editor, 'POST', `/reviews/${requestId}/send-back`, { comment: 'no' })).status).toBe(403);
    expect((await call(undefined, 'POST', `/reviews/${requestId}/approve`, {})).status).toBe(401);
    expect((await call(sessions.publisher, 'POST', `/reviews/${requestId}/approve`, {}, { origin: FROM_STUDIO.origin })).status).toBe(403);
    expect((await call(sessions.publisher, 'POST', `/reviews/${requestId}/withdraw`, {})).status).toBe(403);
    expect(await livePrice()).toBe(1499);
    expect(await auditRows('content.review.approve')).toEqual([]);
  });

  it('publishes the snapshot when another publisher approves: the release and its commit name the reviewer', async () => {
    // The author changes the draft after asking: what was asked is what is published.
    await draftPrice(sessions.author, 1899);
    const approved = await call(sessions.publisher, 'POST', `/reviews/${requestId}/approve`, {});
    expect(approved.status).toBe(200);
    const release = approved.body.release as number;
    expect(await livePrice()).toBe(1799);
    const row = await one<ReleaseRow & { author_email: string }>(
      studio.started.db.query,
      sql`SELECT number, files, summary, source, author_name, author_email, reviewer, created_at FROM content_releases WHERE number = ${release}`,
    );
    expect(row).toMatchObject({ reviewer: accounts.publisher.email, author_email: accounts.author.email });
    expect(commitMessage(row!).at(-1)).toContain(`Reviewed-by: ${accounts.publisher.email}`);
    // The author's later change stays in their draft, now on the new release.
    const project = (await call(sessions.author, 'GET', '/editor/publish')).body;
    expect(project).toMatchObject({ release, changed: [PLANS], openReview: null });
    expect((await call(sessions.publisher, 'POST', `/reviews/${requestId}/approve`, {})).status).toBe(409);
    expect(await auditRows('content.review.approve')).toEqual([
      expect.objectContaining({ actor: accounts.publisher.email, target: `review ${requestId}`, after: JSON.stringify({ release }) }),
    ]);
    expect(
      (await mailsTo(accounts.author.email)).map((mail) => mail.subject).filter((subject) => !subject.startsWith('Comment on')),
    ).toEqual([expect.stringMatching(/^Published/)]);
  });

  it('refuses to approve a stale snapshot (a release came in between), with words', async () => {
    const base = await draftPrice(sessions.editor, 1999);
    const first = await call(sessions.editor, 'POST', '/reviews', { baseRelease: base });
    expect(first.status).toBe(201);
    const second = await call(sessions.author, 'POST', '/reviews', {
      baseRelease: (await call(sessions.author, 'GET', '/editor/publish')).body.release,
    });
    expect(second.status).toBe(201);
    expect((await call(sessions.publisher, 'POST', `/reviews/${second.body.id as number}/approve`, {})).status).toBe(200);
    const stale = await call(sessions.publisher, 'POST', `/reviews/${first.body.id as number}/approve`, {});
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/was published after this request was made/);
    expect(await livePrice()).toBe(1899);
    requestId = first.body.id as number;
  });

  it('sends a request back with a comment: the author is e-mailed and keeps the draft', async () => {
    expect((await call(sessions.publisher, 'POST', `/reviews/${requestId}/send-back`, { comment: '' })).status).toBe(400);
    const sent = await call(sessions.publisher, 'POST', `/reviews/${requestId}/send-back`, {
      comment: 'Make it again on the live release.',
    });
    expect(sent.status).toBe(200);
    const [mail] = await mailsTo(accounts.editor.email);
    expect(mail.subject).toMatch(/^Sent back/);
    expect(mail.body).toContain('Make it again on the live release.');
    expect((await call(sessions.editor, 'GET', '/editor/publish')).body).toMatchObject({ changed: [PLANS], openReview: null });
    expect((await call(sessions.publisher, 'POST', `/reviews/${requestId}/send-back`, { comment: 'again' })).status).toBe(409);
    expect(await auditRows('content.review.sendback')).toEqual([expect.objectContaining({ actor: accounts.publisher.email })]);
    expect((await call(sessions.publisher, 'GET', '/reviews')).body.reviews).toEqual([]);
  });

  it('lets the author withdraw an open request, nobody else', async () => {
    await call(sessions.editor, 'DELETE', '/editor/draft');
    const base = await draftPrice(sessions.editor, 2099);
    const { body } = await call(sessions.editor, 'POST', '/reviews', { baseRelease: base });
    const id = body.id as number;
    expect((await call(sessions.author, 'POST', `/reviews/${id}/withdraw`, {})).status).toBe(403);
    expect((await call(sessions.editor, 'POST', `/reviews/${id}/withdraw`, {})).status).toBe(200);
    expect((await call(sessions.publisher, 'POST', `/reviews/${id}/approve`, {})).status).toBe(409);
    expect(await auditRows('content.review.withdraw')).toHaveLength(1);
  });

  it('publishes directly again once an admin switches review off', async () => {
    await call(sessions.admin, 'PUT', '/settings', { reviewRequired: false });
    const { release } = (await call(sessions.editor, 'GET', '/editor/publish')).body as { release: number };
    expect((await call(sessions.editor, 'POST', '/editor/publish', { baseRelease: release })).status).toBe(200);
    expect(await livePrice()).toBe(2099);
  });
});
