/**
 * The items whose precedence lies in an optional range (both ends inclusive), order kept. Without a
 * range every item is kept; with one, items without a precedence are left out.
 */
export function inPrecedenceRange<T extends { precedence?: number | null }>(items: readonly T[], from?: number, to?: number): T[] {
  if (from === undefined && to === undefined) return [...items];
  return items.filter((item) => {
    const p = item.precedence;
    return typeof p === 'number' && (from === undefined || p >= from) && (to === undefined || p <= to);
  });
}
