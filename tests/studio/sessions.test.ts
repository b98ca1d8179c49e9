import type { InjectOptions } from 'light-my-request';
import { describe, expect, it } from 'vitest';
import { CSRF_HEADER, SESSION_IDLE_MS, SESSION_TOUCH_MS } from '../../server/studio/context';
import { cookieOf, FROM_STUDIO, PASSWORD, STUDIO_URL, useStudio } from './helpers';

describe('studio sign-in and sessions', () => {
  const studio = useStudio();
  const inject = (options: InjectOptions) => studio.started.studio.inject(options);
  const signInWith = (payload: Record<string, string>, headers: Record<string, string> = FROM_STUDIO) =>
    inject({ method: 'POST', url: '/api/studio/sign-in', headers, payload });
  const me = (cookie: string) => inject({ url: '/api/studio/me', headers: { cookie } });

  it('signs in with e-mail, password and a TOTP code; the same code does not sign in twice', async () => {
    const account = await studio.account('Nurse@Studio.example', ['staff']);
    const code = await studio.code(account);
    const first = await signInWith({ email: 'NURSE@studio.example', password: PASSWORD, code });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ email: 'nurse@studio.example', roles: ['staff'] });
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-studio=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200; Secure$/);
    expect((await me(cookieOf(setCookie))).json()).toMatchObject({ email: 'nurse@studio.example', roles: ['staff'] });

    const replay = await signInWith({ email: account.email, password: PASSWORD, code });
    expect(replay.statusCode).toBe(401);
  });

  it('answers an unknown e-mail exactly as a wrong password, after the same password hashing', async () => {
    await studio.account('known@studio.example', ['staff']);
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await signInWith({ email, password: 'not the password at all', code: '123456' });
      return { status: response.statusCode, body: response.body, ms: performance.now() - started };
    };
    const wrong = [await timed('known@studio.example'), await timed('known@studio.example')];
    const unknown = [await timed('nobody@studio.example'), await timed('nobody@studio.example')];
    expect(unknown.map(({ status, body }) => ({ status, body }))).toEqual(wrong.map(({ status, body }) => ({ status, body })));
    expect(wrong[0].status).toBe(401);
    // Both checked a password against an argon2id hash (tens of ms); the shared machine's noise is tolerated.
    const least = (runs: Array<{ ms: number }>) => Math.min(...runs.map((run) => run.ms));
    expect(least(unknown)).toBeGreaterThan(least(wrong) / 3);
  });

  it('takes a recovery code in place of a TOTP code, once', async () => {
    const account = await studio.account('recover@studio.example', ['editor']);
    const [recovery] = account.recoveryCodes;
    const first = await signInWith({ email: account.email, password: PASSWORD, code: recovery.toUpperCase() });
    expect(first.statusCode).toBe(200);
    expect((await me(cookieOf(first.headers['set-cookie']))).json()).toMatchObject({ recoveryCodesLeft: 9 });
    const again = await signInWith({ email: account.email, password: PASSWORD, code: recovery });
    expect(again.statusCode).toBe(401);
    const other = await signInWith({ email: account.email, password: 'a wrong password', code: account.recoveryCodes[1] });
    expect(other.statusCode).toBe(401);
  });

  it('refuses a state-changing request without the studio header or from another origin', async () => {
    const account = await studio.account('csrf@studio.example', ['staff']);
    const payload = { email: account.email, password: PASSWORD, code: '000000' };
    const refusedHeaders: Array<Record<string, string>> = [
      { origin: STUDIO_URL },
      { origin: 'https://evil.example', [CSRF_HEADER]: '1' },
      { [CSRF_HEADER]: '1' },
    ];
    for (const headers of refusedHeaders) {
      const refused = await signInWith(payload, headers);
      expect(refused.statusCode).toBe(403);
    }
    const cookie = await studio.signIn(account);
    const signOut = await inject({ method: 'POST', url: '/api/studio/sign-out', headers: { cookie, origin: STUDIO_URL } });
    expect(signOut.statusCode).toBe(403);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('ends a session after 30 minutes without a request, and 12 hours after its sign-in', async () => {
    const account = await studio.account('idle@studio.example', ['staff']);
    const cookie = await studio.signIn(account);
    studio.clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await me(cookie)).statusCode).toBe(200);
    studio.clock.advance(SESSION_IDLE_MS + 1000);
    const ended = await me(cookie);
    expect(ended.statusCode).toBe(401);
    expect(String(ended.headers['set-cookie'])).toMatch(/Max-Age=0/);

    // A request every 25 minutes: alive until its 12th hour, then ended however busy.
    const busy = await studio.signIn(account);
    let minutes = 0;
    while (minutes < 24 * 60 && (await me(busy)).statusCode === 200) {
      studio.clock.advance(25 * 60_000);
      minutes += 25;
    }
    expect(minutes).toBe(Math.ceil((12 * 60) / 25) * 25);
  });

  it('records a use at most once a minute: the idle end counts from the last one recorded', async () => {
    const account = await studio.account('touch@studio.example', ['staff']);
    // A request within the minute after sign-in is not recorded: the session ends 30 minutes after sign-in.
    const quick = await studio.signIn(account);
    studio.clock.advance(SESSION_TOUCH_MS - 10_000);
    expect((await me(quick)).statusCode).toBe(200);
    studio.clock.advance(SESSION_IDLE_MS - SESSION_TOUCH_MS + 11_000);
    expect((await me(quick)).statusCode).toBe(401);
    // One a minute or more after it is: the session lives on from that request.
    const later = await studio.signIn(account);
    studio.clock.advance(SESSION_TOUCH_MS);
    expect((await me(later)).statusCode).toBe(200);
    studio.clock.advance(SESSION_IDLE_MS - SESSION_TOUCH_MS + 1000);
    expect((await me(later)).statusCode).toBe(200);
  });

  it('signs out, and signs out everywhere', async () => {
    const account = await studio.account('everywhere@studio.example', ['staff']);
    const laptop = await studio.signIn(account);
    const phone = await studio.signIn(account);
    const tablet = await studio.signIn(account);
    const out = await inject({ method: 'POST', url: '/api/studio/sign-out', headers: { ...FROM_STUDIO, cookie: tablet } });
    expect(out.statusCode).toBe(204);
    expect((await me(tablet)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(200);
    const everywhere = await inject({
      method: 'POST',
      url: '/api/studio/sign-out-everywhere',
      headers: { ...FROM_STUDIO, cookie: laptop },
    });
    expect(everywhere.json()).toEqual({ sessionsClosed: 2 });
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);
  });

  it("refuses a disabled account's open session at its next request, and applies a role change at once", async () => {
    const admin = await studio.account('boss@studio.example', ['admin']);
    const other = await studio.account('deputy@studio.example', ['admin']);
    const adminCookie = await studio.signIn(admin);
    const otherCookie = await studio.signIn(other);
    expect((await inject({ url: '/api/studio/accounts', headers: { cookie: otherCookie } })).statusCode).toBe(200);

    const demote = await inject({
      method: 'PUT',
      url: `/api/studio/accounts/${other.id}/roles`,
      headers: { ...FROM_STUDIO, cookie: adminCookie },
      payload: { roles: ['staff'] },
    });
    expect(demote.statusCode).toBe(200);
    expect((await inject({ url: '/api/studio/accounts', headers: { cookie: otherCookie } })).statusCode).toBe(403);

    const disable = await inject({
      method: 'PUT',
      url: `/api/studio/accounts/${other.id}/disabled`,
      headers: { ...FROM_STUDIO, cookie: adminCookie },
      payload: { disabled: true },
    });
    expect(disable.statusCode).toBe(200);
    expect((await me(otherCookie)).statusCode).toBe(401);
    const again = await signInWith({ email: other.email, password: PASSWORD, code: await studio.code(other) });
    expect(again.statusCode).toBe(401);

    // An admin does none of this to their own account.
    for (const [url, payload] of [
      [`/api/studio/accounts/${admin.id}/disabled`, { disabled: true }],
      [`/api/studio/accounts/${admin.id}/roles`, { roles: ['staff'] }],
    ] as const) {
      const own = await inject({ method: 'PUT', url, headers: { ...FROM_STUDIO, cookie: adminCookie }, payload });
      expect(own.statusCode).toBe(403);
    }
    const ownReset = await inject({
      method: 'POST',
      url: `/api/studio/accounts/${admin.id}/reset-factors`,
      headers: { ...FROM_STUDIO, cookie: adminCookie },
    });
    expect(ownReset.statusCode).toBe(403);
    expect((await me(adminCookie)).json()).toMatchObject({ roles: ['admin'] });
  });

  it('gives new recovery codes to oneself only with a TOTP code', async () => {
    const account = await studio.account('codes@studio.example', ['staff']);
    const cookie = await studio.signIn(account);
    const url = '/api/studio/me/recovery-codes';
    const without = await inject({ method: 'POST', url, headers: { ...FROM_STUDIO, cookie }, payload: { code: '000000' } });
    expect(without.statusCode).toBe(403);
    const renewed = await inject({
      method: 'POST',
      url,
      headers: { ...FROM_STUDIO, cookie },
      payload: { code: await studio.code(account) },
    });
    expect(renewed.statusCode).toBe(200);
    expect((renewed.json() as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
    const old = await signInWith({ email: account.email, password: PASSWORD, code: account.recoveryCodes[0] });
    expect(old.statusCode).toBe(401);
  });

  it('answers with no-store, framed by nothing, under a strict policy; the site has no studio path', async () => {
    for (const url of ['/api/studio/health', '/api/studio/me', '/api/studio/nothing-here']) {
      const response = await inject({ url });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['content-security-policy']).toMatch(/^default-src 'none';.*frame-ancestors 'none'/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=/);
    }
    for (const route of studio.started.studio.studioRoutes!) {
      const url = route.url.replace(':id', '1');
      const onSite = await studio.started.site.inject({ method: route.method as 'GET', url, headers: FROM_STUDIO, payload: {} });
      expect(`${route.method} ${url}: ${onSite.statusCode}`).toBe(`${route.method} ${url}: 404`);
    }
  });
});
