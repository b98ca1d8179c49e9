/**
 * `npm run studio`: the studio's commands on the server's database (the PostgreSQL one of
 * DATABASE_URL when set, else ${DATA_DIR:-./data}/app.db). Exit codes: 0 done, 1 failed (or the audit
 * chain broken), 2 bad arguments.
 *
 *   npm run studio -- add-admin EMAIL    a one-time enrolment link (48 hours) for a new admin
 *   npm run studio -- verify-audit       walks the audit chain; reports the first row changed or removed
 */
import { openOperatorDatabase, operatorDatabase, OpsError, runCommand, UsageError } from '../server/ops/cli';
import { readStudioUrl, SettingsError } from '../server/settings';
import { addAdmin, verifyAudit } from '../server/studio/ops';

const USAGE = `Usage: npm run studio -- add-admin EMAIL | verify-audit

  add-admin EMAIL   prints a one-time link (STUDIO_URL/enrol#…, valid 48 hours) with which EMAIL
                    chooses a password and sets up an authenticator app, as an admin of the studio
  verify-audit      checks that no row of the audit trail was changed or removed since it was written`;

await runCommand(USAGE, async () => {
  const [command, ...rest] = process.argv.slice(2);
  if (command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (command === 'add-admin' && rest.length === 1) {
    let studioUrl: string;
    try {
      studioUrl = readStudioUrl();
    } catch (error) {
      throw new OpsError(error instanceof SettingsError ? error.problems.join('\n') : String(error), 2);
    }
    const { db, close } = await openOperatorDatabase(operatorDatabase(), { write: true });
    try {
      const link = await addAdmin(db, rest[0], studioUrl, new Date());
      process.stdout.write(`Enrolment link for ${rest[0].trim().toLowerCase()} (admin), valid 48 hours, once:\n\n  ${link}\n`);
    } finally {
      await close();
    }
    return;
  }
  if (command === 'verify-audit' && rest.length === 0) {
    const { db, close } = await openOperatorDatabase(operatorDatabase());
    try {
      const { ok, report } = await verifyAudit(db);
      process.stdout.write(`${report}\n`);
      if (!ok) process.exitCode = 1;
    } finally {
      await close();
    }
    return;
  }
  throw new UsageError(command === undefined ? 'No command given.' : `Unknown command or arguments: ${process.argv.slice(2).join(' ')}`);
});
