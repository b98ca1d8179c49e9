import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../scripts/lib/generate/run';
import { all, one, sql } from '../../server/db';
import { verifyActivationCode } from '../../server/keys/code-hash';
import { OutboxStore, type OutboxRow } from '../../server/mail/outbox';
import { MailSender, type SenderLog } from '../../server/mail/sender';
import { smtpTransport } from '../../server/mail/transport';
import { BILLING_FORM, buyInSandbox, startServer, submission, VALID_SUBMISSIONS } from './helpers';
import { CV_PDF, multipartBody } from './files';
import { startSmtp } from './smtp';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const PUBLIC_URL = 'http://shop.bantaydoc.test:8080';
/** Plan 1 (Individual) x 2: total 3,357.76, billed unit amount 1,678.88. */
const LINE = { shop_plan_id: 1, quantity: 2, discount: 0, amount: 1678.88, name: 'Individual', description: '', member: 0, promo_id: null };

type Smtp = Awaited<ReturnType<typeof startSmtp>>;

let smtp: Smtp;
let app: FastifyInstance;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  await generate(ROOT);
  smtp = await startSmtp();
  const server = await startServer({
    smtpUrl: smtp.url,
    mailFrom: 'Bantay Doc <no-reply@bantaydoc.test>',
    publicUrl: PUBLIC_URL,
    formRateLimit: 1000,
    mail: { pollMs: 50 },
  });
  app = server.app;
  cleanup = server.cleanup;
  await app.ready();
});
afterAll(async () => {
  await cleanup?.();
  await smtp?.close();
});

const outboxRow = async (id: number) => (await app.ctx.mail.outbox.byId(id))!;
const newest = async () => (await one<OutboxRow>(app.ctx.db.query, sql`SELECT * FROM outbox ORDER BY id DESC LIMIT 1`))!;

/** Waits until the outbox row is no longer pending. */
async function settled(id: number, timeoutMs = 10_000): Promise<OutboxRow> {
  const deadline = Date.now() + timeoutMs;
  while ((await outboxRow(id)).status === 'pending') {
    if (Date.now() > deadline) throw new Error(`outbox row ${id} still pending`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return outboxRow(id);
}

describe('the key e-mail', () => {
  it('a purchase through the sandbox delivers the keys issued for it, in HTML and plain text', async () => {
    const before = smtp.received.length;
    const { orderId: order_id } = await buyInSandbox(app, [LINE]);

    const [received] = (await smtp.waitFor(before + 1)).slice(before);
    const stored = await all<{ access_key: string; activation_code_hash: string }>(
      app.ctx.db.query,
      sql`SELECT access_key, activation_code_hash FROM access_keys WHERE order_id = ${order_id} ORDER BY id`,
    );
    expect(stored).toHaveLength(2);
    const { mail } = received;
    // The codes are only in the e-mail (the database keeps their hashes): each one is its key's.
    const keys = [...String(mail.text).matchAll(/Access key: (\S+)\s+Activation code: (\d{8})\b/g)].map((m) => ({
      access_key: m[1],
      activation_code: m[2],
    }));
    expect(keys.map((key) => key.access_key)).toEqual(stored.map((row) => row.access_key));
    for (const [i, key] of keys.entries())
      expect(await verifyActivationCode(key.activation_code, stored[i].activation_code_hash)).toBe(true);
    expect(received.to).toEqual(['maria@example.com']);
    expect(received.from).toBe('no-reply@bantaydoc.test');
    expect(mail.subject).toBe('Your Bantay Doc access keys');
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@shop\.bantaydoc\.test>$/);
    expect(mail.messageId).toBe((await newest()).message_id);
    // Plain text: every pair and the activation link on the public URL.
    for (const key of keys) {
      expect(mail.text).toContain(`Access key: ${key.access_key}`);
      expect(mail.text).toContain(`Activation code: ${key.activation_code}`);
    }
    expect(mail.text).toContain(`${PUBLIC_URL}/shop/assignment`);
    expect(mail.text).toContain(`Order #${order_id}: Individual x 2, total PHP 3,357.76.`);
    // HTML: the logo (absolute, PNG), the product's name, the keys in a table, the link.
    const html = String(mail.html);
    expect(html).toContain(`<img src="${PUBLIC_URL}/logo.png"`);
    expect(html).toContain('Bantay Doc</span>');
    expect(html).toMatch(/<th[^>]*>Access key<\/th><th[^>]*>Activation code<\/th>/);
    for (const key of keys) expect(html).toMatch(new RegExp(`<td[^>]*>${key.access_key}</td><td[^>]*>${key.activation_code}</td>`));
    expect(html).toContain(`href="${PUBLIC_URL}/shop/assignment"`);
    expect(html).not.toMatch(/<script/i);
    const row = await settled((await newest()).id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, kind: 'keys', order_id });
  });

  it("escapes the buyer's own text in the HTML part", async () => {
    const before = smtp.received.length;
    const form = { ...BILLING_FORM, first_name: 'Maria <b>&', last_name: '{order}' };
    const billing = await app.inject({
      method: 'POST',
      url: '/api/v1/billing-informations',
      payload: { ...form, products: [{ ...LINE, quantity: 1 }] },
    });
    const { token } = billing.json().sandboxpay.payment_request as { token: string };
    await app.inject({
      method: 'POST',
      url: `/sandbox-pay/checkout/${token}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const [received] = (await smtp.waitFor(before + 1)).slice(before);
    expect(received.mail.text).toContain('Hello Maria <b>& {order},');
    expect(String(received.mail.html)).toContain('Hello Maria &lt;b&gt;&amp; {order},');
  });
});

describe('form e-mails to staff', () => {
  it("a contact submission reaches the form's recipients, Reply-To the visitor, fields in the form's order", async () => {
    const before = smtp.received.length;
    const data = { ...VALID_SUBMISSIONS['contact-us'], message: 'Line one\nLine two: Company: fake' };
    const response = await app.inject({ method: 'POST', url: '/api/v1/form-emails/contact-us', payload: submission('contact-us', data) });
    expect(response.statusCode).toBe(201);
    const [received] = (await smtp.waitFor(before + 1)).slice(before);
    const { mail } = received;
    expect(received.to).toEqual(['hello@bantaydoc.example']);
    expect(mail.subject).toBe('Contact form: a message from the website');
    expect(mail.replyTo?.text).toBe('maria@example.com');
    const lines = mail.text!.split('\n');
    const fieldLines = lines.filter((line) => /^(Title|First name|Last name|Email|Phone number|Company|Message):/.test(line));
    expect(fieldLines).toEqual([
      'Title: Ms.',
      'First name: Maria',
      'Last name: Santos',
      'Email: maria@example.com',
      'Phone number: 09171234567',
      'Company: Acme',
      'Message:',
    ]);
    // A multi-line answer stays under its label, indented: it cannot pass for another field.
    expect(mail.text).toContain('Message:\n  Line one\n  Line two: Company: fake');
    expect(mail.text).toContain('Reply to this e-mail to answer maria@example.com.');
    expect(String(mail.html)).toMatch(/<td[^>]*>First name<\/td><td[^>]*>Maria<\/td>/);
    const stored = await newest();
    expect(stored).toMatchObject({ kind: 'form', submission_id: response.json().data.id });
  });

  it('an apply-now with a PDF arrives with the CV attached', async () => {
    const before = smtp.received.length;
    const data = VALID_SUBMISSIONS['apply-now'];
    const { payload, headers } = await multipartBody({
      key: 'apply-now',
      data: JSON.stringify(data),
      file: { filename: 'Liza CV.pdf', type: 'application/pdf', content: CV_PDF },
    });
    const response = await app.inject({ method: 'POST', url: '/api/v1/form-emails/apply-now', payload, headers });
    expect(response.statusCode).toBe(201);
    const [received] = (await smtp.waitFor(before + 1)).slice(before);
    expect(received.to).toEqual(['careers@bantaydoc.example']);
    expect(received.mail.replyTo?.text).toBe(data.emailAddress);
    expect(received.mail.attachments).toHaveLength(1);
    const [cv] = received.mail.attachments;
    expect(cv.filename).toBe('Liza CV.pdf');
    expect(cv.contentType).toBe('application/pdf');
    expect(Buffer.compare(cv.content, CV_PDF)).toBe(0);
    expect(received.mail.text).toContain('Attached: Liza CV.pdf');
  });

  it('a referral form, which has no e-mail field, is sent without Reply-To', async () => {
    const before = smtp.received.length;
    const data = { memberName: 'Rosa Reyes', cardNumber: 'GC-0001', contactNumber: '09171234567' };
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/form-emails/alarm-center-referral',
      payload: submission('alarm-center-referral', data),
    });
    expect(response.statusCode).toBe(201);
    const [received] = (await smtp.waitFor(before + 1)).slice(before);
    expect(received.to).toEqual(['referrals@bantaydoc.example']);
    expect(received.mail.replyTo).toBeUndefined();
    expect(received.mail.text).toContain("Member's name: Rosa Reyes");
  });

  it('an address that would be several in a header is shown but never the Reply-To', async () => {
    const before = smtp.received.length;
    const data = { ...VALID_SUBMISSIONS['contact-us'], email: 'a,victim@evil.example' };
    const response = await app.inject({ method: 'POST', url: '/api/v1/form-emails/contact-us', payload: submission('contact-us', data) });
    expect(response.statusCode).toBe(201);
    const [received] = (await smtp.waitFor(before + 1)).slice(before);
    expect(received.mail.replyTo).toBeUndefined();
    expect(received.to).toEqual(['hello@bantaydoc.example']);
    expect(received.mail.text).toContain('Email: a,victim@evil.example');
  });

  it('a refused submission writes no e-mail', async () => {
    const counts = await app.ctx.mail.outbox.counts();
    const total = counts.pending + counts.sent + counts.failed;
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/form-emails/contact-us',
      payload: submission('contact-us', { ...VALID_SUBMISSIONS['contact-us'], email: 'nope' }),
    });
    expect(response.statusCode).toBe(422);
    const after = await app.ctx.mail.outbox.counts();
    expect(after.pending + after.sent + after.failed).toBe(total);
  });
});

describe('the sender against an SMTP server that fails', () => {
  /** A log that keeps what was logged at each level. */
  const recordingLog = () => {
    const lines: Array<{ level: string; msg: string; obj: object }> = [];
    const log: SenderLog = {
      debug: (obj, msg) => lines.push({ level: 'debug', msg, obj }),
      warn: (obj, msg) => lines.push({ level: 'warn', msg, obj }),
      error: (obj, msg) => lines.push({ level: 'error', msg, obj }),
    };
    return { log, lines };
  };

  /** A server without a sender of its own, an outbox row, and a sender to `url` with quick retries. */
  async function withRow(url: string) {
    const server = await startServer({ publicUrl: PUBLIC_URL });
    const outbox = new OutboxStore(server.app.ctx.db, 'shop.bantaydoc.test');
    const id = await outbox.enqueue(
      { kind: 'form', to: ['staff@bantaydoc.test'], subject: 'Hello', text: 'Body' },
      new Date().toISOString(),
    );
    const { log, lines } = recordingLog();
    const sender = new MailSender({
      db: server.app.ctx.db,
      messageDomain: 'shop.bantaydoc.test',
      transport: smtpTransport(url, { maxConnections: 1 }),
      from: 'no-reply@bantaydoc.test',
      log,
      retry: { baseMs: 20, maxMs: 100, maxAttempts: 6 },
      pollMs: 20,
    });
    return { server, outbox, id, sender, lines };
  }

  it('421 three times, then 250: delivered once, after growing delays', async () => {
    const failing = await startSmtp({ answer: (n) => (n <= 3 ? 421 : undefined) });
    const { server, outbox, id, sender, lines } = await withRow(failing.url);
    try {
      sender.start();
      const [received] = await failing.waitFor(1);
      await new Promise((r) => setTimeout(r, 300)); // no second copy follows
      expect(failing.received).toHaveLength(1);
      expect(failing.answered()).toBe(4);
      expect(received.mail.messageId).toBe((await outbox.byId(id))!.message_id);
      expect(await outbox.byId(id)).toMatchObject({ status: 'sent', attempts: 4, last_error: null });
      const retries = lines.filter((l) => l.msg === 'outbox: temporary failure, will retry');
      expect(retries).toHaveLength(3);
      expect(lines.filter((l) => l.level === 'error')).toEqual([]);
    } finally {
      await sender.stop();
      await server.cleanup();
      await failing.close();
    }
  });

  it('550: marked failed at once and logged at error level', async () => {
    const refusing = await startSmtp({ answer: () => 550 });
    const { server, outbox, id, sender, lines } = await withRow(refusing.url);
    try {
      sender.start();
      const deadline = Date.now() + 10_000;
      while ((await outbox.byId(id))!.status === 'pending' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const row = (await outbox.byId(id))!;
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row.last_error).toContain('550');
      expect(refusing.answered()).toBe(1);
      const errors = lines.filter((l) => l.level === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ msg: 'outbox: e-mail refused for good, marked failed', obj: { outbox: id } });
    } finally {
      await sender.stop();
      await server.cleanup();
      await refusing.close();
    }
  });

  it('a refused connection is temporary: retried, then failed after the last attempt', async () => {
    // A port nothing listens on: the connection is refused every time.
    const closed = await startSmtp();
    const url = closed.url;
    await closed.close();
    const { server, outbox, id, sender, lines } = await withRow(url);
    try {
      sender.start();
      const deadline = Date.now() + 10_000;
      while ((await outbox.byId(id))!.status === 'pending' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(await outbox.byId(id)).toMatchObject({ status: 'failed', attempts: 6 });
      expect(lines.filter((l) => l.level === 'warn')).toHaveLength(5);
      expect(lines.filter((l) => l.level === 'error').map((l) => l.msg)).toEqual([
        'outbox: e-mail still failing after 6 attempts, marked failed',
      ]);
    } finally {
      await sender.stop();
      await server.cleanup();
    }
  });
});
