import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DATA_DIR } from '../db';

/**
 * What the operator commands (scripts/submissions.ts, scripts/backup.ts) share: where the database
 * is, opening it without ever creating or migrating it, and their exit codes (0 done, 1 failed,
 * 2 bad arguments).
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

export { databaseFile } from '../db';

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
