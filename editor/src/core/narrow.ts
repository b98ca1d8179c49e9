/**
 * Below this width (a phone, a narrow tablet) the Content tab stacks its columns: the lists, then
 * the item's form, then the preview, one under the other, and the page scrolls instead of each column.
 */
export const NARROW = '@media (max-width: 900px)';
