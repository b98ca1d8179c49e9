import { randomUUID } from 'node:crypto';
import { all, one, run, sql, type Db, type Queryable } from '../db';

import type { MailKind, OutboxStatus } from '../../domain/desk';

export type { MailKind, OutboxStatus };

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
 * Senders (sender.ts) claim due rows in the database: one UPDATE … RETURNING, in a write transaction
 * under the 'outbox' lock, takes a row for a while (`claimed_until`), so several processes on one
 * database never take the same row at once.
 */
export class OutboxStore {
  /** `messageDomain`: the host part of every Message-ID (the site's own domain). */
  constructor(
    private readonly db: Db,
    private readonly messageDomain: string,
  ) {}

  /** Writes an e-mail, due at once, with a Message-ID of its own; returns its id. Call inside the transaction of its cause, on its `q`. */
  async enqueue(mail: OutgoingMail, now: string, q: Queryable = this.db.query): Promise<number> {
    const row = await one<{ id: number }>(
      q,
      sql`INSERT INTO outbox (kind, to_address, subject, body, html, reply_to, order_id, submission_id, message_id, created_at, next_attempt_at)
          VALUES (${mail.kind}, ${mail.to.join(', ')}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}, ${mail.replyTo ?? null},
            ${mail.orderId ?? null}, ${mail.submissionId ?? null}, ${`<${randomUUID()}@${this.messageDomain}>`}, ${now}, ${now})
          RETURNING id`,
    );
    return Number(row!.id);
  }

  /**
   * Takes up to `limit` due rows (pending, due by `now`, not claimed by a live sender) for
   * `claimer` until `now + leaseMs`, oldest first, and counts the attempt. Atomic: one UPDATE …
   * RETURNING in a write transaction under the 'outbox' lock, so two senders (of any process) never
   * get the same row while its claim runs.
   */
  async claim(options: { now: Date; leaseMs: number; limit: number; claimer: string }): Promise<OutboxRow[]> {
    const now = options.now.toISOString();
    const until = new Date(options.now.getTime() + options.leaseMs).toISOString();
    const rows = await this.db.write('outbox', (q) =>
      all<OutboxRow>(
        q,
        sql`UPDATE outbox SET claimed_by = ${options.claimer}, claimed_until = ${until}, attempts = attempts + 1
            WHERE id IN (
              SELECT id FROM outbox
              WHERE status = 'pending' AND next_attempt_at <= ${now} AND (claimed_until IS NULL OR claimed_until <= ${now})
              ORDER BY next_attempt_at, id LIMIT ${options.limit})
            RETURNING *`,
      ),
    );
    // RETURNING gives the rows in no set order: oldest first, as they were chosen.
    return rows.sort((a, b) => (a.next_attempt_at < b.next_attempt_at ? -1 : a.next_attempt_at > b.next_attempt_at ? 1 : a.id - b.id));
  }

  /** The files stored with a submission, to attach to its e-mail; files removed at the end of their retention are left out. */
  async attachments(submissionId: number): Promise<Attachment[]> {
    const files = await all<{ filename: string; mime: string; content: Buffer }>(
      this.db.query,
      sql`SELECT filename, mime, content FROM submission_files WHERE submission_id = ${submissionId} AND removed_at IS NULL ORDER BY id`,
    );
    return files.map((file) => ({ filename: file.filename, contentType: file.mime, content: file.content }));
  }

  /** The SMTP server took the e-mail (claimed_by stays: which sender sent it). */
  async markSent(id: number, now: Date): Promise<void> {
    await run(
      this.db.query,
      sql`UPDATE outbox SET status = 'sent', sent_at = ${now.toISOString()}, claimed_until = NULL, last_error = NULL
          WHERE id = ${id} AND status = 'pending'`,
    );
  }

  /** A temporary failure: due again at `nextAttempt`. */
  async retryLater(id: number, nextAttempt: Date, error: string): Promise<void> {
    await run(
      this.db.query,
      sql`UPDATE outbox SET next_attempt_at = ${nextAttempt.toISOString()}, claimed_by = NULL, claimed_until = NULL, last_error = ${clip(error)}
          WHERE id = ${id} AND status = 'pending'`,
    );
  }

  /** A permanent failure (or no attempts left): never sent again unless resent by hand. */
  async markFailed(id: number, now: Date, error: string): Promise<void> {
    await run(
      this.db.query,
      sql`UPDATE outbox SET status = 'failed', failed_at = ${now.toISOString()}, claimed_by = NULL, claimed_until = NULL, last_error = ${clip(error)}
          WHERE id = ${id} AND status = 'pending'`,
    );
  }

  /**
   * Makes a failed or pending row due now with a fresh count of attempts (`npm run outbox -- --resend <id>`);
   * a sent row is sent again only with `evenIfSent`. Returns the row, or undefined when there is none.
   */
  async resend(id: number, now: Date, options: { evenIfSent?: boolean } = {}): Promise<OutboxRow | undefined> {
    const statuses = options.evenIfSent ? ['pending', 'failed', 'sent'] : ['pending', 'failed'];
    return this.db.write('outbox', (q) =>
      one<OutboxRow>(
        q,
        sql`UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ${now.toISOString()}, claimed_by = NULL, claimed_until = NULL,
              failed_at = NULL, sent_at = NULL
            WHERE id = ${id} AND status IN (${sql.join(statuses)}) RETURNING *`,
      ),
    );
  }

  byId(id: number): Promise<OutboxRow | undefined> {
    return one<OutboxRow>(this.db.query, sql`SELECT * FROM outbox WHERE id = ${id}`);
  }

  /** Per kind, the e-mails not sent yet (pending) and when the oldest of them was written (metrics). */
  unsent(): Promise<Array<{ kind: MailKind; count: number; oldest: string }>> {
    return all<{ kind: MailKind; count: number; oldest: string }>(
      this.db.query,
      sql`SELECT kind, COUNT(*) AS count, MIN(created_at) AS oldest FROM outbox WHERE status = 'pending' GROUP BY kind`,
    );
  }

  /** Rows of the given statuses, oldest first (the operator's listing). */
  withStatus(statuses: readonly OutboxStatus[], limit = 200): Promise<OutboxRow[]> {
    if (statuses.length === 0) return Promise.resolve([]);
    return all<OutboxRow>(
      this.db.query,
      sql`SELECT * FROM outbox WHERE status IN (${sql.join([...statuses])}) ORDER BY id
          LIMIT ${Math.min(Math.max(Math.floor(limit), 1), 10_000)}`,
    );
  }

  /**
   * Blanks the text of key e-mails sent before `before`: the access keys' activation codes are stored
   * only as hashes, and the e-mail that carried them in clear is not kept longer than a buyer may
   * need it sent again. Returns how many were blanked.
   */
  forgetSentKeyMails(before: Date): Promise<number> {
    return run(
      this.db.query,
      sql`UPDATE outbox SET body = ${FORGOTTEN_KEY_MAIL}, html = NULL
          WHERE kind = 'keys' AND status = 'sent' AND sent_at < ${before.toISOString()} AND body <> ${FORGOTTEN_KEY_MAIL}`,
    );
  }

  /** How many rows each status has. */
  async counts(): Promise<Record<OutboxStatus, number>> {
    const counts: Record<OutboxStatus, number> = { pending: 0, sent: 0, failed: 0 };
    const rows = await all<{ status: OutboxStatus; n: number }>(
      this.db.query,
      sql`SELECT status, CAST(count(*) AS INTEGER) AS n FROM outbox GROUP BY status`,
    );
    for (const row of rows) counts[row.status] = Number(row.n);
    return counts;
  }

  /** The latest e-mails, newest first (the demo's /dev/outbox). */
  recent(limit = 100): Promise<OutboxMail[]> {
    return all<OutboxMail>(
      this.db.query,
      sql`SELECT id, to_address AS "to", subject, body, status, created_at FROM outbox ORDER BY id DESC
          LIMIT ${Math.min(Math.max(Math.floor(limit), 1), 500)}`,
    );
  }
}
