import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../scripts/lib/generate/run';
import { FORGOTTEN_KEY_MAIL, KEY_MAIL_KEPT_DAYS, type OutgoingMail } from '../../server/mail/outbox';
import { OpsError } from '../../server/ops/cli';
import { formatListing, formatRow, listOutbox, openOutbox, resendOutbox } from '../../server/ops/outbox';
import { databaseFile, run, SCHEMA_VERSION, sql } from '../../server/db';
import { databaseUrlFor, dropDatabaseOf, ON_POSTGRES, startServer, submission, tempDir, VALID_SUBMISSIONS } from './helpers';
import { startSmtp } from './smtp';

const ROOT = resolve(__dirname, '../..');

type Smtp = Awaited<ReturnType<typeof startSmtp>>;
let smtp: Smtp;
let server: Awaited<ReturnType<typeof startServer>>;
/** The server's database as the command names it: its PostgreSQL URL, else its SQLite file. */
let database: string;
/** The SMTP server refuses e-mails to this company's contact with 550 until `accept` is set. */
let accept = false;

beforeAll(async () => {
  await generate(ROOT);
  smtp = await startSmtp({ answer: (_n, _session, raw) => (!accept && raw.includes('Company: Refused Inc') ? 550 : undefined) });
  server = await startServer({ smtpUrl: smtp.url, mailFrom: 'no-reply@bantaydoc.test', formRateLimit: 1000, mail: { pollMs: 50 } });
  await server.app.ready();
  database = (await databaseUrlFor(server.dataDir)) ?? databaseFile(server.dataDir);
});
afterAll(async () => {
  await server?.cleanup();
  await smtp?.close();
});

async function post(company: string) {
  const data = { ...VALID_SUBMISSIONS['contact-us'], company };
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/form-emails/contact-us',
    payload: submission('contact-us', data),
  });
  expect(response.statusCode).toBe(201);
}

async function until(check: () => Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The command in a process of its own, on the database of DATA_DIR and DATABASE_URL (default: the server's). */
const outboxCommand = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/outbox.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
const runOutbox = (...args: string[]) => outboxCommand({ DATA_DIR: server.dataDir, DATABASE_URL: ON_POSTGRES ? database : '' }, ...args);

// The command opens the server's database: the PostgreSQL one of DATABASE_URL, else the SQLite file of DATA_DIR.
describe('npm run outbox', () => {
  it('lists what failed and why, shows one, and resends it through the running server', async () => {
    await post('Sent Inc');
    await post('Refused Inc');
    const { db, store } = await openOutbox(database, { write: true });
    try {
      await until(async () => (await store.counts()).pending === 0);
      const listing = await listOutbox(store);
      expect(listing.counts).toMatchObject({ failed: 1, pending: 0 });
      expect(listing.rows).toHaveLength(1);
      const [failed] = listing.rows;
      expect(failed).toMatchObject({ status: 'failed', kind: 'form', attempts: 1, to_address: 'hello@bantaydoc.example' });
      const printed = formatListing(listing);
      expect(printed).toContain('Outbox: 0 pending, 1 failed, 1 sent.');
      expect(printed).toContain(`#${failed.id}  failed  form  to hello@bantaydoc.example  (1 attempt)`);
      expect(printed).toMatch(/failed \S+: .*550/);
      expect(formatRow(failed)).toContain('Company: Refused Inc');

      // A sent e-mail is sent again only when asked twice.
      const [sent] = await store.withStatus(['sent']);
      await expect(resendOutbox(store, sent.id)).rejects.toThrow(OpsError);
      await expect(resendOutbox(store, 999_999)).rejects.toThrow('No e-mail #999999 in the outbox.');

      accept = true;
      const before = smtp.received.length;
      expect(await resendOutbox(store, failed.id)).toMatchObject({ status: 'pending', attempts: 0 });
      server.app.ctx.mail.notify();
      await until(async () => (await store.byId(failed.id))!.status === 'sent');
      expect(smtp.received).toHaveLength(before + 1);
      expect(smtp.received.at(-1)!.mail.messageId).toBe(failed.message_id);
    } finally {
      await db.close();
    }
  });

  it('runs as a command: the listing, --show, bad arguments, and a database that is not there', () => {
    const listing = runOutbox();
    expect(listing.status).toBe(0);
    expect(listing.stdout).toMatch(/^Outbox: 0 pending, 0 failed, \d+ sent\.\nNothing to show\.\n$/);
    const all = runOutbox('--all');
    expect(all.stdout).toContain('#1  sent  form  to hello@bantaydoc.example');
    const show = runOutbox('--show', '1');
    expect(show.status).toBe(0);
    expect(show.stdout).toContain('Subject: Contact form: a message from the website');
    const bad = runOutbox('--resend', 'x');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--resend needs an e-mail number (got 'x').");
    const noData = tempDir('telmed-no-db-');
    const missing = outboxCommand({ DATA_DIR: noData, DATABASE_URL: '' });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^No database at .*app\.db/);
    expect(readdirSync(noData)).toEqual([]);
    rmSync(noData, { recursive: true, force: true });
    const notPostgres = outboxCommand({ DATA_DIR: server.dataDir, DATABASE_URL: 'mysql://db.example/bantaydoc' });
    expect(notPostgres.status).toBe(1);
    expect(notPostgres.stderr).toMatch(/^DATABASE_URL must start with postgres:\/\//);
  }, 60_000);

  it('refuses a database the server has not made or brought up to date, changing nothing', async () => {
    const dataDir = tempDir('telmed-old-db-');
    try {
      if (ON_POSTGRES) {
        const url = (await databaseUrlFor(dataDir))!;
        const tables = async () => {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          try {
            const { rows } = await client.query<{ name: string }>(
              'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1',
            );
            return rows.map((row) => row.name);
          } finally {
            await client.end();
          }
        };
        const where = `The PostgreSQL database of DATABASE_URL (${new URL(url).host}${new URL(url).pathname})`;
        const empty = outboxCommand({ DATA_DIR: dataDir, DATABASE_URL: url });
        expect(empty.status).toBe(1);
        expect(empty.stderr).toBe(`${where} has no tables of the server yet: start the server once, which creates them.\n`);
        expect(await tables()).toEqual([]);

        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
        await client.query(`INSERT INTO schema_migrations VALUES (1, 'first', '2026-01-01T00:00:00Z')`);
        await client.end();
        await expect(openOutbox(url)).rejects.toThrow(`${where} is from an older version of the server`);
        const old = outboxCommand({ DATA_DIR: dataDir, DATABASE_URL: url }, '--resend', '1');
        expect(old.status).toBe(1);
        expect(old.stderr).toBe(`${where} is from an older version of the server: start the server once to bring it up to date.\n`);
        expect(await tables()).toEqual(['schema_migrations']);
      } else {
        const file = databaseFile(dataDir);
        const handle = new Database(file);
        handle.pragma(`user_version = ${SCHEMA_VERSION - 1}`);
        handle.close();
        const old = outboxCommand({ DATA_DIR: dataDir, DATABASE_URL: '' }, '--resend', '1');
        expect(old.status).toBe(1);
        expect(old.stderr).toBe(
          `The database at ${file} is from an older version of the server: start the server once to bring it up to date.\n`,
        );
        const reopened = new Database(file, { readonly: true });
        expect(reopened.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION - 1);
        expect(reopened.prepare('SELECT count(*) AS n FROM sqlite_schema').get()).toEqual({ n: 0 });
        reopened.close();
        expect(readdirSync(dataDir)).toEqual(['app.db']);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await dropDatabaseOf(dataDir);
    }
  }, 60_000);
});

describe('sent key e-mails are not kept whole for ever', () => {
  it(`blanks a key e-mail ${KEY_MAIL_KEPT_DAYS} days after it was sent, and then refuses to resend it`, async () => {
    const store = server.app.ctx.mail.outbox;
    const now = new Date();
    const old = new Date(now.getTime() - (KEY_MAIL_KEPT_DAYS + 1) * 86_400_000);
    /** Written as sent long ago, in one transaction: the running sender never sees them pending. */
    const sentLongAgo = (mail: OutgoingMail) =>
      server.app.ctx.db.write('outbox', async (q) => {
        const row = await store.enqueue(mail, now.toISOString(), q);
        await run(q, sql`UPDATE outbox SET status = 'sent', sent_at = ${old.toISOString()} WHERE id = ${row}`);
        return row;
      });
    const id = await sentLongAgo({
      kind: 'keys',
      to: ['maria@example.com'],
      subject: 'Your keys',
      text: 'Access key: BD-1 Activation code: 12345678',
      html: '<p>12345678</p>',
    });
    const form = await sentLongAgo({ kind: 'form', to: ['hello@bantaydoc.example'], subject: 'Form', text: 'kept' });

    expect(await store.forgetSentKeyMails(new Date(now.getTime() - KEY_MAIL_KEPT_DAYS * 86_400_000))).toBe(1);
    expect(await store.byId(id)).toMatchObject({ body: FORGOTTEN_KEY_MAIL, html: null });
    expect((await store.byId(form))!.body).toBe('kept');
    await expect(resendOutbox(store, id, { evenIfSent: true })).rejects.toThrow('its activation codes are no longer kept');
  });
});
