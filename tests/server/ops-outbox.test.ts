import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../scripts/lib/generate/run';
import { FORGOTTEN_KEY_MAIL, KEY_MAIL_KEPT_DAYS, type OutgoingMail } from '../../server/mail/outbox';
import { OpsError } from '../../server/ops/cli';
import { formatListing, formatRow, listOutbox, openOutbox, resendOutbox } from '../../server/ops/outbox';
import { databaseFile, run, sql } from '../../server/db';
import { ON_POSTGRES, startServer, submission, tempDir, VALID_SUBMISSIONS } from './helpers';
import { startSmtp } from './smtp';

const ROOT = resolve(__dirname, '../..');

type Smtp = Awaited<ReturnType<typeof startSmtp>>;
let smtp: Smtp;
let server: Awaited<ReturnType<typeof startServer>>;
/** The SMTP server refuses e-mails to this company's contact with 550 until `accept` is set. */
let accept = false;

beforeAll(async () => {
  await generate(ROOT);
  smtp = await startSmtp({ answer: (_n, _session, raw) => (!accept && raw.includes('Company: Refused Inc') ? 550 : undefined) });
  server = await startServer({ smtpUrl: smtp.url, mailFrom: 'no-reply@bantaydoc.test', formRateLimit: 1000, mail: { pollMs: 50 } });
  await server.app.ready();
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

const runOutbox = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/outbox.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: server.dataDir },
    encoding: 'utf8',
  });

// The command opens the SQLite file of DATA_DIR.
describe.skipIf(ON_POSTGRES)('npm run outbox', () => {
  it('lists what failed and why, shows one, and resends it through the running server', async () => {
    await post('Sent Inc');
    await post('Refused Inc');
    const { db, store } = openOutbox(databaseFile(server.dataDir), { write: true });
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
    const missing = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/outbox.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: tempDir('telmed-no-db-') },
      encoding: 'utf8',
    });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^No database at .*app\.db/);
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
