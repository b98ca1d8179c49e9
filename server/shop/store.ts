import type { CancelReason, OrderKind, OrderStatus, PaymentReview, ReviewReason } from '../../domain/desk';
import type { Totals } from '../../domain/pricing';
import { all, one, run, sql, storableText, type Db, type Queryable } from '../db';
import { hashActivationCode } from '../keys/code-hash';
import type { OutboxStore, OutgoingMail } from '../mail/outbox';
import { newAccessKey, newActivationCode, newPaymentToken } from './keys';

export type { OrderKind, PaymentReview, ReviewReason };

/** An order to store: the plan, the recomputed totals (centavos) and the validated billing form. */
export interface NewOrder {
  kind: OrderKind;
  planId: number;
  planName: string;
  resellerId: number | null;
  quantity: number;
  members: number;
  promoId: number | null;
  totals: Totals;
  billing: Record<string, unknown>;
  email: string;
  createdAt: string;
  /** When a pending order expires unpaid (ISO time); null for orders stored as paid. */
  expiresAt: string | null;
  /** Default 'pending'; the seeded demo orders are stored as 'paid'. */
  status?: OrderStatus;
}

/** A stored order (amounts in centavos; billing parsed). */
export interface Order {
  id: number;
  kind: OrderKind;
  plan_id: number;
  plan_name: string;
  reseller_id: number | null;
  quantity: number;
  members: number;
  promo_id: number | null;
  plan_total: number;
  members_total: number | null;
  subtotal: number;
  vat: number;
  total_cost: number;
  promo_discount: number;
  total: number;
  unit_amount: number;
  currency: string;
  billing: Record<string, unknown>;
  email: string;
  status: OrderStatus;
  token: string;
  created_at: string;
  paid_at: string | null;
  cancelled_at: string | null;
  expires_at: string | null;
  /** Why a cancelled order was cancelled: 'buyer' (at the provider) or 'expired'. */
  cancel_reason: CancelReason | null;
}

/** A stored key pair. Its activation code is stored only as a hash (keys/code-hash.ts) and never read back. */
export interface AccessKey {
  id: number;
  order_id: number | null;
  access_key: string;
  status: 'unused' | 'used';
  created_at: string;
  activated_at: string | null;
  member: unknown;
}

/** A key pair as issueKeys returns it: with the activation code in clear, for the e-mail written in the same transaction. */
export interface IssuedKey extends AccessKey {
  activation_code: string;
}

export interface PayOptions {
  now: string;
  /** Access-key prefix (keys.ts keyPrefix). */
  keyPrefix: string;
  /** Activation codes hashed beforehand (newCodeHashes), one per unit: issuing then hashes nothing. */
  codes?: ReadonlyArray<{ code: string; hash: string }>;
  /** The e-mail of a paid order with the keys issued for it. */
  compose: (order: Order, keys: IssuedKey[]) => OutgoingMail;
  /** Where that e-mail is written, in the same transaction. */
  outbox: OutboxStore;
}

/** A provider's notification, once its signature was checked (routes/payment-notifications.ts). */
export interface PaymentNotification {
  /** The provider's event id: a notification with an id seen before changes nothing. */
  id: string;
  type: 'payment.succeeded' | 'payment.cancelled';
  order_id: number;
  /** What the buyer paid, in centavos. */
  amount: number;
  currency: string;
}

/**
 * What a notification did: 'paid' (keys issued; also for an order that had only expired unpaid),
 * 'cancelled', 'duplicate' (its event id was applied before), 'unknown-order', 'mismatch' (amount or
 * currency differ from the order: nothing issued), 'not-pending' (a cancellation of an order that is
 * no longer pending: nothing to do), 'needs-review' (a confirmed payment of an order the buyer had
 * cancelled, or a second payment of a paid order: recorded in payment_reviews for an operator).
 */
export type NotificationOutcome = 'paid' | 'cancelled' | 'duplicate' | 'unknown-order' | 'mismatch' | 'not-pending' | 'needs-review';

/** The outcomes that changed something or need nothing more: their event id is recorded, and a re-sent one is a duplicate. */
const APPLIED: ReadonlySet<NotificationOutcome> = new Set(['paid', 'cancelled', 'not-pending', 'needs-review']);

type OrderRow = Omit<Order, 'billing'> & { billing: string };
type KeyRow = Omit<AccessKey, 'member'> & { member: string | null };
type Outcome = { outcome: NotificationOutcome; order?: Order; issued: AccessKey[] };

const toOrder = (row: OrderRow | undefined): Order | undefined =>
  row ? { ...row, billing: JSON.parse(row.billing) as Record<string, unknown> } : undefined;
const toKey = (row: KeyRow): AccessKey => ({ ...row, member: row.member === null ? null : (JSON.parse(row.member) as unknown) });
/** The columns of an AccessKey: everything but the code's hash. */
const KEY_COLUMNS = sql.raw('id, order_id, access_key, status, created_at, activated_at, member');

/**
 * orders, access_keys, payment_notifications and payment_reviews (migrations 3, 4, 6). What changes
 * an order's status or issues its keys runs in a write transaction under the 'orders' lock.
 */
export class OrderStore {
  constructor(private readonly db: Db) {}

  /** Stores an order with a fresh payment token (one INSERT); returns it as stored. */
  async create(order: NewOrder, q: Queryable = this.db.query): Promise<Order> {
    const { totals } = order;
    const status = order.status ?? 'pending';
    const row = await one<OrderRow>(
      q,
      sql`INSERT INTO orders (kind, plan_id, plan_name, reseller_id, quantity, members, promo_id, plan_total, members_total,
            subtotal, vat, total_cost, promo_discount, total, unit_amount, billing, email, status, token, created_at, paid_at, expires_at)
          VALUES (${order.kind}, ${order.planId}, ${order.planName}, ${order.resellerId}, ${order.quantity}, ${order.members},
            ${order.promoId}, ${totals.planTotal}, ${totals.members}, ${totals.subtotal}, ${totals.vat}, ${totals.totalCost},
            ${totals.promoDiscount}, ${totals.total}, ${totals.unitAmount}, ${JSON.stringify(order.billing)}, ${order.email}, ${status},
            ${newPaymentToken()}, ${order.createdAt}, ${status === 'paid' ? order.createdAt : null},
            ${status === 'pending' ? order.expiresAt : null})
          RETURNING *`,
    );
    return toOrder(row)!;
  }

  async byId(id: number, q: Queryable = this.db.query): Promise<Order | undefined> {
    return toOrder(await one<OrderRow>(q, sql`SELECT * FROM orders WHERE id = ${id}`));
  }

  async byToken(token: string): Promise<Order | undefined> {
    if (typeof token !== 'string' || token === '' || !storableText(token)) return undefined;
    return toOrder(await one<OrderRow>(this.db.query, sql`SELECT * FROM orders WHERE token = ${token}`));
  }

  /** Every order, newest first (tests and diagnostics). */
  async all(): Promise<Order[]> {
    return (await all<OrderRow>(this.db.query, sql`SELECT * FROM orders ORDER BY id DESC`)).map((row) => toOrder(row)!);
  }

  async keysOf(orderId: number): Promise<AccessKey[]> {
    return (await all<KeyRow>(this.db.query, sql`SELECT ${KEY_COLUMNS} FROM access_keys WHERE order_id = ${orderId} ORDER BY id`)).map(
      toKey,
    );
  }

  /**
   * Issues `count` new key pairs for an order (or none: order_id NULL). Access keys are unique; a
   * random collision is retried. Runs on `q` when it belongs to a transaction, else in a write
   * transaction of its own (lock 'orders'). The database keeps each activation code's hash only: what
   * is returned is the one place its code is in clear (for the buyer's e-mail). Hashing costs about
   * 10 ms per key: `codes` hashed beforehand spare the transaction that work.
   */
  async issueKeys(
    orderId: number | null,
    count: number,
    options: { now: string; keyPrefix: string; codes?: ReadonlyArray<{ code: string; hash: string }> },
    q?: Queryable,
  ): Promise<IssuedKey[]> {
    if (!q) return this.db.write('orders', (tx) => this.issueKeys(orderId, count, options, tx));
    const issued: IssuedKey[] = [];
    for (let i = 0; i < count; i++) {
      let key = newAccessKey(options.keyPrefix);
      while (await one(q, sql`SELECT 1 AS taken FROM access_keys WHERE access_key = ${key}`)) key = newAccessKey(options.keyPrefix);
      // Codes hashed beforehand (newCodeHashes, off the event loop) are used first.
      const prepared = options.codes?.[i];
      const code = prepared?.code ?? newActivationCode();
      const hash = prepared?.hash ?? hashActivationCode(code);
      const row = await one<KeyRow>(
        q,
        sql`INSERT INTO access_keys (order_id, access_key, activation_code_hash, status, created_at)
            VALUES (${orderId}, ${key}, ${hash}, 'unused', ${options.now})
            RETURNING ${KEY_COLUMNS}`,
      );
      issued.push({ ...toKey(row!), activation_code: code });
    }
    return issued;
  }

  /** Stores given key pairs (the seeded demo keys), their activation codes hashed; on `q`, else in a transaction of its own (lock 'orders'). */
  async addKeys(
    orderId: number | null,
    pairs: ReadonlyArray<{ accessKey: string; activationCode: string }>,
    now: string,
    q?: Queryable,
  ): Promise<void> {
    if (!q) return this.db.write('orders', (tx) => this.addKeys(orderId, pairs, now, tx));
    for (const pair of pairs) {
      await run(
        q,
        sql`INSERT INTO access_keys (order_id, access_key, activation_code_hash, status, created_at)
            VALUES (${orderId}, ${pair.accessKey}, ${hashActivationCode(pair.activationCode)}, 'unused', ${now})`,
      );
    }
  }

  /**
   * A signed provider notification, in one write transaction (lock 'orders'). An event id applied
   * before changes nothing ('duplicate'); an event id is recorded only with an outcome that was
   * applied (APPLIED), so a notification refused as unknown-order or mismatch can be sent again,
   * corrected, with the same id. 'payment.succeeded' for a pending order whose amount and currency
   * match, or for one that only expired unpaid (the buyer paid after all), makes it paid, issues one
   * key pair per purchased unit and writes their e-mail to the outbox; for an order the buyer
   * cancelled, or one already paid (a second payment), it is recorded for review, never dropped.
   * 'payment.cancelled' cancels a pending order.
   */
  applyNotification(event: PaymentNotification, options: PayOptions): Promise<Outcome> {
    return this.db.write('orders', async (q) => {
      const seen = await one(q, sql`SELECT 1 AS seen FROM payment_notifications WHERE event_id = ${event.id}`);
      if (seen) return { outcome: 'duplicate' as const, issued: [] };
      const result = await this.handle(event, options, q);
      if (APPLIED.has(result.outcome)) {
        await run(
          q,
          sql`INSERT INTO payment_notifications (event_id, type, order_id, outcome, received_at)
              VALUES (${event.id}, ${event.type}, ${event.order_id}, ${result.outcome}, ${options.now})`,
        );
      }
      return result;
    });
  }

  private async handle(event: PaymentNotification, options: PayOptions, q: Queryable): Promise<Outcome> {
    await this.expire(options.now, q);
    const order = await this.byId(event.order_id, q);
    if (!order) return { outcome: 'unknown-order', issued: [] };
    if (event.type === 'payment.cancelled') {
      const changed = await run(
        q,
        sql`UPDATE orders SET status = 'cancelled', cancelled_at = ${options.now}, cancel_reason = 'buyer'
            WHERE id = ${order.id} AND status = 'pending'`,
      );
      return changed === 0
        ? { outcome: 'not-pending', order, issued: [] }
        : { outcome: 'cancelled', order: await this.byId(order.id, q), issued: [] };
    }
    if (event.amount !== order.total || event.currency !== order.currency) return { outcome: 'mismatch', order, issued: [] };
    if (order.status === 'paid' || (order.status === 'cancelled' && order.cancel_reason !== 'expired')) {
      const reason: ReviewReason = order.status === 'paid' ? 'second-payment' : 'paid-after-buyer-cancel';
      await run(
        q,
        sql`INSERT INTO payment_reviews (event_id, order_id, reason, amount, currency, received_at)
            VALUES (${event.id}, ${order.id}, ${reason}, ${event.amount}, ${event.currency}, ${options.now})`,
      );
      return { outcome: 'needs-review', order, issued: [] };
    }
    // Pending, or expired unpaid: the buyer paid, so the order is paid.
    const changed = await run(
      q,
      sql`UPDATE orders SET status = 'paid', paid_at = ${options.now}, cancelled_at = NULL, cancel_reason = NULL
          WHERE id = ${order.id} AND (status = 'pending' OR cancel_reason = 'expired')`,
    );
    if (changed === 0) return { outcome: 'not-pending', order, issued: [] };
    const issued = await this.issueKeys(order.id, order.quantity, options, q);
    const paid = (await this.byId(order.id, q))!;
    await options.outbox.enqueue(options.compose(paid, issued), options.now, q);
    return { outcome: 'paid', order: paid, issued };
  }

  /** Confirmed payments that issued no keys, oldest first (open ones only unless `all`). */
  reviews(options: { all?: boolean } = {}): Promise<PaymentReview[]> {
    return all<PaymentReview>(
      this.db.query,
      sql`SELECT * FROM payment_reviews ${options.all ? sql`` : sql`WHERE resolved_at IS NULL`} ORDER BY id`,
    );
  }

  /** How many confirmed payments wait for an operator's review (metrics). */
  async openReviews(): Promise<number> {
    const row = await one<{ count: number }>(this.db.query, sql`SELECT COUNT(*) AS count FROM payment_reviews WHERE resolved_at IS NULL`);
    return Number(row?.count ?? 0);
  }

  /** One payment review, open or not. */
  review(id: number, q: Queryable = this.db.query): Promise<PaymentReview | undefined> {
    return one<PaymentReview>(q, sql`SELECT * FROM payment_reviews WHERE id = ${id}`);
  }

  /**
   * Closes an open review with what staff did (a refund, keys issued) and who did it, in one write
   * transaction (lock 'orders'). Only an open review is closed (a conditional UPDATE), so of two
   * closing one review at once the second finds it closed and changes nothing. With `issue`, the same
   * transaction issues the order's keys (one per purchased unit) and writes their e-mail: keys are
   * issued once, whoever closes it. Returns the review as it was before, whether this call closed it,
   * and the keys it issued.
   */
  closeReview(
    id: number,
    close: { resolution: string; by: string; now: string; issue?: Omit<PayOptions, 'now'> },
  ): Promise<{ review?: PaymentReview; closed: boolean; issued: IssuedKey[] }> {
    return this.db.write('orders', async (q) => {
      const review = await this.review(id, q);
      if (!review) return { closed: false, issued: [] };
      const changed = await run(
        q,
        sql`UPDATE payment_reviews SET resolved_at = ${close.now}, resolution = ${close.resolution}, resolved_by = ${close.by}
            WHERE id = ${id} AND resolved_at IS NULL`,
      );
      if (changed !== 1) return { review, closed: false, issued: [] };
      const order = close.issue ? await this.byId(review.order_id, q) : undefined;
      if (!order || !close.issue) return { review, closed: true, issued: [] };
      const issued = await this.issueKeys(order.id, order.quantity, { ...close.issue, now: close.now }, q);
      await close.issue.outbox.enqueue(close.issue.compose(order, issued), close.now, q);
      return { review, closed: true, issued };
    });
  }

  /** Cancels every pending order whose time ran out (cancel_reason 'expired'), in a write transaction (lock 'orders'); returns how many. */
  expirePending(now: string): Promise<number> {
    return this.db.write('orders', (q) => this.expire(now, q));
  }

  private expire(now: string, q: Queryable): Promise<number> {
    return run(
      q,
      sql`UPDATE orders SET status = 'cancelled', cancelled_at = ${now}, cancel_reason = 'expired'
          WHERE status = 'pending' AND expires_at IS NOT NULL AND expires_at <= ${now}`,
    );
  }

  /** Whether an order can still be paid at `now` (pending and not expired). */
  static payable(order: Order, now: string): boolean {
    return order.status === 'pending' && (order.expires_at === null || order.expires_at > now);
  }
}
