import type { CartItem, CartKind } from './cart';

const KEY = 'pendingPaymentCart';

/**
 * The cart is emptied once a billing succeeds (spec), but Cancel at the payment provider returns
 * to the shop with the cart kept (DECISIONS.md): the line is kept aside for this tab until then.
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

/** The kept line, left in place. */
export function peekStashedCart(): StashedCart | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as { kind?: unknown; item?: unknown }) : null;
    if (!parsed || typeof parsed.kind !== 'string' || typeof parsed.item !== 'object' || parsed.item === null) return null;
    return parsed as StashedCart;
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
