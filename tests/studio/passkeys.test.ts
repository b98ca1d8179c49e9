import type { InjectOptions } from 'light-my-request';
import { describe, expect, it } from 'vitest';
import { all, sql } from '../../server/db';
import { addAdmin } from '../../server/studio/ops';
import { CHALLENGE_MS } from '../../server/studio/passkeys';
import { SoftwareAuthenticator, type CreationOptions, type RequestOptions } from './authenticator';
import { cookieOf, FROM_STUDIO, PASSWORD, STUDIO_URL, useStudio } from './helpers';

/**
 * Passkeys against the real studio over HTTP (inject), answered by a software authenticator
 * (./authenticator.ts: ES256 keys of node:crypto): enrolment through a link, sign-in with no
 * e-mail, one's own passkeys, and every refusal: a challenge never handed out, reused, expired or
 * of another purpose; an unknown passkey; a disabled account; no user verification; the last
 * factor's removal; the per-client limit shared with the password's sign-in.
 */

const FAILED = 'This passkey could not sign you in. Try again, or use another passkey or your password.';

describe('studio passkeys', () => {
  const studio = useStudio();
  const inject = (options: InjectOptions) => studio.started.studio.inject(options);
  const post = (url: string, payload: unknown, cookie?: string) =>
    inject({
      method: 'POST',
      url: `/api/studio${url}`,
      headers: { ...FROM_STUDIO, ...(cookie ? { cookie } : {}) },
      payload: payload as object,
    });

  const signInOptions = async (): Promise<RequestOptions> => (await post('/sign-in/passkey/options', {})).json();
  const signInWith = (answer: unknown) => post('/sign-in/passkey', answer);

  /** Enrols the link of `token` with a new passkey of `authenticator`. */
  async function enrol(token: string, authenticator: SoftwareAuthenticator, name = 'Work laptop') {
    const options = await post('/enrolment/passkey/options', { token });
    if (options.statusCode !== 200) return options;
    return post('/enrolment/passkey/finish', { token, name, response: authenticator.create(options.json<CreationOptions>()) });
  }

  /** A new person enrolled through an add-admin link with a passkey; signed in with it. */
  async function enrolled(email: string) {
    const authenticator = new SoftwareAuthenticator(STUDIO_URL);
    const token = (await addAdmin(studio.started.db, email, STUDIO_URL, studio.clock.now())).split('#')[1];
    const finish = await enrol(token, authenticator);
    expect(finish.statusCode, finish.body).toBe(201);
    const signedIn = await signInWith(authenticator.get(await signInOptions()));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    return { authenticator, token, cookie: cookieOf(signedIn.headers['set-cookie']) };
  }

  const auditOf = (email: string) =>
    all<{ action: string; after: string | null; before: string | null }>(
      studio.started.db.query,
      sql`SELECT action, before, after FROM studio_audit WHERE target = ${email} ORDER BY id`,
    );

  it('enrols with a passkey and no password, then signs in with it, no e-mail typed', async () => {
    const { authenticator, token, cookie } = await enrolled('Pia.Passkey@studio.example');
    const me = await inject({ url: '/api/studio/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ email: 'pia.passkey@studio.example', roles: ['admin'], password: false, recoveryCodesLeft: 0 });
    // The link was used; the account has no password to sign in with.
    expect((await enrol(token, new SoftwareAuthenticator(STUDIO_URL))).statusCode).toBe(410);
    const [passkey] = (await inject({ url: '/api/studio/me/passkeys', headers: { cookie } })).json<Array<Record<string, unknown>>>();
    expect(passkey).toMatchObject({ name: 'Work laptop', created_at: studio.clock.now().toISOString() });
    expect(passkey.last_used_at).toBe(studio.clock.now().toISOString());
    const [stored] = await all<{ counter: number }>(studio.started.db.query, sql`SELECT counter FROM studio_passkeys`);
    expect(Number(stored.counter)).toBe(authenticator.credentials[0].counter);
    expect((await auditOf('pia.passkey@studio.example')).map((row) => [row.action, row.after])).toEqual([
      ['invitation.command-line', expect.anything()],
      ['account.enrolled', JSON.stringify({ roles: ['admin'], kind: 'passkey', name: 'Work laptop' })],
      ['sign-in.passkey', JSON.stringify({ passkey: 'Work laptop' })],
    ]);
    // A second sign-in moves the counter on; the session cookie is the password route's.
    const again = await signInWith(authenticator.get(await signInOptions()));
    expect(String(again.headers['set-cookie'])).toMatch(
      /^__Host-studio=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200; Secure$/,
    );
    expect(again.json()).toMatchObject({ email: 'pia.passkey@studio.example', roles: ['admin'] });
  });

  it('refuses a challenge never handed out, reused, expired or of another purpose, all in the same words', async () => {
    const { authenticator, cookie } = await enrolled('ray.refused@studio.example');
    const refusals = [];
    refusals.push(await signInWith(authenticator.get({ challenge: 'bm90LWhhbmRlZC1vdXQtYnktdGhlLXN0dWRpbw' })));
    const options = await signInOptions();
    expect((await signInWith(authenticator.get(options))).statusCode).toBe(200);
    refusals.push(await signInWith(authenticator.get(options)));
    const late = await signInOptions();
    studio.clock.advance(CHALLENGE_MS + 1000);
    refusals.push(await signInWith(authenticator.get(late)));
    const registering = (await post('/me/passkeys/options', {}, cookie)).json<CreationOptions>();
    refusals.push(await signInWith(authenticator.get({ challenge: registering.challenge })));
    expect(refusals.map((response) => [response.statusCode, response.json()])).toEqual(
      Array.from({ length: 4 }, () => [401, { message: FAILED }]),
    );
    const failures = await all<{ after: string }>(
      studio.started.db.query,
      sql`SELECT after FROM studio_audit WHERE action = 'sign-in.failed' ORDER BY id DESC LIMIT 4`,
    );
    expect(failures.map((row) => JSON.parse(row.after))).toEqual(Array.from({ length: 4 }, () => ({ passkey: 'challenge' })));
  });

  it('refuses an unknown passkey, a wrong origin, no user verification and a disabled account, in the same words', async () => {
    const { authenticator } = await enrolled('dee.disabled@studio.example');
    const stranger = new SoftwareAuthenticator(STUDIO_URL);
    stranger.create({ challenge: 'AAAAAAAAAAAAAAAAAAAAAA', rp: { name: 'x' }, user: { id: 'c3RyYW5nZXI', name: 'stranger' } });
    const elsewhere = Object.assign(new SoftwareAuthenticator('https://evil.example'), { credentials: authenticator.credentials });
    const unverified = Object.assign(new SoftwareAuthenticator(STUDIO_URL, { verified: false }), {
      credentials: authenticator.credentials,
    });
    const refusals = [
      await signInWith(stranger.get(await signInOptions())),
      await signInWith(elsewhere.get(await signInOptions())),
      await signInWith(unverified.get(await signInOptions())),
    ];
    const admin = await studio.account('disabler@studio.example', ['admin']);
    const adminCookie = await studio.signIn(admin);
    const [{ id }] = await all<{ id: number }>(
      studio.started.db.query,
      sql`SELECT id FROM studio_accounts WHERE email = 'dee.disabled@studio.example'`,
    );
    const disabled = await inject({
      method: 'PUT',
      url: `/api/studio/accounts/${id}/disabled`,
      headers: { ...FROM_STUDIO, cookie: adminCookie },
      payload: { disabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    refusals.push(await signInWith(authenticator.get(await signInOptions())));
    expect(refusals.map((response) => [response.statusCode, response.json()])).toEqual(
      Array.from({ length: 4 }, () => [401, { message: FAILED }]),
    );
    const reasons = (await auditOf('dee.disabled@studio.example')).filter((row) => row.action === 'sign-in.failed');
    expect(reasons.map((row) => JSON.parse(row.after!))).toEqual([
      { passkey: 'not verified' },
      { passkey: 'not verified' },
      { passkey: 'disabled' },
    ]);
  });

  it("adds and removes one's own passkeys, never the last factor; each change an audit row", async () => {
    const { cookie } = await enrolled('max.many@studio.example');
    const phone = new SoftwareAuthenticator(STUDIO_URL);
    const options = (await post('/me/passkeys/options', {}, cookie)).json<CreationOptions & { excludeCredentials: unknown[] }>();
    expect(options.excludeCredentials).toHaveLength(1);
    expect((await post('/me/passkeys', { name: '   ', response: phone.create(options) }, cookie)).statusCode).toBe(400);
    const answer = phone.create((await post('/me/passkeys/options', {}, cookie)).json());
    const added = await post('/me/passkeys', { name: 'Phone', response: answer }, cookie);
    expect(added.statusCode, added.body).toBe(201);
    // The same answer again: its challenge was used.
    const again = await post('/me/passkeys', { name: 'Phone again', response: answer }, cookie);
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([400, expect.stringMatching(/expired or was used/)]);
    const list = (await inject({ url: '/api/studio/me/passkeys', headers: { cookie } })).json<Array<{ id: number; name: string }>>();
    expect(list.map((passkey) => passkey.name)).toEqual(['Work laptop', 'Phone']);

    const remove = (id: number | string) =>
      inject({ method: 'DELETE', url: `/api/studio/me/passkeys/${id}`, headers: { ...FROM_STUDIO, cookie } });
    expect((await remove(list[0].id)).statusCode).toBe(204);
    const last = await remove(list[1].id);
    expect([last.statusCode, last.json<{ message: string }>().message]).toEqual([409, expect.stringMatching(/^This is the last way/)]);
    expect((await remove(list[0].id)).statusCode).toBe(404);
    // Another account's passkey is not found from here.
    const other = await enrolled('olga.other@studio.example');
    const theirs = (await inject({ url: '/api/studio/me/passkeys', headers: { cookie: other.cookie } })).json<Array<{ id: number }>>();
    expect((await remove(theirs[0].id)).statusCode).toBe(404);
    expect((await inject({ url: '/api/studio/me/passkeys', headers: { cookie } })).json()).toHaveLength(1);

    const rows = (await auditOf('max.many@studio.example')).filter((row) => row.action.startsWith('factor.'));
    expect(rows.map((row) => [row.action, row.before ?? row.after])).toEqual([
      ['factor.enrolled', JSON.stringify({ kind: 'passkey', name: 'Phone' })],
      ['factor.removed', JSON.stringify({ kind: 'passkey', name: 'Work laptop' })],
      ['factor.refused', JSON.stringify({ kind: 'passkey', name: 'Phone', reason: 'last factor' })],
    ]);
  });

  it('adds a passkey only within 10 minutes of a sign-in: an older session signs in again first', async () => {
    const { cookie } = await enrolled('stella.stale@studio.example');
    const options = (await post('/me/passkeys/options', {}, cookie)).json<CreationOptions>();
    const answer = new SoftwareAuthenticator(STUDIO_URL).create(options);
    // Active all along (well within the idle limit), but the sign-in is now 10 minutes and a second old.
    for (let minute = 0; minute < 10; minute += 1) {
      studio.clock.advance(60_000);
      expect((await inject({ url: '/api/studio/me', headers: { cookie } })).statusCode).toBe(200);
    }
    studio.clock.advance(1000);
    for (const refused of [
      await post('/me/passkeys/options', {}, cookie),
      await post('/me/passkeys', { name: 'Late', response: answer }, cookie),
    ]) {
      expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([
        403,
        expect.stringMatching(/^To add a passkey, sign in again/),
      ]);
    }
    expect((await inject({ url: '/api/studio/me/passkeys', headers: { cookie } })).json()).toHaveLength(1);
  });

  it('lets a password account remove its only passkey: the password and TOTP factor remains', async () => {
    const account = await studio.account('paula.password@studio.example', ['staff']);
    const cookie = await studio.signIn(account);
    const key = new SoftwareAuthenticator(STUDIO_URL);
    const added = await post(
      '/me/passkeys',
      { name: 'Key', response: key.create((await post('/me/passkeys/options', {}, cookie)).json()) },
      cookie,
    );
    expect(added.statusCode, added.body).toBe(201);
    expect((await signInWith(key.get(await signInOptions()))).statusCode).toBe(200);
    const id = added.json<{ id: number }>().id;
    expect((await inject({ method: 'DELETE', url: `/api/studio/me/passkeys/${id}`, headers: { ...FROM_STUDIO, cookie } })).statusCode).toBe(
      204,
    );
    expect((await signInWith(key.get(await signInOptions()))).statusCode).toBe(401);
    await studio.signIn(account);
  });

  it('refuses an enrolment answer of another link, a used link, a bad name and a body past its limit', async () => {
    const authenticator = new SoftwareAuthenticator(STUDIO_URL);
    const first = (await addAdmin(studio.started.db, 'link.one@studio.example', STUDIO_URL, studio.clock.now())).split('#')[1];
    const second = (await addAdmin(studio.started.db, 'link.two@studio.example', STUDIO_URL, studio.clock.now())).split('#')[1];
    const ofFirst = (await post('/enrolment/passkey/options', { token: first })).json<CreationOptions>();
    const crossed = await post('/enrolment/passkey/finish', { token: second, name: 'Laptop', response: authenticator.create(ofFirst) });
    expect([crossed.statusCode, crossed.json()]).toEqual([400, { message: expect.stringMatching(/expired or was used/) }]);
    const long = await post('/enrolment/passkey/finish', { token: second, name: 'x'.repeat(61), response: authenticator.create(ofFirst) });
    expect(long.statusCode).toBe(400);
    const huge = await post('/enrolment/passkey/finish', {
      token: second,
      name: 'Laptop',
      response: { ...authenticator.create(ofFirst), padding: 'x'.repeat(17 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    const forged = await post('/enrolment/passkey/finish', {
      token: 'not-a-link-token-at-all-000000',
      name: 'Laptop',
      response: authenticator.create(ofFirst),
    });
    expect(forged.statusCode).toBe(410);
    expect((await enrol(second, authenticator)).statusCode).toBe(201);
    expect((await enrol(second, authenticator)).statusCode).toBe(410);
    expect((await post('/enrolment/passkey/options', { token: first })).statusCode).toBe(200);
  });

  it("an admin's reset of factors removes the passkeys too; the new link enrols a new one", async () => {
    const { authenticator } = await enrolled('rita.reset@studio.example');
    const admin = await studio.account('resetter@studio.example', ['admin']);
    const adminCookie = await studio.signIn(admin);
    const [{ id }] = await all<{ id: number }>(
      studio.started.db.query,
      sql`SELECT id FROM studio_accounts WHERE email = 'rita.reset@studio.example'`,
    );
    const reset = await inject({
      method: 'POST',
      url: `/api/studio/accounts/${id}/reset-factors`,
      headers: { ...FROM_STUDIO, cookie: adminCookie },
    });
    expect(reset.statusCode).toBe(200);
    expect(await all(studio.started.db.query, sql`SELECT id FROM studio_passkeys WHERE account_id = ${id}`)).toEqual([]);
    expect((await signInWith(authenticator.get(await signInOptions()))).statusCode).toBe(401);
    const [mail] = await all<{ body: string }>(
      studio.started.db.query,
      sql`SELECT body FROM outbox WHERE to_address = 'rita.reset@studio.example' ORDER BY id DESC LIMIT 1`,
    );
    const token = /\/enrol#([\w-]{43})/.exec(mail.body)![1];
    const fresh = new SoftwareAuthenticator(STUDIO_URL);
    expect((await enrol(token, fresh, 'New phone')).statusCode).toBe(201);
    expect((await signInWith(fresh.get(await signInOptions()))).json()).toMatchObject({ email: 'rita.reset@studio.example' });
    const actions = (await auditOf('rita.reset@studio.example')).map((row) => row.action);
    expect(actions.slice(-3)).toEqual(['factor.reset', 'factor.enrolled', 'sign-in.passkey']);
  });
});

describe('studio passkeys: the per-client sign-in limit', () => {
  const studio = useStudio({ signInLimits: { perAccount: 1000, perClient: 2 } });

  it('counts a passkey sign-in against the same per-client limit as the password', async () => {
    const inject = studio.started.studio.inject.bind(studio.started.studio);
    for (const _ of [1, 2]) {
      const wrong = await inject({
        method: 'POST',
        url: '/api/studio/sign-in',
        headers: FROM_STUDIO,
        payload: { email: 'nobody@studio.example', password: PASSWORD, code: '123456' },
      });
      expect(wrong.statusCode).toBe(401);
    }
    const stranger = new SoftwareAuthenticator(STUDIO_URL);
    stranger.create({ challenge: 'AAAAAAAAAAAAAAAAAAAAAA', rp: { name: 'x' }, user: { id: 'c3RyYW5nZXI', name: 'stranger' } });
    const options = (
      await inject({ method: 'POST', url: '/api/studio/sign-in/passkey/options', headers: FROM_STUDIO, payload: {} })
    ).json();
    const limited = await inject({
      method: 'POST',
      url: '/api/studio/sign-in/passkey',
      headers: FROM_STUDIO,
      payload: stranger.get(options),
    });
    expect(limited.statusCode).toBe(429);
  });
});
