import Database from 'better-sqlite3';
import { closeSync, fchmodSync, mkdirSync, openSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { databaseFile, openExisting, OpsError } from './cli';

/**
 * `npm run backup`: a consistent copy of the live database made with SQLite's online backup, from a
 * read-only connection (the server keeps writing; nothing is created or migrated), then checked.
 */

/**
 * The refusal of `npm run backup` when DATABASE_URL is set: the server's data is then in PostgreSQL,
 * whose backups are pg_dump's; the command copies the SQLite file only.
 */
export const POSTGRES_BACKUP_REFUSAL =
  'DATABASE_URL is set: the data is in PostgreSQL, which npm run backup does not copy (it copies the SQLite file of DATA_DIR).\n' +
  'Back up PostgreSQL with pg_dump, e.g. pg_dump --format=custom --file=bantaydoc.dump "$DATABASE_URL" (and pg_restore to restore).';

/** The tables whose rows the report counts. */
export const COUNTED_TABLES = ['orders', 'access_keys', 'form_submissions', 'outbox'] as const;
type CountedTable = (typeof COUNTED_TABLES)[number];

export interface BackupResult {
  /** The copy's absolute path. */
  file: string;
  bytes: number;
  /** Rows per counted table; null: the table does not exist in this database. */
  counts: Record<CountedTable, number | null>;
}

/** The default copy: `<dataDir>/backups/app-<UTC time, ISO 8601 basic format>.db` (app-20261115T083012Z.db). */
export function defaultBackupFile(dataDir: string, now: Date = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');
  return join(dataDir, 'backups', `app-${stamp}.db`);
}

/** Pages per backup step: all of them, so that the copy is made in one read transaction. */
const ALL_PAGES = 0x7fffffff;

/** 'ok', or the problems SQLite's integrity check finds in a database file (an unreadable file is one). */
export function checkIntegrity(db: Database.Database): string[] {
  try {
    const rows = db.prepare('PRAGMA integrity_check').pluck().all() as string[];
    return rows.length === 1 && rows[0] === 'ok' ? [] : rows;
  } catch (error) {
    return [(error as Error).message];
  }
}

function countRows(db: Database.Database): BackupResult['counts'] {
  const exists = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").pluck();
  const entries = COUNTED_TABLES.map((table) => [
    table,
    exists.get(table) ? (db.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number) : null,
  ]);
  return Object.fromEntries(entries) as BackupResult['counts'];
}

/**
 * Copies `<dataDir>/app.db` to `out` (default: defaultBackupFile) and checks the copy. An existing
 * file is never overwritten; a missing database, a failed copy or a copy whose integrity check is
 * not 'ok' is an OpsError (a failed copy leaves no file; a damaged one is kept and named).
 */
export async function backupDatabase(dataDir: string, options: { out?: string; now?: Date } = {}): Promise<BackupResult> {
  const source = openExisting(databaseFile(dataDir));
  const file = resolve(options.out ?? defaultBackupFile(dataDir, options.now));
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    // Creating the file exclusively claims its name: an existing file, even one made a moment ago, is refused.
    // The copy holds what app.db holds: readable by its owner alone (0600), whatever the umask.
    try {
      const fd = openSync(file, 'wx', 0o600);
      fchmodSync(fd, 0o600);
      closeSync(fd);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new OpsError(`${file} already exists: refusing to overwrite it.`);
      throw error;
    }
    try {
      // One step copies every page in one read transaction: a snapshot of one moment, which the
      // server's writes meanwhile neither change nor restart.
      await source.backup(file, { progress: () => ALL_PAGES });
    } catch (error) {
      rmSync(file, { force: true });
      throw error;
    }
  } finally {
    source.close();
  }

  const copy = new Database(file, { fileMustExist: true });
  let counts: BackupResult['counts'];
  try {
    const problems = checkIntegrity(copy);
    if (problems.length > 0) {
      throw new OpsError(`The integrity check of ${file} failed; do not use this copy:\n${problems.slice(0, 10).join('\n')}`);
    }
    // The copy is one self-contained file: rollback journal, not WAL (which would need its -wal and -shm files).
    copy.pragma('journal_mode = DELETE');
    counts = countRows(copy);
  } finally {
    copy.close();
  }
  return { file, bytes: statSync(file).size, counts };
}
