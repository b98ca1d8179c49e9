import { describe, expect, it } from 'vitest';
import { previewKey, readPreviewGrant, readPreviewToken, signPreviewToken, PREVIEW_TTL_MS } from '../../server/preview/token';
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

  it('carries a preview date under its signature', () => {
    const asOf = new Date('2026-04-01T00:00:00Z');
    const token = signPreviewToken(key, 42, new Date(now.getTime() + PREVIEW_TTL_MS), asOf);
    expect(readPreviewGrant(key, token, now)).toEqual({ accountId: 42, asOf });
    const [version, account, expiry, at, signature] = token.split('.');
    const later = (Number.parseInt(at, 36) + 1).toString(36);
    expect(readPreviewGrant(key, [version, account, expiry, later, signature].join('.'), now)).toBeUndefined();
    expect(readPreviewGrant(key, [version, account, expiry, signature].join('.'), now)).toBeUndefined();
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

  it('shows the site as of a date to come, named in the token', async () => {
    const editor = await studio.account('asof@link.example', ['editor']);
    const cookie = await studio.signIn(editor);
    const asOf = new Date(studio.clock.now().getTime() + 24 * 3600_000);
    const response = await ask(cookie, { path: '/shop', asOf: asOf.toISOString().replace('Z', '+00:00') });
    expect(response.statusCode).toBe(200);
    const { url } = response.json<{ url: string }>();
    const token = /\/__preview\/([^/]+)\/shop$/.exec(url)![1];
    expect(readPreviewGrant(previewKey(studio.secretKeys.current), token, studio.clock.now())).toEqual({ accountId: editor.id, asOf });
  });

  it('refuses a preview date that is not a time, names no real day, has passed or is years away', async () => {
    const cookie = await studio.signIn(await studio.account('baddate@link.example', ['editor']));
    const now = studio.clock.now().getTime();
    const refused = {
      words: 'tomorrow',
      noZone: '2026-12-24T08:00',
      notADay: '2026-02-31T08:00:00+08:00',
      passed: new Date(now - 3600_000).toISOString(),
      yearsAway: new Date(now + 6 * 366 * 24 * 3600_000).toISOString(),
      tooLong: `${new Date(now + 3600_000).toISOString()}${'0'.repeat(40)}`,
    };
    for (const [name, asOf] of Object.entries(refused)) {
      const response = await ask(cookie, { path: '/shop', asOf });
      expect([name, response.statusCode]).toEqual([name, 400]);
      expect([name, response.json<{ message: string }>().message.length > 0]).toEqual([name, true]);
    }
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
