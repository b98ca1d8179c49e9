import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../scripts/lib/generate/run';
import { all, openDatabase, sql, type Db } from '../../server/db';
import { databaseUrlFor, dropDatabaseOf, submission, tempDir, VALID_SUBMISSIONS } from './helpers';
import { startSmtp } from './smtp';

const ROOT = resolve(__dirname, '../..');

interface ServerProcess {
  child: ChildProcess;
  port: number;
  exited: Promise<number | null>;
}

/** Starts tests/server/mail-process.ts on `dataDir` and resolves once it listens. */
function startProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/server/mail-process.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, LOG: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return new Promise((resolveStart, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening (\d+)/.exec(output)?.[1];
      if (port) resolveStart({ child, port: Number(port), exited });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`server process exited (${code}) before listening:\n${output}`)));
  });
}

async function postContact(port: number, company: string): Promise<number> {
  const data = { ...VALID_SUBMISSIONS['contact-us'], company };
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/form-emails/contact-us`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(submission('contact-us', data)),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

interface Row {
  id: number;
  status: string;
  attempts: number;
  message_id: string;
  claimed_by: string | null;
}
const rowsOf = (db: Db) => all<Row>(db.query, sql`SELECT id, status, attempts, message_id, claimed_by FROM outbox ORDER BY id`);

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const dirs: string[] = [];
const children: ChildProcess[] = [];
const readers: Db[] = [];
beforeAll(async () => {
  await generate(ROOT);
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const reader of readers) await reader.close();
  for (const dir of dirs) {
    rmSync(dir, { recursive: true, force: true });
    await dropDatabaseOf(dir);
  }
});

/** A new data dir and the processes' settings for it: its SQLite file, or its PostgreSQL schema (tests/server/helpers.ts). */
async function newDatabase(): Promise<{ dataDir: string; env: Record<string, string> }> {
  const dataDir = tempDir();
  dirs.push(dataDir);
  const databaseUrl = await databaseUrlFor(dataDir);
  return { dataDir, env: { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } };
}

/** The test's own connection to the database the processes share (opened once a process has created it). */
async function reader(dataDir: string): Promise<Db> {
  const db = await openDatabase({ dataDir, databaseUrl: await databaseUrlFor(dataDir) });
  readers.push(db);
  return db;
}

describe('delivery across processes', () => {
  it('a server killed (SIGKILL) between sending and marking loses nothing: the next one sends again with the same Message-ID', async () => {
    const { dataDir, env: database } = await newDatabase();
    let victim: ServerProcess | undefined;
    // The first copy arrives whole; the sending process is killed before it hears 250, so it never marks the row.
    const smtp = await startSmtp({
      answer: (n) => {
        if (n === 1) victim?.child.kill('SIGKILL');
        return undefined;
      },
    });
    const env = { ...database, SMTP_URL: smtp.url, MAIL_LEASE_MS: '1000' };
    try {
      victim = await startProcess(env);
      children.push(victim.child);
      const db = await reader(dataDir);
      await postContact(victim.port, 'Killed Inc');
      await victim.exited;
      await smtp.waitFor(1);
      const [before] = await rowsOf(db);
      expect(before).toMatchObject({ status: 'pending', attempts: 1 });

      const next = await startProcess(env);
      children.push(next.child);
      await until(async () => (await rowsOf(db))[0].status === 'sent');
      const [after] = await rowsOf(db);
      expect(after).toMatchObject({ status: 'sent', attempts: 2 });
      expect(smtp.received).toHaveLength(2);
      expect(smtp.received.map((r) => r.mail.messageId)).toEqual([before.message_id, before.message_id]);
      expect(smtp.received[1].mail.text).toContain('Company: Killed Inc');
      next.child.kill('SIGTERM');
      await next.exited;
    } finally {
      await smtp.close();
    }
  }, 60_000);

  it('two server processes on one database send each row once', async () => {
    const { dataDir, env: database } = await newDatabase();
    // A little slow, as a real SMTP server is: both senders have rows in flight at once.
    const smtp = await startSmtp({ answer: () => new Promise((r) => setTimeout(() => r(undefined), 5)) });
    const env = { ...database, SMTP_URL: smtp.url, MAIL_LEASE_MS: '60000', MAIL_POLL_MS: '20' };
    try {
      const [a, b] = await Promise.all([startProcess(env), startProcess(env)]);
      children.push(a.child, b.child);
      const db = await reader(dataDir);
      const total = 120;
      // Each submission to either server; both senders drain the one outbox.
      await Promise.all(Array.from({ length: total }, (_, i) => postContact(i % 2 === 0 ? a.port : b.port, `Company ${i}`)));
      await smtp.waitFor(total, 30_000);
      await until(async () => (await rowsOf(db)).every((row) => row.status === 'sent'));
      await new Promise((r) => setTimeout(r, 300)); // nothing more arrives
      const ids = smtp.received.map((r) => r.mail.messageId);
      expect(ids).toHaveLength(total);
      expect(new Set(ids).size).toBe(total);
      const rows = await rowsOf(db);
      expect(rows.every((row) => row.attempts === 1)).toBe(true);
      // Both processes sent a share.
      expect(new Set(rows.map((row) => row.claimed_by)).size).toBe(2);
      a.child.kill('SIGTERM');
      b.child.kill('SIGTERM');
      await Promise.all([a.exited, b.exited]);
    } finally {
      await smtp.close();
    }
  }, 90_000);
});
