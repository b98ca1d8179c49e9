import { parseJson } from './cart';

/**
 * The browser-storage keys of the shop. Values are JSON text: the carts store a
 * CartItem / CartPlan with amounts in integer centavos; ids and slugs store a JSON number / string.
 */
export type StorageKey = 'item' | 'merchantItem' | 'promoItem' | 'promoPlan' | 'promoId' | 'promoSlug' | 'merchantId' | 'merchantSlug';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // Access itself can throw (storage disabled, sandboxed frame).
  }
}

/** The parsed JSON value under `key`; null when it is missing, not JSON, or storage is unavailable. */
export function readStored(key: StorageKey): unknown {
  try {
    return parseJson(storage()?.getItem(key));
  } catch {
    return null;
  }
}

/** Stores `value` as JSON under `key`; null or undefined removes the key. Never throws (quota, private mode). */
export function writeStored(key: StorageKey, value: unknown): void {
  const store = storage();
  if (!store) return;
  try {
    if (value === null || value === undefined) store.removeItem(key);
    else store.setItem(key, JSON.stringify(value));
  } catch {
    // Nothing more to do: the cart keeps working in memory for this page.
  }
}
