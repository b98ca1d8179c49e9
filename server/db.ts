import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type LogEvent, type RawBuilder } from 'kysely';
import { chmodSync, closeSync, existsSync, fchmodSync, mkdirSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { migrations, migrationVersion } from './migrations';

export { migrations, migrationVersion, SCHEMA_VERSION } from './migrations';

/**
 * The one data layer of the server: kysely over SQLite (better-sqlite3, the embedded default) or
 * PostgreSQL (pg, a pool). Queries are written once as kysely `sql` templates in the SQL both engines
 * speak (ON CONFLICT, RETURNING, CAST(… AS INTEGER)); kysely compiles their parameters for each.
 */
export type Engine = 'sqlite' | 'postgres';

/** What a query runs on: the database, or the transaction it belongs to. */
export type Queryable = Kysely<Record<string, never>>;

export interface Db {
  readonly engine: Engine;
  /** Queries outside a transaction (each on a connection of its own with PostgreSQL). */
  readonly query: Queryable;
  /**
   * Runs `work` in one write transaction and returns its result (rolled back if it throws). SQLite:
   * BEGIN IMMEDIATE, so writers take turns across processes. PostgreSQL: the transaction first takes
   * the advisory lock named `lock`, so the transactions of one lock name take turns across instances
   * and each reads what the one before it committed; transactions of other names run side by side.
   * Everything inside runs on `q`, never on `query` (that would wait for this transaction: SQLite has one connection).
   */
  write<T>(lock: string, work: (q: Queryable) => Promise<T>): Promise<T>;
  /** Whether the database answers (readiness). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The SQLite handle (backups, file checks); undefined with PostgreSQL. */
  readonly sqlite?: Database.Database;
  /** The PostgreSQL pool's connections now (metrics); undefined with SQLite (one connection, no pool). */
  connections?(): { inUse: number; idle: number; waiting: number };
}

/** Told each query's duration in seconds (metrics). */
export type QueryTimer = (seconds: number) => void;

/** kysely's log option for a timer: every query, failed ones included, reports its duration. */
const timed = (onQuery: QueryTimer | undefined) => (onQuery ? { log: (event: LogEvent) => onQuery(event.queryDurationMillis / 1000) } : {});

/**
 * Whether a text can be stored or looked up: PostgreSQL's TEXT refuses U+0000 (an error, where SQLite
 * finds nothing), so a lookup by such a text answers "not found" before it reaches either engine.
 */
export const storableText = (text: string): boolean => !text.includes('\u0000');

/** The rows of a query. */
export async function all<T>(q: Queryable, query: RawBuilder<unknown>): Promise<T[]> {
  return (await query.execute(q)).rows as T[];
}

/** The first row of a query, if any. */
export async function one<T>(q: Queryable, query: RawBuilder<unknown>): Promise<T | undefined> {
  return (await query.execute(q)).rows[0] as T | undefined;
}

/** Runs a statement; returns how many rows it changed. */
export async function run(q: Queryable, query: RawBuilder<unknown>): Promise<number> {
  return Number((await query.execute(q)).numAffectedRows ?? 0n);
}

export { sql };

/** Where the database lives by default: production's, and the demo's own (never the same file). */
export const DATA_DIR = './data';
export const DEMO_DATA_DIR = './data/demo';

/** The server's database file in a data directory. */
export const databaseFile = (dataDir: string): string => join(dataDir, 'app.db');

/** Modes of what holds buyers' data and CVs: the owner (the server's user) alone reads and writes them. */
const PRIVATE_DIR_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;

/** `path` set to `mode`, with a warning, when others than its owner may use it. */
function tighten(path: string, mode: number, warn: (message: string) => void): void {
  const current = statSync(path).mode & 0o777;
  if ((current & 0o077) === 0) return;
  try {
    chmodSync(path, mode);
    warn(`${path} was readable by other users (mode ${current.toString(8)}): set to ${mode.toString(8)}`);
  } catch (error) {
    warn(
      `${path} is readable by other users (mode ${current.toString(8)}) and could not be set to ${mode.toString(8)}: ${(error as Error).message}`,
    );
  }
}

/**
 * The data directory (0700) and the database file with its -wal and -shm (0600), created with these
 * modes whatever the umask; existing ones that others may read are tightened, with a warning. SQLite
 * creates the -wal and -shm files with the mode of the database file.
 */
function preparePrivateFiles(dataDir: string, warn: (message: string) => void): void {
  if (existsSync(dataDir)) tighten(dataDir, PRIVATE_DIR_MODE, warn);
  else {
    mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    chmodSync(dataDir, PRIVATE_DIR_MODE);
  }
  const file = databaseFile(dataDir);
  if (existsSync(file)) tighten(file, PRIVATE_FILE_MODE, warn);
  else {
    // 'a': created if missing, never truncated (another process may have created it meanwhile).
    const fd = openSync(file, 'a', PRIVATE_FILE_MODE);
    try {
      fchmodSync(fd, PRIVATE_FILE_MODE);
    } finally {
      closeSync(fd);
    }
  }
  for (const suffix of ['-wal', '-shm']) if (existsSync(file + suffix)) tighten(file + suffix, PRIVATE_FILE_MODE, warn);
}

/**
 * The schema version of a SQLite database: its last migration applied (0: new). A database of the
 * server before kysely's Migrator records it in `PRAGMA user_version` alone.
 */
export function sqliteVersion(db: Database.Database): number {
  const migrator = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get();
  const applied = migrator ? (db.prepare('SELECT name FROM kysely_migration').pluck().all() as string[]) : [];
  return Math.max(db.pragma('user_version', { simple: true }) as number, ...applied.map(migrationVersion));
}

/**
 * Opens (creating if needed) `${dataDir}/app.db` in WAL mode; openDatabase then brings its schema up
 * to date. The directory and the files are private to the server's user (preparePrivateFiles); `warn`
 * hears of any that had to be tightened.
 */
export function openSqliteFile(dataDir: string, options: { warn?: (message: string) => void; scratch?: boolean } = {}): Database.Database {
  preparePrivateFiles(dataDir, options.warn ?? ((message) => console.warn(message)));
  const db = new Database(databaseFile(dataDir));
  db.pragma('journal_mode = WAL');
  // FULL: a transaction that committed (an order, a payment, an issued key, a stored submission)
  // survives a power cut too, not only a crash of the process. A scratch database (a preview's
  // copy of the content, thrown away with its process) waits for no disk.
  db.pragma(options.scratch ? 'synchronous = OFF' : 'synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Deleted and overwritten content (an uploaded file past its retention) is overwritten with zeros,
  // also where a page is rewritten, instead of lingering in free space of the file.
  db.pragma('secure_delete = ON');
  return db;
}

/** How long a write transaction waits for another process's write lock on the SQLite file. */
const SQLITE_LOCK_WAIT_MS = 5000;

/**
 * BEGIN IMMEDIATE, waiting for the file's write lock without blocking the event loop: SQLite's own
 * busy wait (busy_timeout) sleeps the whole process, and a write transaction of this process that is
 * between two awaits could then never finish. So the attempt is made with no busy wait, and
 * repeated after short timers until SQLITE_LOCK_WAIT_MS have passed.
 */
async function beginImmediate(handle: Database.Database, q: Queryable): Promise<void> {
  const deadline = Date.now() + SQLITE_LOCK_WAIT_MS;
  const busyTimeout = handle.pragma('busy_timeout', { simple: true }) as number;
  handle.pragma('busy_timeout = 0');
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await sql`BEGIN IMMEDIATE`.execute(q);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.min(2 ** attempt, 20) + Math.random() * 5));
      }
    }
  } finally {
    handle.pragma(`busy_timeout = ${busyTimeout}`);
  }
}

/** The data layer over an open SQLite handle (the server's file, or an operator command's). */
export function sqliteDb(handle: Database.Database, options: { onQuery?: QueryTimer } = {}): Db {
  const query = new Kysely<Record<string, never>>({ dialect: new SqliteDialect({ database: handle }), ...timed(options.onQuery) });
  return {
    engine: 'sqlite',
    query,
    sqlite: handle,
    // kysely's SQLite transactions BEGIN DEFERRED; a write transaction must hold the write lock
    // from its first read, or two processes that read first deadlock on their first write.
    write: (_lock, work) =>
      query.connection().execute(async (q) => {
        await beginImmediate(handle, q);
        try {
          const result = await work(q);
          await sql`COMMIT`.execute(q);
          return result;
        } catch (error) {
          if (handle.inTransaction) await sql`ROLLBACK`.execute(q);
          throw error;
        }
      }),
    ping: async () => {
      try {
        return handle.prepare('SELECT 1 AS one').get() !== undefined;
      } catch {
        return false;
      }
    },
    close: () => query.destroy(),
  };
}

/** The PostgreSQL connection pool's size when DATABASE_POOL_SIZE does not say. */
export const DEFAULT_POOL_SIZE = 10;

/** pg returns BIGINT and NUMERIC as strings; the counts and sums here are far below 2^53. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Applies the migrations a database lacks (server/migrations.ts) with kysely's Migrator, which
 * records them in kysely_migration. Several processes starting at once on one database apply each
 * migration once. PostgreSQL: the Migrator holds its advisory lock and runs them in one transaction;
 * its tables live in the connection's current schema. SQLite: the Migrator takes no lock there (it
 * counts on one connection), so the run is one immediate transaction (db.write), holding the file's
 * write lock from its first read.
 */
async function migrateToLatest(db: Db): Promise<void> {
  const run = async (query: Queryable, migrationTableSchema?: string) => {
    const migrator = new Migrator({ db: query, provider: { getMigrations: async () => migrations }, migrationTableSchema });
    const { error } = await migrator.migrateToLatest();
    if (error) throw error;
  };
  if (db.engine === 'sqlite') return db.write('migrations', (q) => run(q));
  const schema = await one<{ name: string }>(db.query, sql`SELECT current_schema() AS name`);
  await run(db.query, schema!.name);
}

/**
 * The data layer over PostgreSQL at `url`, with a pool of `poolSize` connections, its schema brought
 * up to date (`migrate: false`: taken as it is, for the operator commands, which never change it).
 */
export async function openPostgres(url: string, options: { poolSize?: number; migrate?: boolean; onQuery?: QueryTimer } = {}): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? DEFAULT_POOL_SIZE, types });
  // A connection the database dropped is replaced; the error is not the process's end. The pool
  // reports it for an idle connection; one checked out (between a query and its release) reports it
  // on the client itself, where an unheard 'error' event would be an uncaught exception.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const query = new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool }), ...timed(options.onQuery) });
  const db: Db = {
    engine: 'postgres',
    query,
    connections: () => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    write: (lock, work) =>
      query.transaction().execute(async (q) => {
        await sql`SELECT pg_advisory_xact_lock(hashtext(${lock}))`.execute(q);
        return work(q);
      }),
    ping: async () => {
      try {
        await sql`SELECT 1`.execute(query);
        return true;
      } catch {
        return false;
      }
    },
    close: () => query.destroy(),
  };
  try {
    if (options.migrate !== false) await migrateToLatest(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/** Where the server keeps its data: PostgreSQL when a URL is given, else the SQLite file in `dataDir`. */
export interface DatabaseLocation {
  dataDir: string;
  /** postgres://… (DATABASE_URL); the SQLite file in dataDir when absent. */
  databaseUrl?: string;
  /** Connections of the PostgreSQL pool (DATABASE_POOL_SIZE). */
  poolSize?: number;
  warn?: (message: string) => void;
  onQuery?: QueryTimer;
  /** A SQLite file thrown away after use (a preview's API): never synced to disk. */
  scratch?: boolean;
}

/** Opens the server's database (creating and migrating it as needed). */
export async function openDatabase(location: DatabaseLocation): Promise<Db> {
  if (location.databaseUrl) return openPostgres(location.databaseUrl, { poolSize: location.poolSize, onQuery: location.onQuery });
  const db = sqliteDb(openSqliteFile(location.dataDir, { warn: location.warn, scratch: location.scratch }), { onQuery: location.onQuery });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
