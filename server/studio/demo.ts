import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { one, run, sql, type Db } from '../db';
import type { SubmittableForm } from '../forms/registry';
import { SubmissionStore } from '../forms/store';
import { ROOT_DIR } from '../root';
import { accountByEmail, createAccount } from './accounts';
import { appendAudit, STUDIO_LOCK } from './audit';
import { hashPassword } from './factors';
import { ROLES, type Role } from './rights';
import type { SecretKeys } from './secret-box';

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
export async function seedDemoAccounts(db: Db, keys: SecretKeys, now: Date): Promise<string[]> {
  const missing: Role[] = [];
  for (const role of ROLES) if (!(await accountByEmail(db.query, demoEmail(role)))) missing.push(role);
  if (missing.length === 0) return [];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.write(STUDIO_LOCK, async (q) => {
    const created: string[] = [];
    for (const role of missing) {
      const email = demoEmail(role);
      if (await accountByEmail(q, email)) continue;
      await createAccount(
        q,
        keys,
        { email, roles: [role], passwordHash, totpSecret: DEMO_TOTP_SECRET, totpStep: 0, recoveryHashes: [] },
        now,
      );
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

interface DemoSubmissions {
  submissions: ReadonlyArray<{ form: string; hoursAgo: number; data: Record<string, unknown>; file?: { field: string; name: string } }>;
}

const FIXTURES_DIR = join(ROOT_DIR, 'server', 'fixtures');

/** server/fixtures/demo-submissions.json: a few submissions of the site's forms, for the desk to show. */
const DEMO_SUBMISSIONS = JSON.parse(readFileSync(join(ROOT_DIR, 'server', 'fixtures', 'demo-submissions.json'), 'utf8')) as DemoSubmissions;

const SEEDED_KEY = 'demo_submissions_seeded';

/**
 * Stores the demo's submissions once per database, each dated its `hoursAgo` before `now` (so the
 * desk shows ages, and one waits past the 24-hour alert). Each passes its form's validator, the
 * site's own: a fixture that no longer does fails the demo start, with the form and the errors.
 */
export async function seedDemoSubmissions(db: Db, forms: ReadonlyMap<string, SubmittableForm>, now: Date): Promise<number> {
  // A file field's value is the name of its upload, as the site's form route sets it.
  const submissions = DEMO_SUBMISSIONS.submissions.map((entry) => ({
    ...entry,
    data: entry.file ? { ...entry.data, [entry.file.field]: entry.file.name } : entry.data,
  }));
  const problems = submissions.flatMap(({ form, data }) => {
    const found = forms.get(form);
    if (!found) return [`${form}: no such form takes submissions`];
    return found.validate(data) ? [] : [`${form}: ${JSON.stringify(found.validate.errors)}`];
  });
  if (problems.length > 0) throw new Error(`server/fixtures/demo-submissions.json:\n  ${problems.join('\n  ')}`);
  const store = new SubmissionStore(db);
  return db.write('uploads', async (q) => {
    if (await one(q, sql`SELECT value FROM meta WHERE key = ${SEEDED_KEY}`)) return 0;
    const cv = readFileSync(join(FIXTURES_DIR, 'demo-cv.pdf'));
    for (const { form, hoursAgo, data, file } of submissions) {
      const createdAt = new Date(now.getTime() - hoursAgo * 3_600_000).toISOString();
      const files = file ? [{ filename: file.name, mime: 'application/pdf', content: cv }] : [];
      await store.add({ formKey: form, data, createdAt, ip: null, files }, q);
    }
    await run(q, sql`INSERT INTO meta (key, value) VALUES (${SEEDED_KEY}, ${now.toISOString()})`);
    return submissions.length;
  });
}
