import { describe, expect, it } from 'vitest';
import { all, sql } from '../../server/db';
import { FROM_STUDIO, useStudio, type TestAccount } from '../studio/helpers';

/**
 * The content's history in the studio: a release with its changed files, an item's history, an
 * earlier version opened into a draft, and a rollback (a new release with the files from before).
 */

const PLANS = 'content/shop-plans.json';
const API = '/api/studio/editor';

type Items = Array<Record<string, unknown>>;
interface Project {
  release: number;
  draft: { baseRelease: number; changed: string[] } | null;
  files: Record<string, { value: { items: Items }; hash: string }>;
}

describe('the content history and rollback', () => {
  const studio = useStudio();
  const call = async (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
    const response = await studio.started.studio.inject({
      method,
      url: `${API}${url}`,
      headers: { ...FROM_STUDIO, cookie },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };
  let editor: TestAccount;
  let session: string;
  let planId: string;
  const project = async () => (await call(session, 'GET', '/project')).body as unknown as Project;
  const sitePrice = async () => ((await studio.started.site.inject({ url: '/api/v1/shop-plans' })).json() as { data: Items }).data[0].price;
  /** Saves the first plan at `price` into the draft and publishes it; the new release's number. */
  const publishPrice = async (price: number) => {
    const seen = await project();
    const value = structuredClone(seen.files[PLANS].value);
    value.items[0].price = price;
    expect((await call(session, 'POST', '/save', { files: { [PLANS]: { value, baseHash: seen.files[PLANS].hash } } })).status).toBe(200);
    const published = await call(session, 'POST', '/publish', { baseRelease: seen.release });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    return published.body.release as number;
  };

  it('publishes two changes of a price (releases 2 and 3); a staff account may not read the history', async () => {
    editor = await studio.account('editor@history.example', ['editor']);
    session = await studio.signIn(editor);
    planId = String((await project()).files[PLANS].value.items[0].id);
    expect(await publishPrice(1799)).toBe(2);
    expect(await publishPrice(1999)).toBe(3);
    const staff = await studio.signIn(await studio.account('staff@history.example', ['staff']));
    expect((await call(staff, 'GET', '/releases/2')).status).toBe(403);
    expect((await call(staff, 'POST', '/rollback', { release: 3, baseRelease: 3 })).status).toBe(403);
  }, 90_000);

  it('gives one release with its change in words and the changed files before and after; 404 for an unknown one', async () => {
    const detail = await call(session, 'GET', '/releases/2');
    expect(detail.status).toBe(200);
    expect(detail.body.release).toMatchObject({ number: 2, source: 'studio', authorName: editor.email, changed: [PLANS] });
    expect((detail.body.release as { summary: string[] }).summary.join(' ')).toMatch(/1,799/);
    const files = detail.body.files as Record<string, { before: string; after: string }>;
    expect(JSON.parse(files[PLANS].before).items[0].price).toBe(1499);
    expect(JSON.parse(files[PLANS].after).items[0].price).toBe(1799);
    const unknown = await call(session, 'GET', '/releases/99');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/99/);
  });

  it("gives an item's history newest first, with the fields that changed, paged", async () => {
    const history = await call(session, 'GET', `/history?file=${PLANS}&id=${planId}`);
    expect(history.status).toBe(200);
    expect(history.body).toMatchObject({
      changes: [
        { release: { number: 3 }, fields: ['price'] },
        { release: { number: 2 }, fields: ['price'] },
        { release: { number: 1 }, fields: ['(added)'] },
      ],
      next: null,
    });
    const first = await call(session, 'GET', `/history?file=${PLANS}&id=${planId}&limit=1`);
    expect(first.body).toMatchObject({ changes: [{ release: { number: 3 } }], next: 3 });
    const second = await call(session, 'GET', `/history?file=${PLANS}&id=${planId}&limit=1&before=3`);
    expect(second.body).toMatchObject({ changes: [{ release: { number: 2 } }], next: 2 });
    expect((await call(session, 'GET', `/history?file=${PLANS}&id=no-such-item`)).body).toEqual({ changes: [], next: null });
    expect((await call(session, 'GET', `/history?file=pages.config.json&id=${planId}`)).status).toBe(400);
  });

  it("opens an earlier release's item into the draft (its base the live release); refuses unknown releases and items", async () => {
    const opened = await call(session, 'POST', '/history/draft', { release: 1, file: PLANS, id: planId });
    expect(opened).toEqual({ status: 200, body: { file: PLANS } });
    const seen = await project();
    expect(seen.files[PLANS].value.items[0].price).toBe(1499);
    expect(seen.draft).toMatchObject({ baseRelease: 3, changed: [PLANS] });
    expect(await sitePrice()).toBe(1999);
    expect((await call(session, 'POST', '/history/draft', { release: 99, file: PLANS })).status).toBe(404);
    expect((await call(session, 'POST', '/history/draft', { release: 1, file: PLANS, id: 'no-such-item' })).status).toBe(404);
    expect((await call(session, 'POST', '/history/draft', { release: 1, file: 'content/none.json' })).status).toBe(404);
    expect((await call(session, 'POST', '/history/draft', { release: 1, file: '../secrets.json' })).status).toBe(400);
    // A whole file too.
    expect((await call(session, 'POST', '/history/draft', { release: 2, file: PLANS })).status).toBe(200);
    expect((await project()).files[PLANS].value.items[0].price).toBe(1799);
    expect((await call(session, 'DELETE', '/draft')).status).toBe(200);
  });

  it('refuses a rollback of an unknown release (404), of release 1 (409) and from an older release (409)', async () => {
    const unknown = await call(session, 'POST', '/rollback', { release: 99, baseRelease: 3 });
    expect(unknown.status).toBe(404);
    expect((await call(session, 'POST', '/rollback', { release: 1, baseRelease: 3 })).status).toBe(409);
    const stale = await call(session, 'POST', '/rollback', { release: 3, baseRelease: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ number: 3 });
    expect(await sitePrice()).toBe(1999);
  });

  it('rolls back release 3 as release 4 (source rollback) with an audit row; again, there is nothing to roll back', async () => {
    const rolled = await call(session, 'POST', '/rollback', { release: 3, baseRelease: 3 });
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
    expect(rolled.body.release).toBe(4);
    expect((rolled.body.summary as string[])[0]).toBe('Rolled back release 3');
    expect(await sitePrice()).toBe(1799);
    const detail = await call(session, 'GET', '/releases/4');
    expect(detail.body.release).toMatchObject({ number: 4, source: 'rollback', authorName: editor.email, changed: [PLANS] });
    const rows = await all<{ action: string; target: string }>(
      studio.started.db.query,
      sql`SELECT action, target FROM studio_audit WHERE action = 'content.rollback'`,
    );
    expect(rows).toEqual([{ action: 'content.rollback', target: 'release 4' }]);
    const again = await call(session, 'POST', '/rollback', { release: 3, baseRelease: 4 });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/nothing to roll back/);
  }, 60_000);
});
