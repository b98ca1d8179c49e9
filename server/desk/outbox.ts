import { FORGOTTEN_KEY_MAIL, type OutboxRow, type OutboxStatus, type OutboxStore } from '../mail/outbox';
import { DeskError, deskAction, type Actor, type DeskAction } from './action';
import type { EmailListItem } from '../../domain/desk';

/**
 * The staff desk's e-mails (the outbox table): those not sent yet and those that failed, with why,
 * and sending one again. `npm run outbox` lists and resends through the same functions. Nothing here
 * talks to SMTP: a resent e-mail is made due now, and the running server's sender sends it.
 */

export const emailItem = (row: OutboxRow): EmailListItem => ({
  id: Number(row.id),
  kind: row.kind,
  to: row.to_address,
  subject: row.subject,
  status: row.status,
  attempts: Number(row.attempts),
  orderId: row.order_id,
  submissionId: row.submission_id,
  writtenAt: row.created_at,
  nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
  sentAt: row.sent_at,
  failedAt: row.failed_at,
  reason: row.last_error,
});

/** The e-mails of the given statuses (default: pending and failed), oldest first, with the counts of all. */
export async function listEmails(
  store: OutboxStore,
  statuses: readonly OutboxStatus[] = ['pending', 'failed'],
  limit = 200,
): Promise<{ counts: Record<OutboxStatus, number>; rows: OutboxRow[] }> {
  return { counts: await store.counts(), rows: await store.withStatus(statuses, limit) };
}

/**
 * Makes an e-mail due now with a fresh count of attempts, for the running server's sender. A sent
 * one is sent again only with `evenIfSent` (the buyer lost it: it keeps its Message-ID, so a mailbox
 * that still has it shows one copy); a key e-mail whose codes are no longer kept cannot be ('gone').
 */
export async function resendEmail(
  store: OutboxStore,
  actor: Actor,
  id: number,
  options: { evenIfSent?: boolean; now?: Date } = {},
): Promise<DeskAction & { row: OutboxRow }> {
  const now = options.now ?? new Date();
  const existing = Number.isSafeInteger(id) ? await store.byId(id) : undefined;
  if (!existing) throw new DeskError('not-found', `No e-mail #${id} in the outbox.`);
  if (existing.status === 'sent' && !options.evenIfSent) throw new DeskError('conflict', `E-mail #${id} was sent ${existing.sent_at}.`);
  if (existing.body === FORGOTTEN_KEY_MAIL)
    throw new DeskError('gone', `E-mail #${id} was sent and its activation codes are no longer kept.`);
  const row = await store.resend(id, now, { evenIfSent: options.evenIfSent });
  if (!row) throw new DeskError('conflict', `E-mail #${id} could not be made due again.`);
  const before = { status: existing.status, attempts: Number(existing.attempts), last_error: existing.last_error };
  return {
    ...deskAction(
      'email.resend',
      { kind: 'email', id },
      actor,
      now,
      before,
      { status: row.status, attempts: 0, last_error: row.last_error },
      true,
    ),
    row,
  };
}
