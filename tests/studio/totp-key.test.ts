import { randomBytes } from 'node:crypto';
import { generate as totpCode } from 'otplib';
import type { InjectOptions } from 'light-my-request';
import { describe, expect, it } from 'vitest';
import { one, run, sql } from '../../server/db';
import { accountTotpSecret } from '../../server/studio/accounts';
import { addAdmin } from '../../server/studio/ops';
import type { SecretKeys } from '../../server/studio/secret-box';
import texts from '../../server/studio/texts.json';
import { cookieOf, FROM_STUDIO, PASSWORD, STUDIO_URL, studioOn, useStudio, type TestAccount } from './helpers';

/**
 * The accounts' TOTP secrets at rest: sealed with STUDIO_SECRET_KEY in the database (no base32
 * secret in a row), bound to their row, opened by a sign-in; a row written before encryption and
 * one sealed with the previous key still sign in and are sealed with the current key by it; a
 * secret that does not open answers as a wrong code and is logged with the account's id.
 */

const BASE32_SECRET = /^[A-Z2-7]{16,}=*$/;

describe('studio TOTP secrets encrypted at rest', () => {
  const studio = useStudio();
  const { started, clock } = studio;

  const storedSecret = async (table: 'studio_accounts' | 'studio_invitations', where: { id?: number; email?: string }) =>
    (
      await one<{ totp_secret: string | null }>(
        started.db.query,
        where.id === undefined
          ? sql`SELECT totp_secret FROM ${sql.raw(table)} WHERE email = ${where.email}`
          : sql`SELECT totp_secret FROM ${sql.raw(table)} WHERE id = ${where.id}`,
      )
    )?.totp_secret;
  const setStored = (id: number, value: string) =>
    started.db.write('studio', (q) => run(q, sql`UPDATE studio_accounts SET totp_secret = ${value} WHERE id = ${id}`));

  const signInOn = async (app = started.studio, account: TestAccount, code?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/studio/sign-in',
      headers: FROM_STUDIO,
      payload: { email: account.email, password: PASSWORD, code: code ?? (await studio.code(account)) },
    });

  /** A studio on the same database with other keys, its error lines kept. */
  async function otherStudio(secretKeys: SecretKeys) {
    const lines: string[] = [];
    const app = await studioOn(started.site, clock.now, { secretKeys, logStream: { write: (line) => void lines.push(line) } });
    return { app, lines };
  }

  it('keeps no base32 secret in the database from the enrolment on, and signs in with it', async () => {
    const inject = (options: InjectOptions) => started.studio.inject(options);
    const token = (await addAdmin(started.db, 'sealed@studio.example', STUDIO_URL, clock.now())).split('#')[1];
    const start = await inject({ method: 'POST', url: '/api/studio/enrolment/start', headers: FROM_STUDIO, payload: { token } });
    const { totpSecret } = start.json<{ totpSecret: string }>();
    expect(totpSecret).toMatch(BASE32_SECRET);
    // The secret the link offers is sealed too, for that link only.
    const offered = await storedSecret('studio_invitations', { email: 'sealed@studio.example' });
    expect(offered).toMatch(/^v1\./);
    expect(offered).not.toContain(totpSecret);
    clock.advance(31_000);
    const code = await totpCode({ secret: totpSecret, epoch: Math.floor(clock.now().getTime() / 1000) });
    const finish = await inject({
      method: 'POST',
      url: '/api/studio/enrolment/finish',
      headers: FROM_STUDIO,
      payload: { token, password: PASSWORD, code },
    });
    expect(finish.statusCode, finish.body).toBe(201);
    const stored = await storedSecret('studio_accounts', { email: 'sealed@studio.example' });
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain(totpSecret);
    expect(stored).not.toMatch(BASE32_SECRET);

    const account = { id: 0, email: 'sealed@studio.example', secret: totpSecret, recoveryCodes: [] };
    expect((await signInOn(started.studio, account)).statusCode).toBe(200);
  });

  it('refuses a secret copied from another account as a wrong code, and logs the account', async () => {
    const owner = await studio.account('owner@studio.example', ['staff']);
    const thief = await studio.account('thief@studio.example', ['staff']);
    await setStored(thief.id, (await storedSecret('studio_accounts', { id: owner.id }))!);
    const { app, lines } = await otherStudio(studio.secretKeys);
    try {
      for (const code of [await studio.code(owner), await studio.code(thief)]) {
        const response = await signInOn(app, thief, code);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: texts.signInFailed });
      }
      expect(lines.join('\n')).toContain(`TOTP secret of account ${thief.id} does not decrypt`);
    } finally {
      await app.close();
    }
  });

  it('answers a wrong key as a wrong code, and logs an error with the account id, never the secret', async () => {
    const account = await studio.account('wrong-key@studio.example', ['staff']);
    const stored = (await storedSecret('studio_accounts', { id: account.id }))!;
    const { app, lines } = await otherStudio({ current: randomBytes(32) });
    try {
      const wrongKey = await signInOn(app, account);
      const wrongCode = await signInOn(started.studio, account, '000000');
      expect(wrongKey.statusCode).toBe(401);
      expect(wrongKey.body).toBe(wrongCode.body);
      const errors = lines.map((line) => JSON.parse(line) as { level: number; studioAccountId?: number; msg: string });
      expect(errors).toEqual([expect.objectContaining({ level: 50, studioAccountId: account.id })]);
      expect(lines.join('')).not.toContain(account.secret);
      expect(lines.join('')).not.toContain(stored.split('.')[3]);
      // New recovery codes, which need a TOTP code, are refused as with a wrong code.
      const cookie = cookieOf(
        (
          await app.inject({
            method: 'POST',
            url: '/api/studio/sign-in',
            headers: FROM_STUDIO,
            payload: { email: account.email, password: PASSWORD, code: account.recoveryCodes[0] },
          })
        ).headers['set-cookie'],
      );
      const renewal = await app.inject({
        method: 'POST',
        url: '/api/studio/me/recovery-codes',
        headers: { ...FROM_STUDIO, cookie },
        payload: { code: await studio.code(account) },
      });
      expect(renewal.statusCode).toBe(403);
      expect(renewal.json()).toEqual({ message: texts.codeWrong });
      // Nothing was sealed again with the wrong key: the row is as it was.
      expect(await storedSecret('studio_accounts', { id: account.id })).toBe(stored);
    } finally {
      await app.close();
    }
  });

  it('signs in a row written before encryption (plain base32), then keeps it sealed', async () => {
    const account = await studio.account('legacy@studio.example', ['staff']);
    await setStored(account.id, account.secret);
    expect((await signInOn(started.studio, account)).statusCode).toBe(200);
    const stored = (await storedSecret('studio_accounts', { id: account.id }))!;
    expect(stored).toMatch(/^v1\./);
    expect(accountTotpSecret(studio.secretKeys, { id: account.id, totp_secret: stored })).toEqual({
      ok: true,
      secret: account.secret,
      current: true,
    });
    expect((await signInOn(started.studio, account)).statusCode).toBe(200);
    // A plain row that a failed sign-in reads stays as it is: only a sign-in seals it.
    await setStored(account.id, account.secret);
    expect((await signInOn(started.studio, account, '000000')).statusCode).toBe(401);
    expect(await storedSecret('studio_accounts', { id: account.id })).toBe(account.secret);
  });

  it('signs in with the previous key during a rotation, and seals the secret with the new one', async () => {
    const account = await studio.account('rotated@studio.example', ['staff']);
    const before = (await storedSecret('studio_accounts', { id: account.id }))!;
    const next = randomBytes(32);
    const { app, lines } = await otherStudio({ current: next, previous: studio.secretKeys.current });
    try {
      expect((await signInOn(app, account)).statusCode).toBe(200);
      const after = (await storedSecret('studio_accounts', { id: account.id }))!;
      expect(after).not.toBe(before);
      expect(accountTotpSecret({ current: next }, { id: account.id, totp_secret: after })).toMatchObject({ ok: true, current: true });
      expect(accountTotpSecret(studio.secretKeys, { id: account.id, totp_secret: after })).toEqual({ ok: false });
      expect((await signInOn(app, account)).statusCode).toBe(200);
      expect(lines).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
