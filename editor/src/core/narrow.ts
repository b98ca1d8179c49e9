/**
 * Below this width (a phone, a narrow tablet) the Content tab stacks its columns: the lists, then
 * the item's form, then the preview, one under the other, and the page scrolls instead of each column.
 */
export const NARROW_QUERY = '(max-width: 900px)';
/** NARROW_QUERY as a style rule's key (makeStyles). */
export const NARROW = `@media ${NARROW_QUERY}`;
