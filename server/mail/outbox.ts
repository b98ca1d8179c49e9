import { randomUUID } from 'node:crypto';
import type { Db } from '../db';

/** What an e-mail reports: an order's access keys, or a form submission sent to staff. */
export type MailKind = 'keys' | 'form';
export type OutboxStatus = 'pending' | 'sent' | 'failed';

/** An e-mail to write to the outbox (in the transaction of what it reports). */
export interface OutgoingMail {
  kind: MailKind;
  /** Recipients, each a plain address. */
  to: readonly string[];
  subject: string;
  /** The plain-text part (every e-mail has one). */
  text: string;
  html?: string;
  replyTo?: string;
  orderId?: number;
  /** The submission whose stored files go with the e-mail as attachments. */
  submissionId?: number;
}

/** A row of the outbox as the sender and the operator commands read it. */
export interface OutboxRow {
  id: number;
  kind: MailKind;
  to_address: string;
  subject: string;
  body: string;
  html: string | null;
  reply_to: string | null;
  order_id: number | null;
  submission_id: number | null;
  message_id: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_until: string | null;
  created_at: string;
  sent_at: string | null;
  failed_at: string | null;
  last_error: string | null;
}

/** An e-mail as GET /api/dev/outbox lists it. */
export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  body: string;
  status: OutboxStatus;
  created_at: string;
}

export interface Attachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** What a key e-mail's text becomes once it is no longer kept (forgetSentKeyMails). */
export const FORGOTTEN_KEY_MAIL = '(sent; its activation codes are no longer kept)';
/** How long a sent key e-mail is kept whole, for a buyer who asks for it again (npm run outbox -- --resend). */
export const KEY_MAIL_KEPT_DAYS = 30;

/** The longest error text kept with a row (an SMTP reply can be long). */
const MAX_ERROR_LENGTH = 500;

const clip = (text: string) => (text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text);

/**
 * The outbox table: the one place an e-mail is written. A row is written in the transaction of what
 * it reports (issued keys, a stored submission), so an e-mail exists exactly when its cause does.
 * Senders (sender.ts) claim due rows in the database: one UPDATE … RETURNING takes a row for a
 * while (`claimed_until`), so several processes on one database never take the same row at once.
 */
export class OutboxStore {
  /** `messageDomain`: the host part of every Message-ID (the site's own domain). */
  constructor(
    private readonly db: Db,
    private readonly messageDomain: string,
  ) {}

  /** Writes an e-mail, due at once, with a Message-ID of its own; returns its id. Call inside the transaction of its cause. */
  enqueue(mail: OutgoingMail, now: string): number {
    const result = this.db
      .prepare(
        `INSERT INTO outbox (kind, to_address, subject, body, html, reply_to, order_id, submission_id, message_id, created_at, next_attempt_at)
         VALUES (@kind, @to, @subject, @body, @html, @replyTo, @orderId, @submissionId, @messageId, @now, @now)`,
      )
      .run({
        kind: mail.kind,
        to: mail.to.join(', '),
        subject: mail.subject,
        body: mail.text,
        html: mail.html ?? null,
        replyTo: mail.replyTo ?? null,
        orderId: mail.orderId ?? null,
        submissionId: mail.submissionId ?? null,
        messageId: `<${randomUUID()}@${this.messageDomain}>`,
        now,
      });
    return Number(result.lastInsertRowid);
  }

  /**
   * Takes up to `limit` due rows (pending, due by `now`, not claimed by a live sender) for
   * `claimer` until `now + leaseMs`, oldest first, and counts the attempt. Atomic: two senders
   * never get the same row while its claim runs.
   */
  claim(options: { now: Date; leaseMs: number; limit: number; claimer: string }): OutboxRow[] {
    const now = options.now.toISOString();
    return this.db
      .prepare(
        `UPDATE outbox SET claimed_by = @claimer, claimed_until = @until, attempts = attempts + 1
         WHERE id IN (
           SELECT id FROM outbox
           WHERE status = 'pending' AND next_attempt_at <= @now AND (claimed_until IS NULL OR claimed_until <= @now)
           ORDER BY next_attempt_at, id LIMIT @limit)
         RETURNING *`,
      )
      .all({
        claimer: options.claimer,
        until: new Date(options.now.getTime() + options.leaseMs).toISOString(),
        now,
        limit: options.limit,
      }) as OutboxRow[];
  }

  /** The files stored with a submission, to attach to its e-mail; files removed at the end of their retention are left out. */
  attachments(submissionId: number): Attachment[] {
    return (
      this.db
        .prepare('SELECT filename, mime, content FROM submission_files WHERE submission_id = ? AND removed_at IS NULL ORDER BY id')
        .all(submissionId) as Array<{ filename: string; mime: string; content: Buffer }>
    ).map((file) => ({ filename: file.filename, contentType: file.mime, content: file.content }));
  }

  /** The SMTP server took the e-mail (claimed_by stays: which sender sent it). */
  markSent(id: number, now: Date): void {
    this.db
      .prepare(
        "UPDATE outbox SET status = 'sent', sent_at = ?, claimed_until = NULL, last_error = NULL WHERE id = ? AND status = 'pending'",
      )
      .run(now.toISOString(), id);
  }

  /** A temporary failure: due again at `nextAttempt`. */
  retryLater(id: number, nextAttempt: Date, error: string): void {
    this.db
      .prepare(
        "UPDATE outbox SET next_attempt_at = ?, claimed_by = NULL, claimed_until = NULL, last_error = ? WHERE id = ? AND status = 'pending'",
      )
      .run(nextAttempt.toISOString(), clip(error), id);
  }

  /** A permanent failure (or no attempts left): never sent again unless resent by hand. */
  markFailed(id: number, now: Date, error: string): void {
    this.db
      .prepare(
        "UPDATE outbox SET status = 'failed', failed_at = ?, claimed_by = NULL, claimed_until = NULL, last_error = ? WHERE id = ? AND status = 'pending'",
      )
      .run(now.toISOString(), clip(error), id);
  }

  /**
   * Makes a failed or pending row due now with a fresh count of attempts (`npm run outbox -- --resend <id>`);
   * a sent row is sent again only with `evenIfSent`. Returns the row, or undefined when there is none.
   */
  resend(id: number, now: Date, options: { evenIfSent?: boolean } = {}): OutboxRow | undefined {
    const statuses = options.evenIfSent ? ['pending', 'failed', 'sent'] : ['pending', 'failed'];
    return this.db
      .prepare(
        `UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = @now, claimed_by = NULL, claimed_until = NULL,
           failed_at = NULL, sent_at = NULL
         WHERE id = @id AND status IN (SELECT value FROM json_each(@statuses)) RETURNING *`,
      )
      .get({ id, now: now.toISOString(), statuses: JSON.stringify(statuses) }) as OutboxRow | undefined;
  }

  byId(id: number): OutboxRow | undefined {
    return this.db.prepare('SELECT * FROM outbox WHERE id = ?').get(id) as OutboxRow | undefined;
  }

  /** Rows of the given statuses, oldest first (the operator's listing). */
  withStatus(statuses: readonly OutboxStatus[], limit = 200): OutboxRow[] {
    return this.db
      .prepare('SELECT * FROM outbox WHERE status IN (SELECT value FROM json_each(?)) ORDER BY id LIMIT ?')
      .all(JSON.stringify(statuses), Math.min(Math.max(Math.floor(limit), 1), 10_000)) as OutboxRow[];
  }

  /**
   * Blanks the text of key e-mails sent before `before`: the access keys' activation codes are stored
   * only as hashes, and the e-mail that carried them in clear is not kept longer than a buyer may
   * need it sent again. Returns how many were blanked.
   */
  forgetSentKeyMails(before: Date): number {
    return this.db
      .prepare(
        `UPDATE outbox SET body = ?, html = NULL
         WHERE kind = 'keys' AND status = 'sent' AND sent_at < ? AND body <> ?`,
      )
      .run(FORGOTTEN_KEY_MAIL, before.toISOString(), FORGOTTEN_KEY_MAIL).changes;
  }

  /** How many rows each status has. */
  counts(): Record<OutboxStatus, number> {
    const counts: Record<OutboxStatus, number> = { pending: 0, sent: 0, failed: 0 };
    for (const row of this.db.prepare('SELECT status, count(*) AS n FROM outbox GROUP BY status').all() as Array<{
      status: OutboxStatus;
      n: number;
    }>)
      counts[row.status] = row.n;
    return counts;
  }

  /** The latest e-mails, newest first (the demo's /dev/outbox). */
  recent(limit = 100): OutboxMail[] {
    return this.db
      .prepare('SELECT id, to_address AS "to", subject, body, status, created_at FROM outbox ORDER BY id DESC LIMIT ?')
      .all(Math.min(Math.max(Math.floor(limit), 1), 500)) as OutboxMail[];
  }
}
