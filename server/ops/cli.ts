import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import pg from 'pg';
import { DATA_DIR, databaseFile, migrationVersion, openPostgres, SCHEMA_VERSION, sqliteDb, sqliteVersion, type Db } from '../db';
import { parseDatabaseUrl } from '../settings';

/**
 * What the operator commands (scripts/outbox.ts, payments.ts, submissions.ts, content-sync.ts,
 * backup.ts) share: where the database is, opening it without ever creating or migrating it, and
 * their exit codes (0 done, 1 failed, 2 bad arguments).
 */

/** A failure the command reports as its message alone, with its exit code (2: a value given was refused). */
export class OpsError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
    this.name = 'OpsError';
  }
}

/** Arguments the command cannot read: reported with the usage, exit code 2. */
export class UsageError extends OpsError {
  constructor(message: string) {
    super(message, 2);
    this.name = 'UsageError';
  }
}

/** The data directory as the server resolves it (server/settings.ts): DATA_DIR, default ./data. */
export function dataDirOf(env: Record<string, string | undefined> = process.env): string {
  return resolve(env.DATA_DIR ?? DATA_DIR);
}

export { databaseFile };

/**
 * The database of the operator commands, as the server finds it (server/settings.ts): the PostgreSQL
 * URL of DATABASE_URL when it is set, else the SQLite file of DATA_DIR. A DATABASE_URL the server
 * would refuse is an OpsError, never taken for a file name.
 */
export function operatorDatabase(env: Record<string, string | undefined> = process.env): string {
  if (!env.DATABASE_URL) return databaseFile(dataDirOf(env));
  const url = parseDatabaseUrl(env.DATABASE_URL);
  if (typeof url !== 'string') throw new OpsError(url.error);
  return url;
}

/** Whether a database named to a command is a PostgreSQL URL (else it is a SQLite file). */
export const isPostgresUrl = (database: string): boolean => /^postgres(ql)?:\/\//i.test(database);

/** The server's database, opened for an operator command. */
export interface OperatorDatabase {
  db: Db;
  /** The database in a message, as its subject: "The database at <file>", "The PostgreSQL database of DATABASE_URL (<host>/<name>)". */
  where: string;
  close(): Promise<void>;
}

/**
 * Opens the server's database for an operator command, never creating or migrating it. `database`:
 * a SQLite file (opened read-only unless `write`; a missing file is an OpsError) or a PostgreSQL URL.
 * A database whose schema is older than this version's (SCHEMA_VERSION), or a PostgreSQL database
 * without the server's tables, is an OpsError: the server brings it up to date when it starts.
 */
export async function openOperatorDatabase(database: string, options: { write?: boolean } = {}): Promise<OperatorDatabase> {
  if (!isPostgresUrl(database)) {
    const where = `The database at ${database}`;
    const handle = openExisting(database, options);
    if (sqliteVersion(handle) < SCHEMA_VERSION) {
      handle.close();
      throw new OpsError(`${where} is from an older version of the server: start the server once to bring it up to date.`);
    }
    const db = sqliteDb(handle);
    return { db, where, close: () => db.close() };
  }
  const where = `The PostgreSQL database of DATABASE_URL (${nameOf(database)})`;
  const version = await postgresVersion(database, where);
  if (version === undefined) throw new OpsError(`${where} has no tables of the server yet: start the server once, which creates them.`);
  if (version < SCHEMA_VERSION) {
    throw new OpsError(`${where} is from an older version of the server: start the server once to bring it up to date.`);
  }
  // The schema is this version's: a command takes it as it is. One connection is enough for a command
  // (it runs one statement or one transaction at a time).
  const db = await openPostgres(database, { poolSize: 1, migrate: false });
  return { db, where, close: () => db.close() };
}

/** host[:port]/database of a PostgreSQL URL: never its user or password. */
function nameOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
}

/**
 * The schema version of a PostgreSQL database (its latest applied migration), from kysely's
 * kysely_migration table or, for a database of the server before the Migrator, its schema_migrations
 * table; undefined: neither, the server never started on it.
 */
async function postgresVersion(url: string, where: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  // A connection lost meanwhile fails the query below; the event is not the process's end.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new OpsError(`${where} does not answer: ${(error as Error).message}`);
  }
  try {
    const { rows } = await client.query<{ migrator: boolean; legacy: boolean }>(
      "SELECT to_regclass('kysely_migration') IS NOT NULL AS migrator, to_regclass('schema_migrations') IS NOT NULL AS legacy",
    );
    const { migrator, legacy } = rows[0];
    if (!migrator && !legacy) return undefined;
    const applied = migrator ? (await client.query<{ name: string }>('SELECT name FROM kysely_migration')).rows : [];
    const before = legacy
      ? (await client.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations')).rows
      : [];
    return Math.max(before[0]?.version ?? 0, ...applied.map((row) => migrationVersion(row.name)));
  } finally {
    await client.end();
  }
}

/**
 * Opens an existing SQLite database file (read-only unless `write`): a missing file is an OpsError,
 * never a new database. Returns the raw handle; a command that uses the stores wraps it with
 * sqliteDb (server/db.ts).
 */
export function openExisting(file: string, options: { write?: boolean } = {}): Database.Database {
  if (!existsSync(file)) throw new OpsError(`No database at ${file}: set DATA_DIR to the server's data directory.`);
  const db = new Database(file, { readonly: !options.write, fileMustExist: true });
  // A reader waits for a writer's checkpoint or recovery instead of failing at once.
  db.pragma('busy_timeout = 5000');
  return db;
}

/** The command line's options, or a UsageError naming what is wrong. */
export function parseOptions<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/**
 * Runs a command: an OpsError prints its message on stderr (a UsageError the usage too) and sets its
 * exit code; any other error prints in full and exits 1.
 */
export async function runCommand(usage: string, command: () => Promise<void>): Promise<void> {
  try {
    await command();
  } catch (error) {
    if (error instanceof OpsError) {
      process.stderr.write(`${error.message}\n${error instanceof UsageError ? `\n${usage}\n` : ''}`);
      process.exitCode = error.exitCode;
    } else {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    }
  }
}
