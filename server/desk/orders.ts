import { all, one, sql, storableText, type Db } from '../db';
import type { OutboxStore } from '../mail/outbox';
import { OrderStore, type Order, type PaymentReview } from '../shop/store';
import { DeskError, type Actor, type DeskAction } from './action';
import { emailItem, resendEmail } from './outbox';
import type { OpenedOrder, OrderListItem } from '../../domain/desk';

/**
 * The staff desk's orders: found by the buyer's e-mail, the order number or an access key, and one
 * opened with its lines, payment events, e-mails and keys. Activation codes are kept only as hashes
 * (server/keys/code-hash.ts): a key shows its access key and a masked code, never a code. Resending
 * the key e-mail goes through the desk's resendEmail (`npm run outbox -- --resend`).
 */

/** What stands for an activation code: the desk never has one to show. */
export const MASKED_CODE = '••••-••••';

const listItem = (order: Order): OrderListItem => ({
  id: order.id,
  email: order.email,
  status: order.status,
  plan: order.plan_name,
  quantity: order.quantity,
  total: order.total,
  currency: order.currency,
  createdAt: order.created_at,
});

/** Orders found at most by one search. */
const MAX_FOUND = 50;

/**
 * Orders by what staff typed: an e-mail address (whatever its case), an order number ('1042' or
 * '#1042'), or an access key (as typed, or in capitals as keys are issued); newest first.
 */
export async function findOrders(db: Db, typed: string): Promise<OrderListItem[]> {
  const query = typed.trim();
  if (query === '' || query.length > 254 || !storableText(query)) return [];
  const store = new OrderStore(db);
  let ids: number[];
  if (/^#?\d{1,15}$/.test(query)) ids = [Number(query.replace('#', ''))];
  else if (query.includes('@'))
    ids = (
      await all<{ id: number }>(
        db.query,
        sql`SELECT id FROM orders WHERE lower(email) = ${query.toLowerCase()} ORDER BY id DESC LIMIT ${MAX_FOUND}`,
      )
    ).map((row) => Number(row.id));
  else
    ids = (
      await all<{ order_id: number }>(
        db.query,
        sql`SELECT DISTINCT order_id FROM access_keys WHERE access_key IN (${query}, ${query.toUpperCase()}) AND order_id IS NOT NULL`,
      )
    ).map((row) => Number(row.order_id));
  const found: OrderListItem[] = [];
  for (const id of ids) {
    const order = await store.byId(id);
    if (order) found.push(listItem(order));
  }
  return found;
}

export async function openOrder(db: Db, id: number): Promise<OpenedOrder> {
  const store = new OrderStore(db);
  const order = Number.isSafeInteger(id) ? await store.byId(id) : undefined;
  if (!order) throw new DeskError('not-found', `No order #${id}.`);
  const payments = await all<{ event_id: string; type: string; outcome: string; received_at: string }>(
    db.query,
    sql`SELECT event_id, type, outcome, received_at FROM payment_notifications WHERE order_id = ${order.id} ORDER BY received_at, event_id`,
  );
  const reviews = await all<PaymentReview>(db.query, sql`SELECT * FROM payment_reviews WHERE order_id = ${order.id} ORDER BY id`);
  const emails = await all<Parameters<typeof emailItem>[0]>(db.query, sql`SELECT * FROM outbox WHERE order_id = ${order.id} ORDER BY id`);
  const keys = await store.keysOf(order.id);
  return {
    ...listItem(order),
    kind: order.kind,
    billing: order.billing,
    lines: {
      plan: order.plan_name,
      quantity: order.quantity,
      members: order.members,
      unitAmount: order.unit_amount,
      subtotal: order.subtotal,
      vat: order.vat,
      discount: order.promo_discount,
      total: order.total,
    },
    paidAt: order.paid_at,
    cancelledAt: order.cancelled_at,
    cancelReason: order.cancel_reason,
    payments: payments.map((p) => ({ eventId: p.event_id, type: p.type, outcome: p.outcome, receivedAt: p.received_at })),
    reviews,
    emails: emails.map(emailItem),
    keys: keys.map((key) => ({
      accessKey: key.access_key,
      activationCode: MASKED_CODE,
      status: key.status,
      issuedAt: key.created_at,
      activatedAt: key.activated_at,
    })),
  };
}

/**
 * Sends an order's key e-mail again (its latest one), sent or not: the buyer lost it. Refused as
 * 'not-found' when the order has none, 'gone' when its codes are no longer kept (issue new keys).
 */
export async function resendKeyEmail(
  db: Db,
  outbox: OutboxStore,
  actor: Actor,
  orderId: number,
  now: Date = new Date(),
): Promise<DeskAction> {
  const latest = Number.isSafeInteger(orderId)
    ? await one<{ id: number }>(db.query, sql`SELECT id FROM outbox WHERE order_id = ${orderId} AND kind = 'keys' ORDER BY id DESC LIMIT 1`)
    : undefined;
  if (!latest) throw new DeskError('not-found', `Order #${orderId} has no key e-mail.`);
  const resent = await resendEmail(outbox, actor, Number(latest.id), { evenIfSent: true, now });
  return {
    action: 'order.resend-keys',
    target: { kind: 'order', id: orderId },
    actor,
    at: resent.at,
    changed: true,
    before: resent.before,
    after: { ...resent.after, email: Number(latest.id) },
  };
}
