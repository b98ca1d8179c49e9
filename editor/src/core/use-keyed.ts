import { useState } from 'react';

/**
 * `value` as it was when `key` last changed: the same value while the key stays the same, so a memo
 * or an effect that depends on it runs again only when the key changes (the key says what of the
 * value matters). React's pattern for information from earlier renders: a new key is kept during
 * the render, and React renders again at once with it.
 */
export function useKeyed<T>(value: T, key: string): T {
  const [kept, setKept] = useState({ key, value });
  if (kept.key === key) return kept.value;
  setKept({ key, value });
  return value;
}
