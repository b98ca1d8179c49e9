import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { generate as totpCode } from 'otplib';
import type { InjectOptions } from 'light-my-request';
import { describe, expect, it } from 'vitest';
import { all, run, sql } from '../../server/db';
import { addAdmin, verifyAudit } from '../../server/studio/ops';
import { FROM_STUDIO, PASSWORD, STUDIO_URL, useStudio } from './helpers';
import { databaseUrlFor } from '../server/helpers';

const ROOT = resolve(__dirname, '../..');

describe('studio enrolment, invitations and the audit trail', () => {
  const studio = useStudio();
  const inject = (options: InjectOptions) => studio.started.studio.inject(options);

  /** Enrols through a link's token: a TOTP secret offered, then password and a code of it. */
  async function enrol(token: string, password = PASSWORD) {
    const start = await inject({ method: 'POST', url: '/api/studio/enrolment/start', headers: FROM_STUDIO, payload: { token } });
    if (start.statusCode !== 200) return { status: start.statusCode };
    const { totpSecret, otpauthUrl } = start.json() as { totpSecret: string; otpauthUrl: string };
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    studio.clock.advance(31_000);
    const code = await totpCode({ secret: totpSecret, epoch: Math.floor(studio.clock.now().getTime() / 1000) });
    const finish = await inject({
      method: 'POST',
      url: '/api/studio/enrolment/finish',
      headers: FROM_STUDIO,
      payload: { token, password, code },
    });
    return { status: finish.statusCode, body: finish.json() as { recoveryCodes?: string[] }, secret: totpSecret };
  }

  it('enrols the first admin through the one-time link of add-admin, once, within 48 hours', async () => {
    const link = await addAdmin(studio.started.db, 'First.Admin@Studio.example', STUDIO_URL, studio.clock.now());
    expect(link).toMatch(new RegExp(`^${STUDIO_URL}/enrol#[\\w-]{43}$`));
    const token = link.split('#')[1];
    expect((await enrol(token, 'too short')).status).toBe(400);
    // Long enough, but among the breached and easily guessed ones: refused in words, the link kept.
    for (const guessable of ['passwordpassword', 'qwertyuiop123', 'iloveyou12345']) {
      const refused = await enrol(token, guessable);
      expect([guessable, refused.status, refused.body]).toEqual([
        guessable,
        400,
        { message: expect.stringMatching(/^This password is too common/) },
      ]);
    }
    const enrolled = await enrol(token);
    expect(enrolled.status).toBe(201);
    expect(enrolled.body?.recoveryCodes).toHaveLength(10);
    expect((await enrol(token)).status).toBe(410);
    await expect(addAdmin(studio.started.db, 'first.admin@studio.example', STUDIO_URL, studio.clock.now())).rejects.toThrow(
      /has an account/,
    );

    const late = (await addAdmin(studio.started.db, 'late@studio.example', STUDIO_URL, studio.clock.now())).split('#')[1];
    studio.clock.advance(48 * 3_600_000 + 1000);
    expect((await enrol(late)).status).toBe(410);
  });

  it('invites by e-mail through the outbox; the link creates the account with its roles', async () => {
    const admin = await studio.account('inviter@studio.example', ['admin']);
    const cookie = await studio.signIn(admin);
    const invite = await inject({
      method: 'POST',
      url: '/api/studio/invitations',
      headers: { ...FROM_STUDIO, cookie },
      payload: { email: 'New.Staff@studio.example', roles: ['staff', 'editor'] },
    });
    expect(invite.statusCode).toBe(201);
    const [mail] = await all<{ to_address: string; body: string; kind: string }>(
      studio.started.db.query,
      sql`SELECT to_address, body, kind FROM outbox WHERE to_address = 'new.staff@studio.example'`,
    );
    expect(mail.kind).toBe('studio');
    const token = /\/enrol#([\w-]{43})/.exec(mail.body)![1];
    expect((await enrol(token)).status).toBe(201);
    const accounts = await inject({ url: '/api/studio/accounts', headers: { cookie } });
    expect(accounts.json()).toContainEqual(
      expect.objectContaining({ email: 'new.staff@studio.example', roles: ['staff', 'editor'], enrolled: true }),
    );
    const again = await inject({
      method: 'POST',
      url: '/api/studio/invitations',
      headers: { ...FROM_STUDIO, cookie },
      payload: { email: 'new.staff@studio.example', roles: ['staff'] },
    });
    expect(again.statusCode).toBe(409);
  });

  it("resets another account's factors: its sessions end and a new link goes to it", async () => {
    const admin = await studio.account('resetter@studio.example', ['admin']);
    const lost = await studio.account('lost-phone@studio.example', ['staff']);
    const adminCookie = await studio.signIn(admin);
    const lostCookie = await studio.signIn(lost);
    const reset = await inject({
      method: 'POST',
      url: `/api/studio/accounts/${lost.id}/reset-factors`,
      headers: { ...FROM_STUDIO, cookie: adminCookie },
    });
    expect(reset.statusCode).toBe(200);
    expect((await inject({ url: '/api/studio/me', headers: { cookie: lostCookie } })).statusCode).toBe(401);
    const old = await inject({
      method: 'POST',
      url: '/api/studio/sign-in',
      headers: FROM_STUDIO,
      payload: { email: lost.email, password: PASSWORD, code: await studio.code(lost) },
    });
    expect(old.statusCode).toBe(401);
    const [mail] = await all<{ body: string }>(
      studio.started.db.query,
      sql`SELECT body FROM outbox WHERE to_address = ${lost.email} ORDER BY id DESC LIMIT 1`,
    );
    const enrolled = await enrol(/\/enrol#([\w-]{43})/.exec(mail.body)![1], 'a brand new password');
    expect(enrolled.status).toBe(201);
    const back = await inject({
      method: 'POST',
      url: '/api/studio/sign-in',
      headers: FROM_STUDIO,
      payload: { email: lost.email, password: 'a brand new password', code: enrolled.body!.recoveryCodes![0] },
    });
    expect(back.statusCode).toBe(200);
  });

  it('records sign-ins, failures, invitations, role changes and exports; the CSV is formula-safe', async () => {
    const admin = await studio.account('auditor@studio.example', ['admin']);
    const promoted = await studio.account('promoted@studio.example', ['staff']);
    const cookie = await studio.signIn(admin);
    const roles = await inject({
      method: 'PUT',
      url: `/api/studio/accounts/${promoted.id}/roles`,
      headers: { ...FROM_STUDIO, cookie },
      payload: { roles: ['staff', 'editor'] },
    });
    expect(roles.statusCode).toBe(200);
    await inject({
      method: 'POST',
      url: '/api/studio/sign-in',
      headers: FROM_STUDIO,
      payload: { email: '=HYPERLINK(1)@x', password: 'x', code: '000000' },
    });
    const list = await inject({ url: '/api/studio/audit?limit=200', headers: { cookie } });
    const actions = new Set((list.json() as Array<{ action: string }>).map((row) => row.action));
    const expected = ['sign-in', 'sign-in.failed', 'sign-in.recovery-code', 'invitation.sent', 'invitation.command-line'];
    for (const action of [...expected, 'account.roles', 'account.enrolled', 'factor.reset', 'factor.enrolled'])
      expect([action, actions.has(action)]).toEqual([action, true]);
    const change = (list.json() as Array<{ action: string; target: string; before: string; after: string }>).find(
      (row) => row.action === 'account.roles',
    );
    expect(change).toMatchObject({ target: promoted.email, before: '{"roles":["staff"]}', after: '{"roles":["staff","editor"]}' });
    const failed = await inject({ url: '/api/studio/audit?action=sign-in.failed', headers: { cookie } });
    expect((failed.json() as Array<{ action: string }>).every((row) => row.action === 'sign-in.failed')).toBe(true);

    const csv = await inject({ url: '/api/studio/audit.csv?action=sign-in', headers: { cookie } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/^attachment/);
    expect(csv.body).toContain(",'=hyperlink(1)@x,");
    const exported = await inject({ url: '/api/studio/audit?action=audit.export', headers: { cookie } });
    expect(exported.json()).toEqual([expect.objectContaining({ action: 'audit.export', actor: admin.email })]);
  });

  it('verify-audit holds on an untouched trail and finds a row changed, and a row removed', async () => {
    const db = studio.started.db;
    expect(await verifyAudit(db)).toMatchObject({ ok: true });
    // The command opens the server's database: the PostgreSQL one of DATABASE_URL, else the SQLite file of DATA_DIR.
    const databaseUrl = (await databaseUrlFor(studio.started.dataDir)) ?? '';
    // Each run of the command is a fresh tsx process: seconds on a busy machine, hence the test's 60 s.
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/studio.ts', ...args], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: studio.started.dataDir, DATABASE_URL: databaseUrl, STUDIO_URL },
        encoding: 'utf8',
      });
    const added = cli('add-admin', 'Command.Line@studio.example');
    expect([added.status, added.stdout]).toEqual([0, expect.stringContaining(`${STUDIO_URL}/enrol#`)]);
    await expect(addAdmin(db, 'not an address', STUDIO_URL, studio.clock.now())).rejects.toMatchObject({ exitCode: 2 });
    const ok = cli('verify-audit');
    expect([ok.status, ok.stdout]).toEqual([0, expect.stringMatching(/^OK: \d+ audit rows/)]);

    await run(db.query, sql`UPDATE studio_audit SET after = '{"tampered":true}' WHERE id = 3`);
    expect(await verifyAudit(db)).toEqual({ ok: false, report: 'Audit row 3 was changed after it was written (its hash does not match).' });
    const changed = cli('verify-audit');
    expect([changed.status, changed.stdout]).toEqual([1, expect.stringMatching(/^Audit row 3 was changed/)]);

    await run(db.query, sql`DELETE FROM studio_audit WHERE id = 2`);
    expect((await verifyAudit(db)).report).toBe('Audit row 2 was removed (the chain skips from the row before it).');
  }, 60_000);
});

describe('studio sign-in limits', () => {
  const studio = useStudio({ signInLimits: { perAccount: 3, perClient: 5 } });

  it('throttles sign-in attempts per account, then per client, with Retry-After', async () => {
    const account = await studio.account('throttled@studio.example', ['staff']);
    const attempt = async (email: string, password = 'wrong password!') =>
      studio.started.studio.inject({
        method: 'POST',
        url: '/api/studio/sign-in',
        headers: FROM_STUDIO,
        payload: { email, password, code: await studio.code(account) },
      });
    for (let i = 0; i < 3; i += 1) expect((await attempt(account.email)).statusCode).toBe(401);
    const limited = await attempt(account.email, PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The same client, other accounts: its own budget (5 a quarter of an hour) runs out too.
    expect((await attempt('other@studio.example')).statusCode).toBe(401);
    expect((await attempt('third@studio.example')).statusCode).toBe(429);
  });
});
