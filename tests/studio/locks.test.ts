import { describe, expect, it } from 'vitest';
import { all, sql } from '../../server/db';
import { LOCK_TTL_MS } from '../../server/content/locks';
import { FROM_STUDIO, useStudio, type TestAccount } from './helpers';

/**
 * The content items' edit locks: one account edits an item at a time; another sees who and since
 * when, may take it over (an audit row) but never release it; a lock without heartbeats expires. A
 * save that changes an item another account holds is refused with that person's change, and a save
 * from a text someone published over is refused with what changed since.
 */

const PLANS = 'content/shop-plans.json';
const LAYOUT = 'pages.config.json';
const CONTACT_FORM = 'forms/contact.json';
const API = '/api/studio/editor';

interface Project {
  files: Record<string, { value: { items: Array<Record<string, unknown>> }; hash: string }>;
}

describe('content edit locks', () => {
  const studio = useStudio();
  const call = async (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
    const response = await studio.started.studio.inject({
      method,
      url: `${API}${url}`,
      headers: { ...FROM_STUDIO, cookie },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { status: response.statusCode, body: (response.body ? response.json() : {}) as Record<string, unknown> };
  };
  let ana: TestAccount;
  let ben: TestAccount;
  let anaSession: string;
  let benSession: string;
  let firstId: string;
  const target = () => ({ file: PLANS, id: firstId });
  const project = async (session: string) => (await call(session, 'GET', '/project')).body as unknown as Project;
  const plansAt = (seen: Project, price: number) => {
    const value = structuredClone(seen.files[PLANS].value);
    value.items[0].price = price;
    return { [PLANS]: { value, baseHash: seen.files[PLANS].hash } };
  };

  it('refuses staff (403), a path that is not a release file (400) and a body without an id (400)', async () => {
    ana = await studio.account('ana@locks.example', ['editor']);
    ben = await studio.account('ben@locks.example', ['editor']);
    const staff = await studio.account('staff@locks.example', ['staff']);
    anaSession = await studio.signIn(ana);
    benSession = await studio.signIn(ben);
    firstId = String((await project(anaSession)).files[PLANS].value.items[0].id);
    const staffSession = await studio.signIn(staff);
    expect((await call(staffSession, 'POST', '/lock', target())).status).toBe(403);
    expect((await call(staffSession, 'POST', '/lock/take-over', target())).status).toBe(403);
    expect((await call(staffSession, 'DELETE', '/lock', target())).status).toBe(403);
    expect((await call(anaSession, 'POST', '/lock', { file: 'forms/fragments/address.json', id: firstId })).status).toBe(400);
    expect((await call(anaSession, 'POST', '/lock', { file: PLANS })).status).toBe(400);
  });

  it('gives the lock to the first, tells the second who holds it since when, and keeps `since` over heartbeats', async () => {
    const first = await call(anaSession, 'POST', '/lock', target());
    expect(first).toMatchObject({ status: 200, body: { held: true, heartbeatMs: 20_000, ttlMs: 60_000 } });
    const since = first.body.since as string;
    studio.clock.advance(20_000);
    expect((await call(anaSession, 'POST', '/lock', target())).body).toMatchObject({ held: true, since });
    const second = await call(benSession, 'POST', '/lock', target());
    expect(second).toMatchObject({ status: 200, body: { held: false, holder: { email: ana.email, since } } });
  });

  it('refuses to release another account’s lock (409, the holder named); the holder releases it', async () => {
    const refused = await call(benSession, 'DELETE', '/lock', target());
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ holder: { email: ana.email } });
    expect(refused.body.message).toContain(ana.email);
    expect((await call(anaSession, 'DELETE', '/lock', target())).status).toBe(204);
    expect((await call(benSession, 'POST', '/lock', target())).body).toMatchObject({ held: true });
    expect((await call(benSession, 'DELETE', '/lock', target())).status).toBe(204);
  });

  it('frees a lock without heartbeats after its lifetime', async () => {
    await call(anaSession, 'POST', '/lock', target());
    studio.clock.advance(LOCK_TTL_MS - 1000);
    expect((await call(benSession, 'POST', '/lock', target())).body).toMatchObject({ held: false });
    studio.clock.advance(2000);
    expect((await call(benSession, 'POST', '/lock', target())).body).toMatchObject({ held: true });
  });

  it('takes a lock over, with an audit row naming the holder before; an account holds one lock at a time', async () => {
    const taken = await call(anaSession, 'POST', '/lock/take-over', target());
    expect(taken.body).toMatchObject({ held: true });
    expect((await call(benSession, 'POST', '/lock', target())).body).toMatchObject({ held: false, holder: { email: ana.email } });
    const rows = await all<{ actor: string; target: string; before: string }>(
      studio.started.db.query,
      sql`SELECT actor, target, before FROM studio_audit WHERE action = 'content.lock.takeover'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: ana.email, target: `${PLANS}#${firstId}` });
    expect(rows[0].before).toContain(ben.email);

    await call(anaSession, 'POST', '/lock', { file: PLANS, id: 'another' });
    const held = await all<{ item_id: string }>(
      studio.started.db.query,
      sql`SELECT item_id FROM content_locks WHERE account_id = ${ana.id}`,
    );
    expect(held).toEqual([{ item_id: 'another' }]);
    await call(anaSession, 'POST', '/lock', target());
  });

  it('refuses a save changing an item another account holds, with their draft’s change in words', async () => {
    const anas = await call(anaSession, 'POST', '/save', { files: plansAt(await project(anaSession), 1799) });
    expect(anas.status).toBe(200);
    const refused = await call(benSession, 'POST', '/save', { files: plansAt(await project(benSession), 1899) });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      conflicts: [PLANS],
      locked: [{ file: PLANS, id: firstId, holder: { email: ana.email }, summary: [expect.stringMatching(/₱1,499\.00 → ₱1,799\.00/)] }],
    });
    expect(refused.body.message).toContain(ana.email);
    // Another item of the same file is free to change.
    const seen = await project(benSession);
    const value = structuredClone(seen.files[PLANS].value);
    value.items[1].price = Number(value.items[1].price) + 1;
    expect((await call(benSession, 'POST', '/save', { files: { [PLANS]: { value, baseHash: seen.files[PLANS].hash } } })).status).toBe(200);
    await call(benSession, 'DELETE', '/draft');
  });

  it('locks a page of pages.config.json by its name, and a form as a whole', async () => {
    await call(anaSession, 'DELETE', '/lock', target());
    const layout = (await project(anaSession)).files[LAYOUT] as unknown as {
      value: { pages: Array<{ name: string; title?: string }> };
      hash: string;
    };
    const [first, second] = layout.value.pages;
    expect((await call(anaSession, 'POST', '/lock', { file: LAYOUT, id: first.name })).body).toMatchObject({ held: true });
    const retitled = (index: number) => {
      const value = structuredClone(layout.value);
      value.pages[index].title = `${value.pages[index].title ?? ''} (new)`;
      return { [LAYOUT]: { value, baseHash: layout.hash } };
    };
    const refused = await call(benSession, 'POST', '/save', { files: retitled(0) });
    expect(refused.body).toMatchObject({ locked: [{ file: LAYOUT, id: first.name, holder: { email: ana.email } }] });
    expect((await call(benSession, 'POST', '/save', { files: retitled(1) })).status, second.name).toBe(200);
    await call(benSession, 'DELETE', '/draft');
    await call(anaSession, 'DELETE', '/lock', { file: LAYOUT, id: first.name });

    const form = (await project(anaSession)).files[CONTACT_FORM] as unknown as { value: Record<string, unknown>; hash: string };
    expect((await call(anaSession, 'POST', '/lock', { file: CONTACT_FORM, id: 'form' })).body).toMatchObject({ held: true });
    const changedForm = { [CONTACT_FORM]: { value: { ...form.value, title: 'Write to us' }, baseHash: form.hash } };
    expect((await call(benSession, 'POST', '/save', { files: changedForm })).body).toMatchObject({
      locked: [{ file: CONTACT_FORM, id: 'form', holder: { email: ana.email } }],
    });
    await call(anaSession, 'DELETE', '/lock', { file: CONTACT_FORM, id: 'form' });
    await call(anaSession, 'POST', '/lock', target());
  });

  it('refuses a save from a text published over, with what the release changed and who published it', async () => {
    const before = await project(benSession);
    expect((await call(anaSession, 'POST', '/publish', { baseRelease: 1 })).status).toBe(200);
    await call(anaSession, 'DELETE', '/lock', target());
    const stale = await call(benSession, 'POST', '/save', { files: plansAt(before, 1999) });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      conflicts: [PLANS],
      changes: [
        { file: PLANS, summary: [expect.stringMatching(/₱1,499\.00 → ₱1,799\.00/)], releases: [{ number: 2, authorName: ana.email }] },
      ],
    });
  }, 60_000);
});
