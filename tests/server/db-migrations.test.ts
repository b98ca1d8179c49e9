import Database from 'better-sqlite3';
import { closeSync, openSync, rmSync } from 'node:fs';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { all, databaseFile, migrations, openDatabase, SCHEMA_VERSION, sql, type Db } from '../../server/db';
import { hashActivationCode, verifyActivationCode } from '../../server/keys/code-hash';
import { LEGACY_VERSION, legacyMigratePostgres, legacyMigrateSqlite } from './fixtures/legacy-migrations';
import { databaseUrlFor, dropDatabaseOf, tempDir } from './helpers';

/**
 * The schema on each engine (the run's: SQLite files, or PostgreSQL with TEST_DATABASE_URL): a fresh
 * database gets every migration; a database the server made before kysely's Migrator (written here by
 * that server's migration code, tests/server/fixtures/legacy-migrations.ts) is brought up to date in
 * place, keeping its rows, and ends with the same schema as a fresh one.
 */

const dataDirs: string[] = [];
afterEach(async () => {
  for (const dataDir of dataDirs.splice(0)) {
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabaseOf(dataDir);
  }
});

function newDataDir(): string {
  const dataDir = tempDir('telmed-migrations-');
  dataDirs.push(dataDir);
  return dataDir;
}

const open = async (dataDir: string): Promise<Db> => openDatabase({ dataDir, databaseUrl: await databaseUrlFor(dataDir) });

/** Statements on the database of `dataDir` through the driver alone, as the pre-Migrator server wrote. */
interface RawDatabase {
  exec(statement: string, params?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

/** The database of `dataDir` at `version` of the pre-Migrator history, written by that history's code. */
async function legacyDatabase(dataDir: string, version: number): Promise<RawDatabase> {
  const url = await databaseUrlFor(dataDir);
  if (url) {
    await legacyMigratePostgres(url, version);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return {
      exec: async (statement, params = []) => {
        let n = 0;
        await client.query(
          statement.replace(/\?/g, () => `$${++n}`),
          params,
        );
      },
      close: () => client.end(),
    };
  }
  // Private, as the server makes it.
  closeSync(openSync(databaseFile(dataDir), 'a', 0o600));
  const handle = new Database(databaseFile(dataDir));
  handle.pragma('journal_mode = WAL');
  handle.pragma('foreign_keys = ON');
  legacyMigrateSqlite(handle, version);
  return {
    exec: async (statement, params = []) => void handle.prepare(statement).run(...(params as unknown[])),
    close: async () => void handle.close(),
  };
}

const CREATED = '2026-05-01T02:00:00.000Z';
const BILLING = JSON.stringify({ first_name: 'Maria', last_name: 'Santos', email: 'maria@example.com' });
const CV = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(512, 0x20)]);
/** Key pairs of the legacy database; codes in clear below version 7, which hashes them. */
const KEYS = [
  { accessKey: 'BD-LGCY-AAAA-0001', code: '31415926', order: 1, status: 'used' },
  { accessKey: 'BD-LGCY-AAAA-0002', code: '27182818', order: 1, status: 'unused' },
  { accessKey: 'BD-LGCY-AAAA-0003', code: '16180339', order: null, status: 'unused' },
];

/** Orders, keys, a submission with its file and an e-mail, as the schema of `version` held them. */
async function fill(db: RawDatabase, version: number): Promise<void> {
  const order = `INSERT INTO orders (kind, plan_id, plan_name, quantity, plan_total, subtotal, vat, total_cost, total, unit_amount,
      billing, email, status, token, created_at, paid_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
  await db.exec(order, [
    'standard',
    1,
    'Individual',
    2,
    335776,
    299800,
    35976,
    335776,
    335776,
    167888,
    BILLING,
    'maria@example.com',
    'paid',
    'tok-1',
    CREATED,
    CREATED,
  ]);
  await db.exec(order, [
    'reseller',
    3,
    'Family',
    1,
    671552,
    599600,
    71952,
    671552,
    671552,
    671552,
    BILLING,
    'ana@example.com',
    'pending',
    'tok-2',
    CREATED,
    null,
  ]);
  const codeColumn = version >= 7 ? 'activation_code_hash' : 'activation_code';
  for (const key of KEYS) {
    await db.exec(`INSERT INTO access_keys (order_id, access_key, ${codeColumn}, status, created_at) VALUES (?, ?, ?, ?, ?)`, [
      key.order,
      key.accessKey,
      version >= 7 ? hashActivationCode(key.code) : key.code,
      key.status,
      CREATED,
    ]);
  }
  await db.exec('INSERT INTO form_submissions (form_key, data, created_at, ip) VALUES (?, ?, ?, ?)', [
    'job-application',
    JSON.stringify({ name: 'Maria Santos', jobTitle: 'Nurse' }),
    CREATED,
    '192.0.2.7',
  ]);
  await db.exec('INSERT INTO submission_files (submission_id, filename, mime, size, content) VALUES (?, ?, ?, ?, ?)', [
    1,
    'cv.pdf',
    'application/pdf',
    CV.length,
    CV,
  ]);
  await db.exec('INSERT INTO outbox (to_address, subject, body, order_id, created_at) VALUES (?, ?, ?, ?, ?)', [
    'maria@example.com',
    'Your access keys',
    'BD-LGCY-AAAA-0001',
    1,
    CREATED,
  ]);
}

/** Every row of the tables that hold buyers' data, comparable across engines. */
async function rowsOf(db: Db) {
  const rows = async (query: ReturnType<typeof sql>) =>
    (await all<Record<string, unknown>>(db.query, query)).map((row) =>
      Object.fromEntries(Object.entries(row).map(([column, value]) => [column, Buffer.isBuffer(value) ? value.toString('base64') : value])),
    );
  return {
    orders: await rows(
      sql`SELECT id, kind, plan_name, quantity, total, billing, email, status, token, created_at, paid_at FROM orders ORDER BY id`,
    ),
    keys: await rows(sql`SELECT id, order_id, access_key, status, created_at FROM access_keys ORDER BY id`),
    submissions: await rows(sql`SELECT id, form_key, data, created_at, ip FROM form_submissions ORDER BY id`),
    files: await rows(sql`SELECT id, submission_id, filename, mime, size, content FROM submission_files ORDER BY id`),
    outbox: await rows(sql`SELECT id, to_address, subject, body, order_id, created_at FROM outbox ORDER BY id`),
  };
}

const EXPECTED_ROWS = {
  orders: [
    {
      id: 1,
      kind: 'standard',
      plan_name: 'Individual',
      quantity: 2,
      total: 335776,
      billing: BILLING,
      email: 'maria@example.com',
      status: 'paid',
      token: 'tok-1',
      created_at: CREATED,
      paid_at: CREATED,
    },
    {
      id: 2,
      kind: 'reseller',
      plan_name: 'Family',
      quantity: 1,
      total: 671552,
      billing: BILLING,
      email: 'ana@example.com',
      status: 'pending',
      token: 'tok-2',
      created_at: CREATED,
      paid_at: null,
    },
  ],
  keys: KEYS.map((key, i) => ({ id: i + 1, order_id: key.order, access_key: key.accessKey, status: key.status, created_at: CREATED })),
  submissions: [
    {
      id: 1,
      form_key: 'job-application',
      data: JSON.stringify({ name: 'Maria Santos', jobTitle: 'Nurse' }),
      created_at: CREATED,
      ip: '192.0.2.7',
    },
  ],
  files: [{ id: 1, submission_id: 1, filename: 'cv.pdf', mime: 'application/pdf', size: CV.length, content: CV.toString('base64') }],
  outbox: [
    { id: 1, to_address: 'maria@example.com', subject: 'Your access keys', body: 'BD-LGCY-AAAA-0001', order_id: 1, created_at: CREATED },
  ],
};

/** Lower case, no quotes, no constraint names, one space between words and none around punctuation. */
const normalized = (text: string) =>
  text
    .toLowerCase()
    .replace(/"/g, '')
    .replace(/\bconstraint \w+ /g, '')
    .replace(/\s+/g, ' ')
    .replace(/ ?([(),=]) ?/g, '$1')
    .trim();

/** The CHECK expressions of a table's SQL text. */
function checksOf(tableSql: string): string[] {
  const checks: string[] = [];
  for (let at = tableSql.indexOf('check('); at >= 0; at = tableSql.indexOf('check(', at + 1)) {
    let depth = 0;
    let end = at + 'check'.length;
    do {
      if (tableSql[end] === '(') depth++;
      if (tableSql[end] === ')') depth--;
      end++;
    } while (depth > 0);
    checks.push(tableSql.slice(at, end));
  }
  return checks.sort();
}

/** The tables of the server (not the records of migrations) with their columns, keys, checks and indexes. */
async function schemaOf(db: Db) {
  const recordTables = ['kysely_migration', 'kysely_migration_lock', 'schema_migrations'];
  if (db.engine === 'postgres') {
    const columns = await all(
      db.query,
      sql`SELECT table_name, column_name, ordinal_position, data_type, is_nullable, column_default, is_identity, identity_generation, collation_name
          FROM information_schema.columns WHERE table_schema = current_schema() AND NOT table_name = ANY(${recordTables})
          ORDER BY table_name, ordinal_position`,
    );
    const constraints = await all(
      db.query,
      sql`SELECT c.conrelid::regclass::text AS table_name, c.conname, pg_get_constraintdef(c.oid) AS definition
          FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
          WHERE n.nspname = current_schema() AND NOT c.conrelid::regclass::text = ANY(${recordTables}) ORDER BY 1, 2`,
    );
    const indexes = await all(
      db.query,
      sql`SELECT tablename, indexname, replace(indexdef, current_schema() || '.', '') AS definition
          FROM pg_indexes WHERE schemaname = current_schema() AND NOT tablename = ANY(${recordTables}) ORDER BY 1, 2`,
    );
    return { columns, constraints, indexes };
  }
  const handle = db.sqlite!;
  const objects = handle
    .prepare(
      `SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' ORDER BY type, name`,
    )
    .all() as Array<{ type: string; name: string; tbl_name: string; sql: string | null }>;
  return objects.map((object) => {
    if (object.type === 'index') return { index: object.name, table: object.tbl_name, sql: normalized(object.sql ?? '') };
    const text = normalized(object.sql ?? '');
    return {
      table: object.name,
      columns: handle.pragma(`table_xinfo(${object.name})`),
      foreignKeys: handle.pragma(`foreign_key_list(${object.name})`),
      indexes: (handle.pragma(`index_list(${object.name})`) as Array<{ name: string }>).map((index) => ({
        ...index,
        keys: handle.pragma(`index_xinfo(${index.name})`),
      })),
      checks: checksOf(text),
      autoincrement: text.includes('autoincrement'),
      withoutRowid: text.endsWith('without rowid'),
      noCase: [...text.matchAll(/(\w+) text collate nocase/g)].map((match) => match[1]),
    };
  });
}

const MIGRATION_NAMES = Object.keys(migrations).sort();

async function appliedMigrations(db: Db): Promise<string[]> {
  return (await all<{ name: string }>(db.query, sql`SELECT name FROM kysely_migration ORDER BY name`)).map((row) => row.name);
}

async function freshSchema() {
  const db = await open(newDataDir());
  try {
    return await schemaOf(db);
  } finally {
    await db.close();
  }
}

describe('database migrations', () => {
  it('a new database gets every migration, each recorded by the Migrator', async () => {
    const db = await open(newDataDir());
    try {
      expect(await appliedMigrations(db)).toEqual(MIGRATION_NAMES);
      expect(MIGRATION_NAMES.map((name) => Number.parseInt(name, 10))).toEqual(MIGRATION_NAMES.map((_, i) => i + 1));
      expect(SCHEMA_VERSION).toBe(MIGRATION_NAMES.length);
    } finally {
      await db.close();
    }
  });

  for (const version of [LEGACY_VERSION, LEGACY_VERSION - 2]) {
    it(`upgrades a database of the pre-Migrator server at version ${version} in place, keeping every row`, async () => {
      const dataDir = newDataDir();
      const legacy = await legacyDatabase(dataDir, version);
      await fill(legacy, version);
      await legacy.close();

      const db = await open(dataDir);
      try {
        expect(await rowsOf(db)).toEqual(EXPECTED_ROWS);
        expect(await appliedMigrations(db)).toEqual(MIGRATION_NAMES);
        // Each key's code now a hash that its code (and no other) matches.
        const hashes = await all<{ hash: string }>(db.query, sql`SELECT activation_code_hash AS hash FROM access_keys ORDER BY id`);
        for (const [i, { hash }] of hashes.entries()) {
          expect(hash).toMatch(/^scrypt\$/);
          expect(await verifyActivationCode(KEYS[i].code, hash)).toBe(true);
          expect(await verifyActivationCode(KEYS[(i + 1) % KEYS.length].code, hash)).toBe(false);
        }
        expect(await schemaOf(db)).toEqual(await freshSchema());
      } finally {
        await db.close();
      }

      // Started again: nothing left to apply, nothing applied twice.
      const again = await open(dataDir);
      try {
        expect(await appliedMigrations(again)).toEqual(MIGRATION_NAMES);
        expect(await rowsOf(again)).toEqual(EXPECTED_ROWS);
      } finally {
        await again.close();
      }
    }, 60_000);
  }

  it('several servers starting at once on one database apply each migration once', async () => {
    const dataDir = newDataDir();
    const legacy = await legacyDatabase(dataDir, LEGACY_VERSION - 2);
    await fill(legacy, LEGACY_VERSION - 2);
    await legacy.close();

    const servers = await Promise.all([open(dataDir), open(dataDir), open(dataDir)]);
    try {
      for (const db of servers) expect(await rowsOf(db)).toEqual(EXPECTED_ROWS);
      expect(await appliedMigrations(servers[0])).toEqual(MIGRATION_NAMES);
      // A migration run twice would have failed the start that ran it (its tables exist already).
      const hashes = await all<{ hash: string }>(servers[0].query, sql`SELECT activation_code_hash AS hash FROM access_keys ORDER BY id`);
      for (const [i, { hash }] of hashes.entries()) expect(await verifyActivationCode(KEYS[i].code, hash)).toBe(true);
    } finally {
      for (const db of servers) await db.close();
    }
  }, 60_000);
});
