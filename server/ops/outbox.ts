import { DeskError } from '../desk/action';
import { listEmails, resendEmail } from '../desk/outbox';
import { OutboxStore, type OutboxRow, type OutboxStatus } from '../mail/outbox';
import { openOperatorDatabase, OpsError, type OperatorDatabase } from './cli';

/**
 * `npm run outbox`: what the operator needs to know about e-mail. Lists the e-mails not sent yet
 * (pending: waiting for their next attempt or in flight) and those that failed for good, with why;
 * shows one in full; and makes one due again (`--resend`), which the running server's sender picks
 * up within seconds. The server's outbox table is the only state: nothing here talks to SMTP.
 */

export interface OutboxListing {
  counts: Record<OutboxStatus, number>;
  rows: OutboxRow[];
}

/**
 * Opens the server's database for the outbox command (the SQLite file or a PostgreSQL URL,
 * openOperatorDatabase): it must exist and be of this version.
 */
export async function openOutbox(database: string, options: { write?: boolean } = {}): Promise<OperatorDatabase & { store: OutboxStore }> {
  const opened = await openOperatorDatabase(database, options);
  // The Message-ID domain is fixed when a row is written: reading and resending never need it.
  return { ...opened, store: new OutboxStore(opened.db, 'outbox.invalid') };
}

/** The e-mails of the given statuses (default: pending and failed), oldest first, with the counts of all (the desk's listEmails). */
export const listOutbox: (store: OutboxStore, statuses?: readonly OutboxStatus[], limit?: number) => Promise<OutboxListing> = listEmails;

const one = (text: string, width: number) => {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
};

/** A row's state in a few words: when it is tried next, or when and why it failed, or when it was sent. */
function stateOf(row: OutboxRow, now: Date): string {
  if (row.status === 'sent') return `sent ${row.sent_at}`;
  if (row.status === 'failed') return `failed ${row.failed_at}: ${one(row.last_error ?? '', 120)}`;
  if (row.claimed_until && row.claimed_until > now.toISOString()) return `being sent (claimed until ${row.claimed_until})`;
  const next = row.next_attempt_at <= now.toISOString() ? 'due now' : `next attempt ${row.next_attempt_at}`;
  return row.last_error ? `${next}; last error: ${one(row.last_error, 120)}` : next;
}

/** The listing as the command prints it: a summary line, then one block per e-mail. */
export function formatListing(listing: OutboxListing, now: Date = new Date()): string {
  const { counts, rows } = listing;
  const lines = [`Outbox: ${counts.pending} pending, ${counts.failed} failed, ${counts.sent} sent.`];
  if (rows.length === 0) lines.push('Nothing to show.');
  for (const row of rows) {
    lines.push(
      '',
      `#${row.id}  ${row.status}  ${row.kind}  to ${one(row.to_address, 80)}  (${row.attempts} attempt${row.attempts === 1 ? '' : 's'})`,
      `    ${one(row.subject, 100)}`,
      `    written ${row.created_at}; ${stateOf(row, now)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** One e-mail in full: its headers and its plain-text part. */
export function formatRow(row: OutboxRow): string {
  return [
    `#${row.id}  ${row.status}  ${row.kind}`,
    `Message-ID: ${row.message_id}`,
    `To: ${row.to_address}`,
    ...(row.reply_to ? [`Reply-To: ${row.reply_to}`] : []),
    `Subject: ${row.subject}`,
    `Written: ${row.created_at}; attempts: ${row.attempts}${row.last_error ? `; last error: ${row.last_error}` : ''}`,
    '',
    row.body,
    '',
  ].join('\n');
}

/** The command as the desk's actor. */
const COMMAND = { id: 'command:outbox', email: '' };

/**
 * Makes an e-mail due now with a fresh count of attempts (the desk's resendEmail). A sent one is sent
 * again only with `evenIfSent` (the buyer lost the e-mail): it keeps its Message-ID, so a mailbox
 * that still has it shows one copy.
 */
export async function resendOutbox(store: OutboxStore, id: number, options: { evenIfSent?: boolean; now?: Date } = {}): Promise<OutboxRow> {
  try {
    return (await resendEmail(store, COMMAND, id, options)).row;
  } catch (error) {
    if (!(error instanceof DeskError)) throw error;
    const sentAt = (await store.byId(id))?.sent_at;
    const messages: Record<DeskError['reason'], string> = {
      'not-found': `No e-mail #${id} in the outbox.`,
      conflict: sentAt
        ? `E-mail #${id} was sent ${sentAt}; add --even-if-sent to send it again.`
        : `E-mail #${id} could not be made due again.`,
      gone: `E-mail #${id} was sent ${sentAt} and its activation codes are no longer kept: issue new keys instead.`,
      invalid: error.message,
    };
    throw new OpsError(messages[error.reason]);
  }
}
