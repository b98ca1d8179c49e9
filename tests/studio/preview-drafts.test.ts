import { describe, expect, it } from 'vitest';
import { unsavedContent } from '../../server/preview/unsaved';
import { EDITOR_MAX_BODY, EDITOR_MAX_FILES } from '../../server/studio/editor-routes';
import { FROM_STUDIO, useStudio } from './helpers';

/**
 * POST /api/studio/editor/preview/drafts: the content the editor holds unsaved, kept as the
 * account's preview state (server/preview/unsaved.ts) at once, without the autosave. Who may send
 * it, what it takes, and that a discard ends it.
 */

const PLANS = 'content/shop-plans.json';
const plans = (price: number) => ({ items: [{ id: 1, price }] });

describe('POST /api/studio/editor/preview/drafts', () => {
  const studio = useStudio({ siteUrl: 'https://www.bantaydoc.example' });
  const send = (cookie: string | undefined, payload: unknown, headers: Record<string, string> = FROM_STUDIO) =>
    studio.started.studio.inject({
      method: 'POST',
      url: '/api/studio/editor/preview/drafts',
      headers: { 'content-type': 'application/json', ...headers, ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(payload),
    });
  const unsaved = () => unsavedContent(studio.started.site.ctx.shared);

  it("keeps the editor's unsaved files as the account's preview state, each send replacing the last", async () => {
    const editor = await studio.account('typing@drafts.example', ['editor']);
    const cookie = await studio.signIn(editor);
    const first = await send(cookie, { files: { [PLANS]: plans(1234) } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true, partial: false });
    expect(await unsaved().get(editor.id)).toEqual({ [PLANS]: plans(1234) });
    await send(cookie, { files: { [PLANS]: plans(1235) } });
    expect(await unsaved().get(editor.id)).toEqual({ [PLANS]: plans(1235) });
    // All saved: an empty set, and the preview shows the draft alone.
    await send(cookie, { files: {} });
    expect(await unsaved().get(editor.id)).toEqual({});
  });

  it("keeps each send's number, the empty set's too: the preview frame's refresh waits for it", async () => {
    const editor = await studio.account('numbered@drafts.example', ['editor']);
    const cookie = await studio.signIn(editor);
    expect(await unsaved().reached(editor.id, 1, 0)).toBe(false);
    expect((await send(cookie, { files: { [PLANS]: plans(1) }, seq: 1_796_000_000_001 })).statusCode).toBe(200);
    expect(await unsaved().reached(editor.id, 1_796_000_000_001, 0)).toBe(true);
    expect(await unsaved().reached(editor.id, 1_796_000_000_002, 0)).toBe(false);
    await send(cookie, { files: {}, seq: 1_796_000_000_002 });
    expect(await unsaved().reached(editor.id, 1_796_000_000_002, 0)).toBe(true);
    for (const seq of [-1, 1.5, '7', Number.MAX_SAFE_INTEGER + 2])
      expect([seq, (await send(cookie, { files: {}, seq })).statusCode]).toEqual([seq, 400]);
  });

  it('ends with a discard of the draft', async () => {
    const editor = await studio.account('discard@drafts.example', ['editor']);
    const cookie = await studio.signIn(editor);
    await send(cookie, { files: { [PLANS]: plans(999) } });
    const discarded = await studio.started.studio.inject({
      method: 'DELETE',
      url: '/api/studio/editor/draft',
      headers: { ...FROM_STUDIO, cookie },
    });
    expect(discarded.statusCode).toBe(200);
    expect(await unsaved().get(editor.id)).toEqual({});
  });

  it('refuses nobody, the staff, a request without the CSRF header, and another shape, path or size', async () => {
    const editor = await studio.account('refused@drafts.example', ['editor']);
    const cookie = await studio.signIn(editor);
    const staff = await studio.signIn(await studio.account('staff@drafts.example', ['staff']));
    const good = { files: { [PLANS]: plans(1) } };
    expect((await send(undefined, good)).statusCode).toBe(401);
    expect((await send(staff, good)).statusCode).toBe(403);
    expect((await send(cookie, good, { origin: FROM_STUDIO.origin })).statusCode).toBe(403);
    for (const body of [
      {},
      { files: [] },
      { files: { [PLANS]: 'text' } },
      { files: good.files, other: 1 },
      { files: { 'server/app.ts': {} } },
      { files: { 'content/../x.json': {} } },
      { files: Object.fromEntries(Array.from({ length: EDITOR_MAX_FILES + 1 }, (_, i) => [`content/f${i}.json`, {}])) },
    ])
      expect([body, (await send(cookie, body)).statusCode]).toEqual([body, 400]);
    const big = { files: { [PLANS]: { text: 'x'.repeat(EDITOR_MAX_BODY) } } };
    expect((await send(cookie, big)).statusCode).toBe(413);
    expect(await unsaved().get(editor.id)).toEqual({});
  });
});
