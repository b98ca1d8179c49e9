import type { Db } from '../db';
import { accountByEmail, createAccount } from './accounts';
import { appendAudit, STUDIO_LOCK } from './audit';
import { hashPassword } from './factors';
import { ROLES, type Role } from './rights';

/**
 * The demo's studio accounts: one per role, with a password and a TOTP secret everyone knows
 * (README, Demo identifiers), so that a newcomer signs in to the studio of `npm start` at once.
 * Seeded by a demo start only (buildStudio with demo): a production database has no account until
 * `npm run studio -- add-admin`.
 */

/** The demo accounts' password (shown in the README; a demo only). */
export const DEMO_PASSWORD = 'bantay-demo-studio';
/** The demo accounts' TOTP secret (base32), to add to an authenticator app or to compute a code with. */
export const DEMO_TOTP_SECRET = 'DEMOSTUDIODEMOSTUDIODEMOSTUDIO22';
/** The e-mail of the demo account of a role. */
export const demoEmail = (role: Role): string => `${role}@studio.example`;

/** Creates the demo account of each role that has none yet; returns the e-mails it created. */
export async function seedDemoAccounts(db: Db, now: Date): Promise<string[]> {
  const missing: Role[] = [];
  for (const role of ROLES) if (!(await accountByEmail(db.query, demoEmail(role)))) missing.push(role);
  if (missing.length === 0) return [];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.write(STUDIO_LOCK, async (q) => {
    const created: string[] = [];
    for (const role of missing) {
      const email = demoEmail(role);
      if (await accountByEmail(q, email)) continue;
      await createAccount(q, { email, roles: [role], passwordHash, totpSecret: DEMO_TOTP_SECRET, totpStep: 0, recoveryHashes: [] }, now);
      await appendAudit(
        q,
        { actor: null, ip: null, requestId: null, action: 'account.demo', target: email, after: { roles: [role] } },
        now,
      );
      created.push(email);
    }
    return created;
  });
}
