/**
 * `npm run backup`: a consistent copy of the server's database (`${DATA_DIR:-./data}/app.db`) made
 * with SQLite's online backup while the server runs, then checked (PRAGMA integrity_check). With
 * DATABASE_URL set the data is in PostgreSQL: it refuses and names pg_dump. Exit codes: 0 done,
 * 1 failed (no database, the file exists, the check failed, DATABASE_URL set), 2 bad arguments.
 *
 *   npm run backup [-- --out PATH]
 */
import { COUNTED_TABLES, backupDatabase, POSTGRES_BACKUP_REFUSAL } from '../server/ops/backup';
import { dataDirOf, OpsError, parseOptions, runCommand, UsageError } from '../server/ops/cli';

const USAGE = `Usage: npm run backup [-- --out <file>]

Copies \${DATA_DIR:-./data}/app.db with SQLite's online backup to <file> (default:
\${DATA_DIR}/backups/app-<UTC time>.db; an existing file is never overwritten) and checks the copy.
With DATABASE_URL set the data is in PostgreSQL: back it up with pg_dump instead.`;

await runCommand(USAGE, async () => {
  const args = parseOptions(process.argv.slice(2), { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (args.out === '') throw new UsageError('--out needs a path.');
  if (process.env.DATABASE_URL) throw new OpsError(POSTGRES_BACKUP_REFUSAL);
  const result = await backupDatabase(dataDirOf(), { out: args.out });
  const rows = COUNTED_TABLES.map((table) => `${table} ${result.counts[table] ?? '(no table)'}`).join(', ');
  process.stdout.write(
    `Backup: ${result.file}\nSize: ${result.bytes} bytes (${(result.bytes / 1048576).toFixed(1)} MiB)\nIntegrity check: ok\nRows: ${rows}\n`,
  );
});
