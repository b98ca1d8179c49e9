import { describe, expect, it } from 'vitest';
import { all, sql } from '../../server/db';
import { FROM_STUDIO, studioCaller, useStudio, type TestAccount } from './helpers';

/**
 * The studio's content editor API: the dev editor's contract on the live release and the account's
 * draft. Saves go into the draft (kept across sign-outs), a publish makes a release the site serves.
 */

const PLANS = 'content/shop-plans.json';
const API = '/api/studio/editor';

interface Project {
  release: number;
  draft: { baseRelease: number; changed: string[]; summary: string[] } | null;
  files: Record<string, { value: { items: Array<Record<string, unknown>> }; hash: string }>;
  content: Array<{ file: string }>;
  blocks: unknown[];
}

describe('the studio content editor API', () => {
  const studio = useStudio();
  const call = studioCaller(() => studio.started.studio, API);

  let editor: TestAccount;
  let session: string;
  const project = async () => (await call(session, 'GET', '/project')).body as unknown as Project;
  /** The plans file with the first plan at `price`, as a save sends it. */
  const plansAt = (seen: Project, price: number) => {
    const value = structuredClone(seen.files[PLANS].value);
    value.items[0].price = price;
    return { [PLANS]: { value, baseHash: seen.files[PLANS].hash } };
  };

  it('refuses callers without a session (401), without the Content right (403) and writes without the CSRF header (403)', async () => {
    editor = await studio.account('editor@content.example', ['editor']);
    const staff = await studio.account('staff@content.example', ['staff']);
    session = await studio.signIn(editor);
    expect((await call(undefined, 'GET', '/project')).status).toBe(401);
    expect((await call(await studio.signIn(staff), 'GET', '/project')).status).toBe(403);
    const seen = await project();
    expect((await call(session, 'POST', '/save', { files: plansAt(seen, 1799) }, { origin: FROM_STUDIO.origin })).status).toBe(403);
    expect((await project()).draft).toBeNull();
  });

  it("gives the live release's files (with the project's pages.config.json), and refuses other paths", async () => {
    const seen = await project();
    expect(seen.release).toBe(1);
    expect(Object.keys(seen.files).every((file) => /^(content|forms)\//.test(file) || file === LAYOUT)).toBe(true);
    expect(seen.files['forms/contact.json']).toBeDefined();
    expect((seen.files[LAYOUT] as unknown as { value: Layout }).value.pages.length).toBeGreaterThan(0);
    expect(seen.files[PLANS].value.items[0].price).toBe(1499);
    expect(seen.content.some((meta) => meta.file === PLANS)).toBe(true);
    expect(seen.blocks.length).toBeGreaterThan(0);
    for (const file of ['forms/fragments/address.json', 'content/../server/app.ts', 'package.json']) {
      const refused = await call(session, 'POST', '/save', { files: { [file]: { value: {}, baseHash: '' } } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(`'${file}' is not a file the studio's editor changes`);
    }
  });

  it('saves into a draft that survives a sign-out; a save from an older text is a conflict', async () => {
    const seen = await project();
    const saved = await call(session, 'POST', '/save', { files: plansAt(seen, 1799) });
    expect(saved.status).toBe(200);
    const hash = (saved.body.files as Record<string, { hash: string }>)[PLANS].hash;

    await studio.started.studio.inject({ method: 'POST', url: '/api/studio/sign-out', headers: { ...FROM_STUDIO, cookie: session } });
    session = await studio.signIn(editor);
    const again = await project();
    expect(again.files[PLANS]).toMatchObject({ hash });
    expect(again.files[PLANS].value.items[0].price).toBe(1799);
    expect(again.draft).toMatchObject({ baseRelease: 1, changed: [PLANS] });
    // The site still serves the live release.
    expect(((await studio.started.site.inject({ url: '/api/v1/shop-plans' })).json() as { data: Items }).data[0].price).toBe(1499);

    const stale = await call(session, 'POST', '/save', { files: plansAt(seen, 1899) });
    expect(stale).toMatchObject({ status: 409, body: { conflicts: [PLANS] } });
    // The refusal says what changed since the text the save started from (here the draft's own change).
    expect(stale.body.changes).toEqual([{ file: PLANS, summary: [expect.stringMatching(/₱1,499\.00 → ₱1,799\.00/)], releases: [] }]);
    expect((await call(session, 'GET', '/hashes')).body[PLANS]).toBe(hash);
  });

  it('refuses to publish content with problems (422) or from an older release (409)', async () => {
    const seen = await project();
    const broken = structuredClone(seen.files[PLANS].value);
    delete broken.items[0].name;
    const check = await call(session, 'POST', '/check', { files: { [PLANS]: broken } });
    expect(check.status).toBe(200);
    expect(check.body.problems).toContainEqual(expect.objectContaining({ file: PLANS, pointer: '/items/0' }));

    // An unfinished draft is kept (autosave), and refused at the publish with each problem.
    const kept = await call(session, 'POST', '/save', { files: { [PLANS]: { value: broken, baseHash: seen.files[PLANS].hash } } });
    expect(kept.status).toBe(200);
    const invalid = await call(session, 'POST', '/publish', { baseRelease: 1 });
    expect(invalid.status).toBe(422);
    expect(invalid.body.problems).toContainEqual(expect.objectContaining({ file: PLANS, pointer: '/items/0' }));
    const fixed = await call(session, 'POST', '/save', {
      files: { [PLANS]: { value: seen.files[PLANS].value, baseHash: (kept.body.files as Record<string, { hash: string }>)[PLANS].hash } },
    });
    expect(fixed.status).toBe(200);

    const old = await call(session, 'POST', '/publish', { baseRelease: 0 });
    expect(old.status).toBe(409);
    expect(old.body.current).toMatchObject({ number: 1 });
  }, 60_000);

  it('publishes the draft: the site serves it, the draft is gone, the audit trail has it', async () => {
    const status = await call(session, 'GET', '/publish');
    expect(status.body).toMatchObject({ release: 1, changed: [PLANS] });
    const published = await call(session, 'POST', '/publish', { baseRelease: 1 });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toMatchObject({ release: 2 });
    expect(((await studio.started.site.inject({ url: '/api/v1/shop-plans' })).json() as { data: Items }).data[0].price).toBe(1799);
    expect((await project()).draft).toBeNull();
    const history = await call(session, 'GET', '/releases?limit=5');
    expect(history.body.releases).toMatchObject([
      { number: 2, source: 'studio', authorName: editor.email, changed: [PLANS] },
      { number: 1 },
    ]);
    const rows = await all<{ action: string; target: string }>(
      studio.started.db.query,
      sql`SELECT action, target FROM studio_audit WHERE action LIKE 'content.%' ORDER BY id`,
    );
    expect(rows).toEqual([{ action: 'content.publish', target: 'release 2' }]);
    expect((await call(session, 'POST', '/publish', { baseRelease: 2 })).status).toBe(409);
  }, 60_000);

  it('discards a draft, with an audit row', async () => {
    await call(session, 'POST', '/save', { files: plansAt(await project(), 2099) });
    const discarded = await call(session, 'DELETE', '/draft');
    expect(discarded).toEqual({ status: 200, body: { discarded: [PLANS] } });
    expect((await project()).files[PLANS].value.items[0].price).toBe(1799);
    const rows = await all<{ action: string }>(
      studio.started.db.query,
      sql`SELECT action FROM studio_audit WHERE action = 'content.draft.discard'`,
    );
    expect(rows).toHaveLength(1);
  });

  it("takes a page's layout into the draft in words, refuses a broken one at its field, and publishes it", async () => {
    const seen = await project();
    const layout = seen.files[LAYOUT] as unknown as { value: Layout; hash: string };
    const page = layout.value.pages.findIndex((candidate) => candidate.path === '/contact');
    const section = layout.value.pages[page].sections.findIndex((candidate) => candidate.type === 'contactInfo');
    const broken = structuredClone(layout.value);
    broken.pages[page].sections[section].type = 'noSuchBlock';
    const problems = (await call(session, 'POST', '/check', { files: { [LAYOUT]: broken } })).body.problems as Array<{
      file: string;
      pointer: string;
    }>;
    expect(problems).toContainEqual(expect.objectContaining({ file: LAYOUT, pointer: `/pages/${page}/sections/${section}/type` }));

    // A new address waits for the next deploy, and the publish bar says so; a section's props do not.
    const moved = structuredClone(layout.value);
    moved.pages[page].path = '/reach-us';
    const saved = await call(session, 'POST', '/save', { files: { [LAYOUT]: { value: moved, baseHash: layout.hash } } });
    expect((await call(session, 'GET', '/publish')).body.waitsForDeploy).toBe('routes');
    const changed = structuredClone(layout.value);
    changed.pages[page].sections[section].props = { ...changed.pages[page].sections[section].props, title: 'Visit us' };
    const baseHash = (saved.body.files as Record<string, { hash: string }>)[LAYOUT].hash;
    expect((await call(session, 'POST', '/save', { files: { [LAYOUT]: { value: changed, baseHash } } })).status).toBe(200);
    expect((await call(session, 'GET', '/publish')).body.waitsForDeploy).toBeNull();
    const draft = (await project()).draft!;
    expect(draft.changed).toEqual([LAYOUT]);
    expect(draft.summary).toEqual([expect.stringMatching(/^Pages: .+: Contact info changed$/)]);
    const published = await call(session, 'POST', '/publish', { baseRelease: 2 });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const release = await all<{ files: string }>(studio.started.db.query, sql`SELECT files FROM content_releases WHERE number = 3`);
    expect(JSON.parse(JSON.parse(release[0].files)[LAYOUT]).pages[page].sections[section].props.title).toBe('Visit us');
  }, 60_000);

  it("says which of the draft's form changes wait for the next deploy", async () => {
    const seen = await project();
    const contact = seen.files['forms/contact.json'] as unknown as { value: { flow: Record<string, unknown> }; hash: string };
    const moved = structuredClone(contact.value);
    moved.flow.target = 'form-emails/somewhere-else';
    const saved = await call(session, 'POST', '/save', { files: { 'forms/contact.json': { value: moved, baseHash: contact.hash } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await call(session, 'GET', '/publish')).body.formsWaitForDeploy).toEqual([{ form: 'contact', reason: 'target' }]);
    await call(session, 'DELETE', '/draft');
    expect((await call(session, 'GET', '/publish')).body.formsWaitForDeploy).toEqual([]);
  });
});

const LAYOUT = 'pages.config.json';
type Layout = { pages: Array<{ path: string; sections: Array<{ type: string; props?: Record<string, unknown> }> }> };
type Items = Array<Record<string, unknown>>;
