import { formatPesos } from '../../domain/money';
import { OrderStore, type PaymentReview } from '../shop/store';
import { DeskError } from '../desk/action';
import { resolveReview, REVIEW_REASONS } from '../desk/payments';
import { openOperatorDatabase, OpsError, type OperatorDatabase } from './cli';

/**
 * `npm run payments`: payments the provider confirmed that issued no keys (payment_reviews): the
 * buyer had cancelled the order, or it was already paid (a second payment). Each was logged at error
 * level when it arrived; the operator refunds it or issues keys, then closes it with --resolve.
 */

/**
 * Opens the server's database for the payments command (the SQLite file or a PostgreSQL URL,
 * openOperatorDatabase): it must exist and be of this version.
 */
export async function openPayments(database: string, options: { write?: boolean } = {}): Promise<OperatorDatabase & { store: OrderStore }> {
  const opened = await openOperatorDatabase(database, options);
  return { ...opened, store: new OrderStore(opened.db) };
}

/** The reviews as the command prints them, with the order's buyer and plan. */
export async function formatReviews(store: OrderStore, reviews: readonly PaymentReview[]): Promise<string> {
  const open = reviews.filter((r) => r.resolved_at === null).length;
  const lines = [`Payment reviews: ${open} open${reviews.length > open ? `, ${reviews.length - open} resolved` : ''}.`];
  if (reviews.length === 0) lines.push('Nothing to review.');
  for (const review of reviews) {
    const order = await store.byId(review.order_id);
    lines.push(
      '',
      `#${review.id}  ${review.resolved_at ? 'resolved' : 'OPEN'}  ${review.currency} ${formatPesos(review.amount)}  event ${review.event_id}`,
      `    ${REVIEW_REASONS[review.reason]}; received ${review.received_at}`,
      order
        ? `    order #${order.id} (${order.status}${order.cancel_reason ? `, ${order.cancel_reason}` : ''}): ${order.plan_name} x ${order.quantity}, ${order.email}`
        : `    order #${review.order_id}`,
      ...(review.resolved_at ? [`    resolved ${review.resolved_at}: ${review.resolution}`] : []),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The command as the desk's actor: who closed a review is recorded as 'command:payments'. */
const COMMAND = { id: 'command:payments', email: '' };

/** Closes an open review with what was done (the desk's resolveReview); an OpsError when there is none. */
export async function resolvePayment(store: OrderStore, id: number, note: string, now: Date = new Date()): Promise<void> {
  if (note.trim() === '') throw new OpsError('--note must say what was done (e.g. "refunded on 2026-11-25").');
  try {
    if (!(await resolveReview(store, COMMAND, id, { note }, now)).changed) throw new OpsError(`No open payment review #${id}.`);
  } catch (error) {
    if (error instanceof DeskError && error.reason === 'not-found') throw new OpsError(`No open payment review #${id}.`);
    throw error;
  }
}
