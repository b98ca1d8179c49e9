import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db';
import { OutboxStore, type MailKind, type OutboxRow } from './outbox';
import { describeFailure, isPermanentFailure, type MailTransport } from './transport';

/** The sender's log: problems only (a sent e-mail is logged at debug). */
export interface SenderLog {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RetryPolicy {
  /** Delay after the first temporary failure; each further one doubles it. */
  baseMs: number;
  /** The longest delay between two attempts. */
  maxMs: number;
  /** Attempts in all; a row still failing after them is marked failed. */
  maxAttempts: number;
}

export interface SenderOptions {
  db: Db;
  /** The host part of Message-IDs (only the store's listing needs it here). */
  messageDomain: string;
  transport: MailTransport;
  /** The From header of every e-mail (MAIL_FROM). */
  from: string;
  log: SenderLog;
  now?: () => Date;
  /** How long a claimed row is this sender's; then it is due again (its sender is taken for dead). */
  leaseMs?: number;
  /** How often the outbox is looked at when nothing woke the sender. */
  pollMs?: number;
  /** Rows claimed (and sent at once) per round. */
  batch?: number;
  retry?: Partial<RetryPolicy>;
  /** Told of each attempt's end: sent, retried later, or failed for good (the metrics count them). */
  onOutcome?: (outcome: SendOutcome, kind: MailKind) => void;
}

export type SendOutcome = 'sent' | 'retried' | 'failed';

/**
 * 30 s, 1, 2, 4, 8, 16, 32 min, then hourly: 20 attempts span about 14 hours, long enough for an
 * SMTP provider's outage; a row still failing then is marked failed (`npm run outbox` lists it and
 * can resend it).
 */
export const DEFAULT_RETRY: RetryPolicy = { baseMs: 30_000, maxMs: 3_600_000, maxAttempts: 20 };
/** Longer than an SMTP exchange can take (transport.ts SMTP_TIMEOUTS), so a live sender never loses its claim. */
export const DEFAULT_LEASE_MS = 120_000;
const DEFAULT_POLL_MS = 2_000;
const DEFAULT_BATCH = 10;

/** The delay before attempt `attempts + 1` after a temporary failure. */
export function retryDelay(attempts: number, policy: RetryPolicy): number {
  return Math.min(policy.baseMs * 2 ** Math.max(0, attempts - 1), policy.maxMs);
}

/**
 * Drains the outbox in the background: claims due rows (outbox.ts, a claim in the database), sends
 * each through the transport with its stored Message-ID, and marks it sent; a temporary failure is
 * retried with growing delays (RetryPolicy), a permanent one (5xx) is marked failed and logged at
 * error level. Delivery is at least once: a process that dies between sending and marking leaves a
 * claim that runs out, and the row is sent again with the same Message-ID, which receivers and mail
 * clients use to recognise the repeat.
 */
export class MailSender {
  readonly claimer = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly store: OutboxStore;
  private readonly now: () => Date;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly batch: number;
  private readonly retry: RetryPolicy;
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private woken = false;

  constructor(private readonly options: SenderOptions) {
    this.store = new OutboxStore(options.db, options.messageDomain);
    this.now = options.now ?? (() => new Date());
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.batch = options.batch ?? DEFAULT_BATCH;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
  }

  /** Starts draining in the background (idempotent). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Something was written to the outbox: look now instead of at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Stops after the sends in flight (each is marked), then closes the transport. */
  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
    this.options.transport.close();
  }

  /** Sends every row due now, round after round, until none is left; returns how many were attempted. */
  async drain(): Promise<number> {
    let attempted = 0;
    for (;;) {
      const rows = await this.claim();
      if (rows.length === 0) return attempted;
      attempted += rows.length;
      await Promise.all(rows.map((row) => this.deliver(row)));
    }
  }

  private async claim(): Promise<OutboxRow[]> {
    try {
      return await this.store.claim({ now: this.now(), leaseMs: this.leaseMs, limit: this.batch, claimer: this.claimer });
    } catch (error) {
      // A locked or unreachable database: the rows stay in the outbox, the next round tries again.
      this.options.log.warn({ err: error }, 'outbox: could not claim e-mails');
      return [];
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.woken = false;
      await this.drain();
      if (!this.running || this.woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = undefined;
    }
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const { log } = this.options;
    try {
      const attachments = row.submission_id === null ? [] : await this.store.attachments(row.submission_id);
      await this.options.transport.send({
        from: this.options.from,
        to: row.to_address,
        replyTo: row.reply_to ?? undefined,
        subject: row.subject,
        text: row.body,
        html: row.html ?? undefined,
        messageId: row.message_id,
        attachments,
      });
    } catch (error) {
      await this.failed(row, error);
      return;
    }
    try {
      await this.store.markSent(row.id, this.now());
      this.options.onOutcome?.('sent', row.kind);
      log.debug({ outbox: row.id, kind: row.kind }, 'outbox: e-mail sent');
    } catch (error) {
      // Sent but not marked: the claim runs out and the row is sent again with the same Message-ID.
      log.error({ err: error, outbox: row.id }, 'outbox: e-mail sent but not marked sent; it will be sent again');
    }
  }

  private async failed(row: OutboxRow, error: unknown): Promise<void> {
    const { log } = this.options;
    const reason = describeFailure(error);
    const context = { outbox: row.id, kind: row.kind, attempts: row.attempts, reason };
    try {
      if (isPermanentFailure(error)) {
        await this.store.markFailed(row.id, this.now(), reason);
        this.options.onOutcome?.('failed', row.kind);
        log.error(context, 'outbox: e-mail refused for good, marked failed');
      } else if (row.attempts >= this.retry.maxAttempts) {
        await this.store.markFailed(row.id, this.now(), reason);
        this.options.onOutcome?.('failed', row.kind);
        log.error(context, `outbox: e-mail still failing after ${row.attempts} attempts, marked failed`);
      } else {
        const next = new Date(this.now().getTime() + retryDelay(row.attempts, this.retry));
        await this.store.retryLater(row.id, next, reason);
        this.options.onOutcome?.('retried', row.kind);
        log.warn({ ...context, next: next.toISOString() }, 'outbox: temporary failure, will retry');
      }
    } catch (markError) {
      log.error({ err: markError, outbox: row.id }, 'outbox: could not record a failed send; the claim runs out and it is tried again');
    }
  }
}
