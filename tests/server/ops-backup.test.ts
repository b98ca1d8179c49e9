import Database from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../scripts/lib/generate/run';
import { run as execute, sql } from '../../server/db';
import { backupDatabase, checkIntegrity, defaultBackupFile, POSTGRES_BACKUP_REFUSAL } from '../../server/ops/backup';
import { OpsError } from '../../server/ops/cli';
import { ON_POSTGRES, startServer, tempDir, VALID_SUBMISSIONS } from './helpers';

const ROOT = resolve(__dirname, '../..');

let app: FastifyInstance;
let dataDir: string;
let cleanup: () => Promise<void>;
let scratch: string;

// The backup copies the SQLite file: nothing to test with PostgreSQL (its backups are pg_dump's).
beforeAll(async () => {
  if (ON_POSTGRES) return;
  await generate(ROOT);
  ({ app, dataDir, cleanup } = await startServer({ formRateLimit: 1000 }));
  scratch = tempDir('telmed-ops-backup-');
  // Enough pages that a copy made page by page would see the writer's commits in between.
  await app.ctx.db.write('uploads', async (q) => {
    for (let i = 0; i < 3000; i++) {
      const data = JSON.stringify({ ...VALID_SUBMISSIONS['contact-us'], message: `${i} ${'x'.repeat(1000)}` });
      await execute(
        q,
        sql`INSERT INTO form_submissions (form_key, data, created_at) VALUES ('contact-us', ${data}, ${new Date().toISOString()})`,
      );
    }
  });
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/form-emails/contact-us',
    payload: { key: 'contact-us', data: JSON.stringify(VALID_SUBMISSIONS['contact-us']) },
  });
  expect(response.statusCode).toBe(201);
});
afterAll(async () => {
  await cleanup?.();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Another process that commits one submission after another until it is killed; resolves once it has committed some. */
function startWriter(dbFile: string) {
  const code = `
    const Database = require('better-sqlite3');
    const db = new Database(process.env.DB_FILE);
    db.pragma('busy_timeout = 5000');
    const insert = db.prepare("INSERT INTO form_submissions (form_key, data, created_at) VALUES ('writer', ?, ?)");
    for (let n = 1; ; n++) {
      insert.run(JSON.stringify({ n, pad: 'y'.repeat(2000) }), new Date().toISOString());
      if (n === 100) process.stdout.write('writing\\n');
    }`;
  const child = spawn(process.execPath, ['-e', code], {
    cwd: ROOT,
    env: { ...process.env, DB_FILE: dbFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = new Promise<void>((resolveStarted, reject) => {
    child.stdout.once('data', () => resolveStarted());
    child.once('exit', (status) => reject(new Error(`the writer exited (${status})`)));
  });
  return { child, started };
}

const rowIds = (db: Database.Database, upTo: number) =>
  db.prepare('SELECT id FROM form_submissions WHERE id <= ? ORDER BY id').pluck().all(upTo) as number[];

describe.skipIf(ON_POSTGRES)('backupDatabase', () => {
  it('copies the live database while another process writes: a valid file with every row committed before it started', async () => {
    const dbFile = join(dataDir, 'app.db');
    const writer = startWriter(dbFile);
    const live = new Database(dbFile, { readonly: true });
    try {
      await writer.started;
      const before = live.prepare('SELECT max(id) FROM form_submissions').pluck().get() as number;
      const out = join(scratch, 'during-writes.db');
      const result = await backupDatabase(dataDir, { out });
      const after = live.prepare('SELECT max(id) FROM form_submissions').pluck().get() as number;
      expect(after).toBeGreaterThan(before);

      expect(result.file).toBe(out);
      expect(result.bytes).toBe(statSync(out).size);
      expect(result.bytes).toBeGreaterThan(3_000_000);
      const copy = new Database(out, { readonly: true, fileMustExist: true });
      try {
        expect(checkIntegrity(copy)).toEqual([]);
        expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
        // One moment's snapshot: every row up to the copy's last one, exactly as the live database has them.
        const copied = copy.prepare('SELECT max(id) FROM form_submissions').pluck().get() as number;
        expect(copied).toBeGreaterThanOrEqual(before);
        expect(rowIds(copy, copied)).toEqual(rowIds(live, copied));
        const sameRows = (sql: string) => expect(copy.prepare(sql).all(), sql).toEqual(live.prepare(sql).all());
        sameRows(`SELECT * FROM form_submissions WHERE id <= ${before} ORDER BY id`);
        sameRows('SELECT * FROM orders ORDER BY id');
        sameRows('SELECT * FROM access_keys ORDER BY id');
        sameRows('SELECT * FROM content ORDER BY resource, id');
        const count = (table: string) => copy.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
        expect(result.counts).toEqual({
          orders: count('orders'),
          access_keys: count('access_keys'),
          form_submissions: count('form_submissions'),
          outbox: count('outbox'),
        });
        expect(result.counts.access_keys).toBeGreaterThan(0);
      } finally {
        copy.close();
      }
      expect(readdirSync(scratch).filter((f) => f.startsWith('during-writes'))).toEqual(['during-writes.db']);
    } finally {
      writer.child.kill();
      live.close();
    }
  }, 60_000);

  it('writes to <data dir>/backups/app-<UTC time>.db by default, creating the folder', async () => {
    const now = new Date('2026-11-15T08:30:12.345Z');
    expect(defaultBackupFile(dataDir, now)).toBe(join(dataDir, 'backups', 'app-20261115T083012Z.db'));
    const result = await backupDatabase(dataDir, { now });
    expect(result.file).toBe(join(dataDir, 'backups', 'app-20261115T083012Z.db'));
    expect(existsSync(result.file)).toBe(true);
  });

  it('refuses to overwrite an existing file', async () => {
    const out = join(scratch, 'precious.db');
    writeFileSync(out, 'precious');
    const error = await backupDatabase(dataDir, { out }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpsError);
    expect((error as OpsError).exitCode).toBe(1);
    expect((error as OpsError).message).toBe(`${out} already exists: refusing to overwrite it.`);
    expect(readFileSync(out, 'utf8')).toBe('precious');

    const now = new Date('2026-11-16T00:00:00Z');
    await backupDatabase(dataDir, { now });
    await expect(backupDatabase(dataDir, { now })).rejects.toThrow(/already exists: refusing to overwrite it/);
    await expect(backupDatabase(dataDir, { out: join(dataDir, 'app.db') })).rejects.toThrow(/already exists/);
  });

  it('fails on a missing database, creating nothing', async () => {
    const empty = tempDir();
    try {
      const error = await backupDatabase(empty).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpsError);
      expect((error as OpsError).message).toBe(`No database at ${join(empty, 'app.db')}: set DATA_DIR to the server's data directory.`);
      expect(readdirSync(empty)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('reports the problems of a damaged copy', async () => {
    const { file } = await backupDatabase(dataDir, { out: join(scratch, 'to-damage.db') });
    const damaged = join(scratch, 'damaged.db');
    copyFileSync(file, damaged);
    const db = new Database(damaged, { readonly: true });
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.close();
    const fd = openSync(damaged, 'r+');
    writeSync(fd, Buffer.alloc(pageSize * 4, 0xa5), 0, pageSize * 4, pageSize * Math.floor(pages / 2));
    closeSync(fd);
    const check = new Database(damaged, { readonly: true });
    try {
      expect(checkIntegrity(check).length).toBeGreaterThan(0);
    } finally {
      check.close();
    }
  });

  it('runs as `tsx scripts/backup.ts`: the path, size, check and counts; exit 1 for an existing file or no database', () => {
    const run = (env: Record<string, string>, ...args: string[]) =>
      spawnSync('npx', ['tsx', 'scripts/backup.ts', ...args], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: '', ...env },
        encoding: 'utf8',
      });

    const out = join(scratch, 'script.db');
    const ok = run({ DATA_DIR: dataDir }, '--out', out);
    expect(ok.status, ok.stderr).toBe(0);
    const lines = ok.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`Backup: ${out}`);
    expect(lines[1]).toBe(`Size: ${statSync(out).size} bytes (${(statSync(out).size / 1048576).toFixed(1)} MiB)`);
    expect(lines[2]).toBe('Integrity check: ok');
    expect(lines[3]).toMatch(/^Rows: orders \d+, access_keys \d+, form_submissions \d+, outbox \d+$/);

    const again = run({ DATA_DIR: dataDir }, '--out', out);
    expect(again.status).toBe(1);
    expect(again.stderr).toBe(`${out} already exists: refusing to overwrite it.\n`);

    const empty = tempDir();
    const missing = run({ DATA_DIR: empty });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(`No database at ${join(empty, 'app.db')}`);
    expect(readdirSync(empty)).toEqual([]);
    rmSync(empty, { recursive: true, force: true });

    const bad = run({ DATA_DIR: dataDir }, 'now');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('Usage: npm run backup');
  }, 60_000);
});

describe('npm run backup with DATABASE_URL set', () => {
  it('refuses, naming pg_dump, and creates nothing (exit 1)', () => {
    const empty = tempDir();
    try {
      const refused = spawnSync('npx', ['tsx', 'scripts/backup.ts'], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: empty, DATABASE_URL: 'postgres://bantaydoc@db.example:5432/bantaydoc' },
        encoding: 'utf8',
      });
      expect(refused.status).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toBe(`${POSTGRES_BACKUP_REFUSAL}\n`);
      expect(refused.stderr).toMatch(/^DATABASE_URL is set: the data is in PostgreSQL, which npm run backup does not copy/);
      expect(refused.stderr).toContain('pg_dump --format=custom');
      expect(readdirSync(empty)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 60_000);
});
