import type { VideoDescription } from '../../generated/api';
import type { CardItem } from '../../generated/blocks';

/** The cards to show: a bound source's items (title and caption) win over the section's own items. */
export function cardItems(bound: readonly VideoDescription[], own: readonly CardItem[] | undefined): CardItem[] {
  if (bound.length > 0) return bound.map((item) => ({ title: item.title, description: item.caption }));
  return own ? [...own] : [];
}
