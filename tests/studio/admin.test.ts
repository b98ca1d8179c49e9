import type { InjectOptions } from 'light-my-request';
import { describe, expect, it } from 'vitest';
import { SESSION_IDLE_MS } from '../../server/studio/context';
import { FROM_STUDIO, useStudio } from './helpers';

/** What the admin's screens read of the accounts: state, factors, last sign-in, open sessions and links. */
describe('studio accounts as an admin sees them', () => {
  const studio = useStudio();
  const inject = (options: InjectOptions) => studio.started.studio.inject(options);

  it('gives each account its factors, last sign-in, open sessions and the link it waits on', async () => {
    const admin = await studio.account('lister@studio.example', ['admin']);
    const nurse = await studio.account('nurse.list@studio.example', ['staff']);
    const idle = await studio.account('never@studio.example', ['editor']);
    const cookie = await studio.signIn(admin);
    const signedInAt = studio.clock.now().toISOString();
    await studio.signIn(nurse);
    const nurseSignIn = studio.clock.now().toISOString();
    await studio.signIn(nurse);
    const list = async () =>
      (await inject({ url: '/api/studio/accounts', headers: { cookie } })).json() as Array<Record<string, unknown> & { email: string }>;
    const byEmail = async (email: string) => (await list()).find((account) => account.email === email);

    expect(await byEmail(nurse.email)).toMatchObject({
      enrolled: true,
      factors: ['password', 'totp'],
      recoveryCodesLeft: 10,
      sessions: 2,
      linkExpiresAt: null,
    });
    expect((await byEmail(nurse.email))!.lastSignInAt! >= nurseSignIn).toBe(true);
    expect(await byEmail(admin.email)).toMatchObject({ lastSignInAt: signedInAt, sessions: 1 });
    expect(await byEmail(idle.email)).toMatchObject({ lastSignInAt: null, sessions: 0 });

    // A failed sign-in is not a sign-in; sessions past their idle end are not open.
    await inject({
      method: 'POST',
      url: '/api/studio/sign-in',
      headers: FROM_STUDIO,
      payload: { email: idle.email, password: 'a wrong password', code: '000000' },
    });
    expect(await byEmail(idle.email)).toMatchObject({ lastSignInAt: null });

    const reset = await inject({
      method: 'POST',
      url: `/api/studio/accounts/${nurse.id}/reset-factors`,
      headers: { ...FROM_STUDIO, cookie },
    });
    const { expires_at } = reset.json() as { expires_at: string };
    expect(await byEmail(nurse.email)).toMatchObject({
      enrolled: false,
      factors: [],
      recoveryCodesLeft: 0,
      sessions: 0,
      linkExpiresAt: expires_at,
    });

    studio.clock.advance(SESSION_IDLE_MS + 1000);
    const again = await studio.signIn(admin);
    expect((await inject({ url: '/api/studio/accounts', headers: { cookie: again } })).json()).toContainEqual(
      expect.objectContaining({ email: admin.email, sessions: 1 }),
    );
  });

  it('lists the invitations not taken up yet, the newest link of each e-mail, not those enrolled or expired', async () => {
    const admin = await studio.account('inviting@studio.example', ['admin']);
    const cookie = await studio.signIn(admin);
    const invite = (email: string, roles: string[]) =>
      inject({ method: 'POST', url: '/api/studio/invitations', headers: { ...FROM_STUDIO, cookie }, payload: { email, roles } });
    const invitations = async () =>
      ((await inject({ url: '/api/studio/invitations', headers: { cookie } })).json() as Array<{ email: string }>).filter((link) =>
        link.email.endsWith('@pending.example'),
      );

    expect((await invite('Waiting@pending.example', ['staff'])).statusCode).toBe(201);
    studio.clock.advance(60_000);
    const second = (await invite('waiting@pending.example', ['staff', 'editor'])).json() as { expires_at: string };
    expect(await invitations()).toEqual([
      { email: 'waiting@pending.example', roles: ['staff', 'editor'], created_at: expect.any(String), expires_at: second.expires_at },
    ]);
    // The invited person enrols: an account, no longer an invitation.
    await studio.account('waiting@pending.example', ['staff']);
    expect(await invitations()).toEqual([]);

    await invite('late@pending.example', ['editor']);
    studio.clock.advance(48 * 3_600_000 + 1000);
    const fresh = await studio.signIn(admin);
    const left = (await inject({ url: '/api/studio/invitations', headers: { cookie: fresh } })).json() as Array<{ email: string }>;
    expect(left.filter((link) => link.email.endsWith('@pending.example'))).toEqual([]);
  });

  it("refuses an admin's actions on their own account, in words", async () => {
    const admin = await studio.account('self@studio.example', ['admin']);
    const cookie = await studio.signIn(admin);
    const refusals = await Promise.all([
      inject({
        method: 'PUT',
        url: `/api/studio/accounts/${admin.id}/roles`,
        headers: { ...FROM_STUDIO, cookie },
        payload: { roles: ['staff'] },
      }),
      inject({
        method: 'PUT',
        url: `/api/studio/accounts/${admin.id}/disabled`,
        headers: { ...FROM_STUDIO, cookie },
        payload: { disabled: true },
      }),
      inject({ method: 'POST', url: `/api/studio/accounts/${admin.id}/reset-factors`, headers: { ...FROM_STUDIO, cookie } }),
    ]);
    expect(refusals.map((response) => [response.statusCode, response.json()])).toEqual(
      Array(3).fill([403, { message: 'You cannot do this to your own account: ask another admin.' }]),
    );
  });
});
