import { formatPesos } from '../../domain/money';
import { OrderStore, type PaymentReview } from '../shop/store';
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

const REASONS: Record<PaymentReview['reason'], string> = {
  'paid-after-buyer-cancel': 'paid after the buyer cancelled the order',
  'second-payment': 'a second payment of an order already paid',
};

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
      `    ${REASONS[review.reason]}; received ${review.received_at}`,
      order
        ? `    order #${order.id} (${order.status}${order.cancel_reason ? `, ${order.cancel_reason}` : ''}): ${order.plan_name} x ${order.quantity}, ${order.email}`
        : `    order #${review.order_id}`,
      ...(review.resolved_at ? [`    resolved ${review.resolved_at}: ${review.resolution}`] : []),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Closes an open review with what was done; an OpsError when there is none. */
export async function resolvePayment(store: OrderStore, id: number, note: string, now: Date = new Date()): Promise<void> {
  if (note.trim() === '') throw new OpsError('--note must say what was done (e.g. "refunded on 2026-11-25").');
  if (!(await store.resolveReview(id, note.trim().slice(0, 500), now.toISOString()))) throw new OpsError(`No open payment review #${id}.`);
}
