import { describe, expect, it } from 'vitest';
import { all, sql } from '../../server/db';
import { FROM_STUDIO, useStudio, type TestAccount } from '../studio/helpers';

/**
 * The studio's scheduled content changes: who may schedule, the refusals (a past time, a path that
 * is not a content file, a change that changes nothing), the draft moving into its schedule, the
 * list of what is coming, and cancelling a waiting one.
 */

const PLANS = 'content/shop-plans.json';
const API = '/api/studio/schedules';

interface Shown {
  id: number;
  state: string;
  runAt: string;
  changed: string[];
  summary: string[];
  baseRelease: number;
}

describe('the studio schedules API', () => {
  const studio = useStudio();
  const call = async (cookie: string | undefined, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
    const response = await studio.started.studio.inject({
      method,
      url: `${API}${url}`,
      headers: { ...FROM_STUDIO, ...(cookie ? { cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };
  let editor: TestAccount;
  let session: string;
  const inAnHour = () => new Date(studio.clock.now().getTime() + 3_600_000).toISOString();
  /** The live plans file with the first plan at `price`, as the editor's project gives it. */
  const plansAt = async (price: number) => {
    const project = await studio.started.studio.inject({ url: '/api/studio/editor/project', headers: { cookie: session } });
    const files = (project.json() as { files: Record<string, { value: { items: Array<{ price: number }> }; hash: string }> }).files;
    const value = structuredClone(files[PLANS].value);
    value.items[0].price = price;
    return { value, hash: files[PLANS].hash };
  };

  it('refuses callers without a session (401) and without the Content right: staff only (403)', async () => {
    editor = await studio.account('editor@schedule.example', ['editor']);
    const staff = await studio.account('staff@schedule.example', ['staff']);
    session = await studio.signIn(editor);
    const staffSession = await studio.signIn(staff);
    expect((await call(undefined, 'GET', '')).status).toBe(401);
    expect((await call(staffSession, 'GET', '')).status).toBe(403);
    expect((await call(staffSession, 'POST', '', { runAt: inAnHour(), files: { [PLANS]: null } })).status).toBe(403);
    expect((await call(staffSession, 'DELETE', '/1')).status).toBe(403);
    expect((await call(session, 'GET', '')).body).toEqual({ coming: [], failed: [] });
  });

  it('refuses a time that has passed, one that is not a time, a path that is not content, and nothing to change', async () => {
    const { value } = await plansAt(1799);
    const past = await call(session, 'POST', '', { runAt: studio.clock.now().toISOString(), files: { [PLANS]: value } });
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/must be in the future/);
    expect((await call(session, 'POST', '', { runAt: '2026-03-02 10:00', files: { [PLANS]: value } })).status).toBe(400);
    expect((await call(session, 'POST', '', { runAt: '2026-02-31T10:00:00Z', files: { [PLANS]: value } })).status).toBe(400);
    const notContent = await call(session, 'POST', '', { runAt: inAnHour(), files: { 'forms/fragments/address.json': {} } });
    expect(notContent.status).toBe(400);
    expect(notContent.body.message).toMatch(/forms\/fragments\/address\.json/);
    const same = await plansAt(1499);
    expect((await call(session, 'POST', '', { runAt: inAnHour(), files: { [PLANS]: same.value } })).status).toBe(409);
    // No draft: nothing to schedule.
    expect((await call(session, 'POST', '', { runAt: inAnHour(), draft: true })).status).toBe(409);
    expect((await call(session, 'GET', '')).body).toEqual({ coming: [], failed: [] });
  });

  it("schedules the account's draft (which goes into it) and lists it as coming", async () => {
    const { value, hash } = await plansAt(1799);
    const saved = await studio.started.studio.inject({
      method: 'POST',
      url: '/api/studio/editor/save',
      headers: { ...FROM_STUDIO, cookie: session },
      payload: { files: { [PLANS]: { value, baseHash: hash } } },
    });
    expect(saved.statusCode).toBe(200);
    const runAt = inAnHour();
    const made = await call(session, 'POST', '', { runAt, draft: true });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ state: 'waiting', runAt, changed: [PLANS], baseRelease: 1 });
    const project = await studio.started.studio.inject({ url: '/api/studio/editor/project', headers: { cookie: session } });
    expect((project.json() as { draft: unknown }).draft).toBeNull();
    const listed = (await call(session, 'GET', '')).body as { coming: Shown[] };
    expect(listed.coming.map((shown) => shown.id)).toEqual([made.body.id]);
    const audited = await all<{ action: string }>(
      studio.started.db.query,
      sql`SELECT action FROM studio_audit WHERE action = 'content.schedule'`,
    );
    expect(audited).toHaveLength(1);
  });

  it('cancels a waiting schedule once; an unknown one is 404', async () => {
    const removal = await call(session, 'POST', '', { runAt: inAnHour(), files: { 'content/faqs.json': null } });
    expect(removal.status).toBe(201);
    const id = removal.body.id as number;
    const cancelled = await call(session, 'DELETE', `/${id}`);
    expect(cancelled).toMatchObject({ status: 200, body: { id, state: 'cancelled' } });
    const again = await call(session, 'DELETE', `/${id}`);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/cancelled/);
    expect((await call(session, 'DELETE', '/999999')).status).toBe(404);
    expect((await call(session, 'DELETE', '/abc')).status).toBe(400);
    const listed = (await call(session, 'GET', '')).body as { coming: Shown[] };
    expect(listed.coming.map((shown) => shown.id)).not.toContain(id);
  });
});
