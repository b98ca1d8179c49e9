import { createHash } from 'node:crypto';

/**
 * A cache of values made from texts, kept by a digest of the text (so a long text costs its 32
 * characters as a key): at most `count` of them, and with `chars`, the values of texts of at most that
 * many characters in all (a value is taken to weigh about what its text does); the one put first is
 * dropped first. A value is made once per text while kept; it must not be changed by whoever reads it.
 */
export interface Kept<V> {
  get(text: string, make: () => V): V;
}

/** A text's digest: 128 bits of SHA-256, as hex. */
export const digestOf = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 32);

export function kept<V>(limits: number | { count: number; chars?: number }): Kept<V> {
  const { count, chars = Infinity } = typeof limits === 'number' ? { count: limits } : limits;
  const values = new Map<string, { value: V; chars: number }>();
  let total = 0;
  return {
    get(text, make) {
      const key = digestOf(text);
      const known = values.get(key);
      if (known) return known.value;
      const value = make();
      values.set(key, { value, chars: text.length });
      total += text.length;
      while (values.size > count || (total > chars && values.size > 1)) {
        const [oldest, entry] = values.entries().next().value as [string, { chars: number }];
        values.delete(oldest);
        total -= entry.chars;
      }
      return value;
    },
  };
}
