import { resolve } from 'node:path';
import { generate as totpCode } from 'otplib';
import { describe, expect, it } from 'vitest';
import type { SubmissionList } from '../../domain/desk';
import { generate } from '../../scripts/lib/generate/run';
import { one, sql, type Db } from '../../server/db';
import { accountTotpSecret, listAccounts } from '../../server/studio/accounts';
import { buildStudio } from '../../server/studio/app';
import { CSRF_HEADER } from '../../server/studio/context';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, demoEmail } from '../../server/studio/demo';
import { verifyAudit } from '../../server/studio/ops';
import { ROLES } from '../../server/studio/rights';
import { DEMO_STUDIO_SECRET_KEY } from '../../server/settings';
import { startServer } from '../server/helpers';

/**
 * A demo start's studio has one account per role, signed in with the README's demo password and
 * TOTP secret (the staff one sees the desk, with the demo's submissions); a production start's
 * studio has no account and no made-up submission.
 */

const DEMO_STUDIO_URL = 'http://127.0.0.1:8998';
/** The key a demo start seals TOTP secrets with when STUDIO_SECRET_KEY is unset. */
const DEMO_KEYS = { current: Buffer.from(DEMO_STUDIO_SECRET_KEY, 'base64') };

const submissions = async (db: Db) => Number((await one<{ n: number }>(db.query, sql`SELECT count(*) AS n FROM form_submissions`))?.n);

async function studioOn(demo: boolean) {
  await generate(resolve(__dirname, '../..'));
  const site = await startServer({ demo });
  const studio = await buildStudio({
    db: site.app.ctx.db,
    shared: site.app.ctx.shared,
    mail: site.app.ctx.mail,
    product: site.app.ctx.product,
    studioUrl: demo ? DEMO_STUDIO_URL : 'https://studio.bantaydoc.example',
    demo,
    secretKeys: DEMO_KEYS,
  });
  return { site, studio, close: async () => (await studio.close(), await site.cleanup()) };
}

describe('the studio of a demo start and of a production start', () => {
  it('demo: one account per role, signed in with the demo password and TOTP secret', async () => {
    const { site, studio, close } = await studioOn(true);
    try {
      const accounts = await listAccounts(site.app.ctx.db.query);
      expect(accounts.map((account) => [account.email, account.roles])).toEqual(ROLES.map((role) => [demoEmail(role), [role]]).sort());
      // Their TOTP secret is stored encrypted with the demo's key, bound to each row.
      for (const account of accounts) {
        expect(account.totp_secret).toMatch(/^v1\./);
        expect(accountTotpSecret(DEMO_KEYS, account)).toEqual({ ok: true, secret: DEMO_TOTP_SECRET, current: true });
      }
      const epoch = Math.floor(Date.now() / 1000);
      for (const role of ROLES) {
        // The same secret for every demo account; a code signs in once per account.
        const code = await totpCode({ secret: DEMO_TOTP_SECRET, epoch });
        const response = await studio.inject({
          method: 'POST',
          url: '/api/studio/sign-in',
          headers: { origin: DEMO_STUDIO_URL, [CSRF_HEADER]: '1' },
          payload: { email: demoEmail(role), password: DEMO_PASSWORD, code },
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ roles: [role] });
        if (role === 'staff') {
          // The staff desk has the demo's submissions to show, the careers applications among them.
          const cookie = String(response.headers['set-cookie']).split(';')[0];
          expect((await studio.inject({ url: '/api/studio/desk/forms', headers: { cookie } })).statusCode).toBe(200);
          const careers = await studio.inject({ url: '/api/studio/desk/forms/apply-now/submissions', headers: { cookie } });
          expect(careers.json<SubmissionList>().items.map((item) => [item.name, item.status])).toEqual([
            ['Jose Cruz', 'new'],
            ['Ana Reyes', 'new'],
          ]);
        }
      }
      // A second demo start on the same database seeds nothing more.
      const again = await buildStudio({
        db: site.app.ctx.db,
        shared: site.app.ctx.shared,
        mail: site.app.ctx.mail,
        product: site.app.ctx.product,
        studioUrl: DEMO_STUDIO_URL,
        demo: true,
        secretKeys: DEMO_KEYS,
      });
      await again.close();
      expect(await listAccounts(site.app.ctx.db.query)).toHaveLength(ROLES.length);
      expect(await submissions(site.app.ctx.db)).toBe(5);
      expect((await verifyAudit(site.app.ctx.db)).ok).toBe(true);
    } finally {
      await close();
    }
  });

  it('production: no account at all, and no made-up submission', async () => {
    const { site, close } = await studioOn(false);
    try {
      expect(await listAccounts(site.app.ctx.db.query)).toEqual([]);
      expect(await submissions(site.app.ctx.db)).toBe(0);
    } finally {
      await close();
    }
  });
});
