import type { CartKind } from './cart';
import { CART_STORAGE_KEYS, cartStore } from './cart-store';
import { readStored, writeStored, type StorageKey } from './storage';

/**
 * The merchant and promo carts belong to one shop (a merchant or a promotion named by the route's
 * slug). The slug and the owner's id are stored beside the cart (storage keys merchantSlug,
 * merchantId, promoSlug, promoId), so that a cart filled in one shop is never billed in another.
 */
export type ScopedCartKind = Exclude<CartKind, 'regular'>;

export const OWNER_SCOPE_KEYS: Readonly<Record<ScopedCartKind, { slug: StorageKey; id: StorageKey }>> = {
  merchant: { slug: 'merchantSlug', id: 'merchantId' },
  promo: { slug: 'promoSlug', id: 'promoId' },
};

/** Whether the stored slug of the cart is `slug` (an owned checkout sells the cart only then). */
export function isCartOfSlug(kind: ScopedCartKind, slug: string | undefined, ownerId?: number | null): boolean {
  if (slug === undefined || readStored(OWNER_SCOPE_KEYS[kind].slug) !== slug) return false;
  // The same slug may name a promotion and a reseller: when both ids are known they must match.
  const storedId = readStored(OWNER_SCOPE_KEYS[kind].id);
  return ownerId === undefined || ownerId === null || storedId === null || storedId === ownerId;
}

/**
 * What entering a shop did: `same` (the cart is this shop's), `claimed` (nothing was stored: the
 * cart is emptied and now belongs to this shop) or `changed` (another shop's cart was emptied: the
 * page must reload: docs/decisions.md, "Slug change").
 */
export type ScopeChange = 'same' | 'claimed' | 'changed';

/**
 * Slug change: when the stored slug differs from the route's, the cart's stored
 * item and plan are cleared and the new slug and id stored. Storage work only; the caller reloads.
 */
export function enterShop(kind: ScopedCartKind, slug: string, id: number | null): ScopeChange {
  const keys = OWNER_SCOPE_KEYS[kind];
  const stored = readStored(keys.slug);
  const storedId = readStored(keys.id);
  // A promotion and a reseller may share a slug (both use the promo cart): the owner's id tells them apart.
  if (stored === slug && (id === null || storedId === null || storedId === id)) {
    if (id !== null && storedId !== id) writeStored(keys.id, id);
    return 'same';
  }
  const cart = CART_STORAGE_KEYS[kind];
  writeStored(cart.item, null);
  if (cart.plan) writeStored(cart.plan, null);
  writeStored(keys.slug, slug);
  writeStored(keys.id, id);
  cartStore(kind).reload();
  return stored === null ? 'claimed' : 'changed';
}
