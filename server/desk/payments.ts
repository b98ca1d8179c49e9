import { newCodeHashes } from '../keys/code-hash';
import { keyMail } from '../mail/key-mail';
import type { MailService } from '../mail/service';
import { keyPrefix, newActivationCode } from '../shop/keys';
import type { OrderStore, PaymentReview } from '../shop/store';
import { actorName, DeskError, deskAction, type Actor, type DeskAction } from './action';
import { MAX_RESOLUTION_LENGTH, type ReviewListItem } from '../../domain/desk';

/**
 * The staff desk's payments to review (payment_reviews): what `npm run payments` lists, and closing
 * one with what was done. Closing is idempotent: of two staff closing one review at once, one closes
 * it (and issues its keys when asked) and the other's call changes nothing (OrderStore.closeReview).
 */

/** Why a review exists, in words (the command's listing and the desk's). */
export const REVIEW_REASONS: Record<PaymentReview['reason'], string> = {
  'paid-after-buyer-cancel': 'paid after the buyer cancelled the order',
  'second-payment': 'a second payment of an order already paid',
};

/** The reviews (open ones unless `all`), oldest first, each with its order. */
export async function listReviews(store: OrderStore, options: { all?: boolean } = {}): Promise<ReviewListItem[]> {
  const reviews = await store.reviews(options);
  const items: ReviewListItem[] = [];
  for (const review of reviews) {
    const order = await store.byId(review.order_id);
    items.push({
      ...review,
      why: REVIEW_REASONS[review.reason],
      order: order
        ? {
            id: order.id,
            status: order.status,
            cancel_reason: order.cancel_reason,
            plan_name: order.plan_name,
            quantity: order.quantity,
            email: order.email,
          }
        : null,
    });
  }
  return items;
}

/** What issuing keys on closing a review needs: the server's mail service and product (its keys' prefix). */
export interface KeyIssuing {
  mail: Pick<MailService, 'outbox' | 'frame' | 'notify'>;
  product: { name: string };
}

/**
 * Closes an open review with `note` (what was done: "refunded on 2026-11-25") by `actor`; with
 * `issueKeys`, also issues the order's keys and writes their e-mail, in the same transaction. A
 * review already closed (by someone else a moment before) changes nothing: `changed` false, and its
 * resolution as it stands in `before`.
 */
export async function resolveReview(
  store: OrderStore,
  actor: Actor,
  id: number,
  resolution: { note: string; issueKeys?: KeyIssuing },
  now: Date = new Date(),
): Promise<DeskAction> {
  const note = resolution.note.trim();
  if (note === '' || note.includes('\u0000'))
    throw new DeskError('invalid', 'A resolution says what was done (e.g. "refunded on 2026-11-25").');
  const target = { kind: 'payment-review' as const, id };
  const open = Number.isSafeInteger(id) ? await store.review(id) : undefined;
  if (!open) throw new DeskError('not-found', `No payment review #${id}.`);
  const issuing = resolution.issueKeys;
  const order = issuing && open.resolved_at === null ? await store.byId(open.order_id) : undefined;
  // The codes are hashed before the transaction (about 10 ms each), as the payment route does.
  const codes = order ? await newCodeHashes(order.quantity, newActivationCode) : undefined;
  const { review, closed, issued } = await store.closeReview(id, {
    resolution: note.slice(0, MAX_RESOLUTION_LENGTH),
    by: actorName(actor),
    now: now.toISOString(),
    issue: issuing && {
      keyPrefix: keyPrefix(issuing.product.name),
      codes,
      compose: (paid, keys) => keyMail(paid, keys, issuing.mail.frame()),
      outbox: issuing.mail.outbox,
    },
  });
  if (!review) throw new DeskError('not-found', `No payment review #${id}.`);
  if (issued.length > 0) issuing?.mail.notify();
  const before = { resolved_at: review.resolved_at, resolution: review.resolution, resolved_by: review.resolved_by };
  if (!closed) return deskAction('payment.resolve', target, actor, now, before, before, false);
  return deskAction('payment.resolve', target, actor, now, before, {
    resolved_at: now.toISOString(),
    resolution: note.slice(0, MAX_RESOLUTION_LENGTH),
    resolved_by: actorName(actor),
    keys_issued: issued.length,
  });
}
