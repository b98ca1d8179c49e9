import { CART_KINDS, parseCartItem, type CartItem, type CartKind } from './cart';
import { cartStore } from './cart-store';

const KEY = 'pendingPaymentCart';

/**
 * The cart is emptied once a billing succeeds, but Cancel at the payment provider returns to the
 * shop with the cart kept (docs/decisions.md, Payment): the line is kept aside for this tab until then.
 */
export function stashCartForPayment(kind: CartKind, item: CartItem, shopPath?: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ kind, item, shopPath }));
  } catch {
    // Storage may be unavailable (private mode); the cart is then simply not restored.
  }
}

/** A kept line, the cart it belongs to and the shop page it was bought from. */
export interface StashedCart {
  kind: CartKind;
  item: CartItem;
  shopPath?: string;
}

/** The kept line, left in place; null when there is none or it is not a well-formed line of a known cart. */
export function peekStashedCart(): StashedCart | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as { kind?: unknown; item?: unknown; shopPath?: unknown }) : null;
    const kind = CART_KINDS.find((k) => k === parsed?.kind);
    const item = parseCartItem(parsed?.item);
    if (!kind || !item) return null;
    return { kind, item, shopPath: typeof parsed?.shopPath === 'string' ? parsed.shopPath : undefined };
  } catch {
    return null;
  }
}

/** The kept line, removed from storage. */
export function takeStashedCart(): StashedCart | null {
  const entry = peekStashedCart();
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
  return entry;
}

/** Puts the kept line back into its cart (a cancelled or failed payment) and forgets it; the entry, or null. */
export function restoreStashedCart(): StashedCart | null {
  const entry = takeStashedCart();
  if (entry) cartStore(entry.kind).dispatch({ type: 'restore', item: entry.item });
  return entry;
}
