import { createContext, useContext } from 'react';

/**
 * How many of a page's first sections may show on a phone's first screen (a banner, breadcrumbs and
 * the first content section): their images load at once instead of lazily, since the largest of
 * them is often what Lighthouse and visitors see as the page's main content.
 */
export const ABOVE_FOLD_SECTIONS = 3;

/** Whether the section being rendered is one of the page's first sections (set by the engine). */
export const AboveFold = createContext(false);

export const useAboveFold = () => useContext(AboveFold);
