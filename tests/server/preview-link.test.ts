import { describe, expect, it } from 'vitest';
import { previewKey, readPreviewToken, signPreviewToken, PREVIEW_TTL_MS } from '../../server/preview/token';
import { studioPageCsp } from '../../server/studio/static';
import { studioOn, FROM_STUDIO, useStudio } from '../studio/helpers';

/**
 * The preview link the studio hands out (POST /api/studio/editor/preview) and its token
 * (server/preview/token.ts): who gets one, what it carries, and that nothing but the key opens it.
 */

const SITE_URL = 'https://www.bantaydoc.example';

describe('preview token', () => {
  const key = previewKey(Buffer.alloc(32, 7));
  const now = new Date('2026-03-02T08:00:00Z');

  it('opens with its key before its end, and not after', () => {
    const token = signPreviewToken(key, 42, new Date(now.getTime() + PREVIEW_TTL_MS));
    expect(token).toMatch(/^p1\.42\.[0-9a-z]+\.[\w-]{43}$/);
    expect(readPreviewToken(key, token, now)).toBe(42);
    expect(readPreviewToken(key, token, new Date(now.getTime() + PREVIEW_TTL_MS))).toBeUndefined();
    expect(readPreviewToken(previewKey(Buffer.alloc(32, 8)), token, now)).toBeUndefined();
  });

  it('does not open once any character is changed', () => {
    const token = signPreviewToken(key, 42, new Date(now.getTime() + PREVIEW_TTL_MS));
    for (let i = 0; i < token.length; i++) {
      const changed = token.slice(0, i) + (token[i] === '1' ? '2' : '1') + token.slice(i + 1);
      expect([i, readPreviewToken(key, changed, now)]).toEqual([i, undefined]);
    }
    for (const malformed of ['', 'p1', `${token}.x`, token.replace('p1', 'p2'), `p1.0.${token.split('.').slice(2).join('.')}`])
      expect(readPreviewToken(key, malformed, now)).toBeUndefined();
  });

  it('is not the studio secret key itself', () => {
    expect(previewKey(Buffer.alloc(32, 7)).equals(Buffer.alloc(32, 7))).toBe(false);
  });
});

describe('POST /api/studio/editor/preview', () => {
  const studio = useStudio({ siteUrl: SITE_URL });
  const ask = (cookie: string | undefined, payload: unknown, headers: Record<string, string> = FROM_STUDIO) =>
    studio.started.studio.inject({
      method: 'POST',
      url: '/api/studio/editor/preview',
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
      payload: payload as Record<string, unknown>,
    });

  it("gives an editor a 10-minute URL on the site's origin that names the editor's account", async () => {
    const editor = await studio.account('editor@link.example', ['editor']);
    const cookie = await studio.signIn(editor);
    const response = await ask(cookie, { path: '/shop?plan=2' });
    expect(response.statusCode).toBe(200);
    const { url, expiresAt } = response.json<{ url: string; expiresAt: string }>();
    expect(new Date(expiresAt).getTime()).toBe(studio.clock.now().getTime() + PREVIEW_TTL_MS);
    const match = /^https:\/\/www\.bantaydoc\.example\/__preview\/([^/]+)\/shop\?plan=2$/.exec(url);
    expect(match).not.toBeNull();
    expect(readPreviewToken(previewKey(studio.secretKeys.current), match![1], studio.clock.now())).toBe(editor.id);
    const home = await ask(cookie, {});
    expect(home.json<{ url: string }>().url).toMatch(/\/__preview\/[^/]+\/$/);
  });

  it('refuses a path that is not a page path of the site', async () => {
    const cookie = await studio.signIn(await studio.account('paths@link.example', ['editor']));
    for (const path of ['shop', '//evil.example/x', '/a b', 'https://evil.example/', '/shop#top', '/' + 'a'.repeat(300)])
      expect([path, (await ask(cookie, { path })).statusCode]).toEqual([path, 400]);
  });

  it('refuses the staff, nobody, and a request without the CSRF header', async () => {
    const staff = await studio.signIn(await studio.account('staff@link.example', ['staff']));
    expect((await ask(staff, {})).statusCode).toBe(403);
    expect((await ask(undefined, {})).statusCode).toBe(401);
    const editor = await studio.signIn(await studio.account('csrf@link.example', ['editor']));
    expect((await ask(editor, {}, { origin: FROM_STUDIO.origin })).statusCode).toBe(403);
  });

  it("answers 404 from a studio that does not know the site's address", async () => {
    const cookie = await studio.signIn(await studio.account('nosite@link.example', ['editor']));
    const without = await studioOn(studio.started.site, studio.clock.now, { secretKeys: studio.secretKeys });
    try {
      const response = await without.inject({
        method: 'POST',
        url: '/api/studio/editor/preview',
        headers: { ...FROM_STUDIO, cookie },
        payload: {},
      });
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toMatch(/Previews are off/);
    } finally {
      await without.close();
    }
  });
});

describe("the studio's page and the preview frame", () => {
  it("frames the site's origin only, and nothing without it", () => {
    expect(studioPageCsp('n', SITE_URL)).toContain(`frame-src ${SITE_URL};`);
    expect(studioPageCsp('n')).toContain("frame-src 'none';");
    expect(studioPageCsp('n', SITE_URL)).toContain("frame-ancestors 'none'");
  });
});
