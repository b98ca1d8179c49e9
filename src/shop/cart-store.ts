import { useMemo, useSyncExternalStore } from 'react';
import { computeTotals, type Totals } from '../../domain/pricing';
import {
  cartReducer,
  EMPTY_CART,
  parseCartItem,
  parseCartPlan,
  type CartAction,
  type CartItem,
  type CartKind,
  type CartState,
} from './cart';
import { readStored, writeStored, type StorageKey } from './storage';

/**
 * One cart store per kind, shared by every component of the page (cart button, plan grid,
 * checkout) without a provider: a tiny external store read through useSyncExternalStore. Each
 * change is written to localStorage under the spec's keys, and a change made in another tab (the
 * 'storage' event) is read back, so every tab shows the same cart.
 */
export const CART_STORAGE_KEYS: Readonly<Record<CartKind, { item: StorageKey; plan?: StorageKey }>> = {
  regular: { item: 'item' },
  merchant: { item: 'merchantItem' },
  promo: { item: 'promoItem', plan: 'promoPlan' },
};

export interface CartStore {
  getState: () => CartState;
  /** Stable for the life of the page (safe in effect dependencies). */
  dispatch: (action: CartAction) => void;
  subscribe: (listener: () => void) => () => void;
  /** Reads the cart again from storage (e.g. after another module wrote its keys). */
  reload: () => void;
}

/** What the stored values say; missing, corrupt or foreign values count as empty. */
export function loadCart(kind: CartKind): CartState {
  const keys = CART_STORAGE_KEYS[kind];
  const item = parseCartItem(readStored(keys.item));
  const plan = keys.plan ? parseCartPlan(readStored(keys.plan)) : null;
  return item || plan ? { item, plan } : EMPTY_CART;
}

function createStore(kind: CartKind): CartStore {
  const keys = CART_STORAGE_KEYS[kind];
  const listeners = new Set<() => void>();
  let state: CartState | null = null;

  const current = (): CartState => (state ??= loadCart(kind));
  const notify = () => listeners.forEach((listener) => listener());

  const onStorage = (event: StorageEvent) => {
    if (event.storageArea && event.storageArea !== window.localStorage) return;
    if (event.key !== null && event.key !== keys.item && event.key !== keys.plan) return;
    state = loadCart(kind);
    notify();
  };

  return {
    getState: current,
    dispatch(action) {
      const before = current();
      const after = cartReducer(before, action);
      if (after === before) return;
      state = after;
      if (after.item !== before.item) writeStored(keys.item, after.item);
      if (keys.plan && after.plan !== before.plan) writeStored(keys.plan, after.plan);
      notify();
    },
    subscribe(listener) {
      if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
      };
    },
    reload() {
      state = loadCart(kind);
      notify();
    },
  };
}

const stores = new Map<CartKind, CartStore>();

/** The page-wide store of a cart kind (for code outside React; components use useCart). */
export function cartStore(kind: CartKind): CartStore {
  let store = stores.get(kind);
  if (!store) {
    store = createStore(kind);
    stores.set(kind, store);
  }
  return store;
}

/** The pricing of a cart line (no promo code): subtotal, VAT, total... in centavos. */
export function cartTotals(item: CartItem): Totals {
  return computeTotals({
    price: item.price,
    discount: item.discount,
    quantity: item.quantity,
    memberPrice: item.member,
    memberQuantity: item.memberQuantity,
  });
}

/** The cart of a kind: its state, a stable dispatch, and the totals of its line (null when empty). */
export function useCart(kind: CartKind): { state: CartState; dispatch: (action: CartAction) => void; totals: Totals | null } {
  const store = cartStore(kind);
  const state = useSyncExternalStore(store.subscribe, store.getState, () => EMPTY_CART);
  const totals = useMemo(() => (state.item ? cartTotals(state.item) : null), [state.item]);
  return { state, dispatch: store.dispatch, totals };
}
