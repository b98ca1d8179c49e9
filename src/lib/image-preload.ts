import { createContext } from 'react';

/**
 * An image the server's head preloads (`<link rel="preload" as="image" imagesrcset imagesizes type>`;
 * no href, so that a browser that cannot read imagesrcset does not fetch the full-size original).
 */
export interface ImagePreload {
  /** The original's URL. */
  href: string;
  srcSet: string;
  sizes: string;
  type: string;
}

/**
 * Server rendering only: the page's LCP image, collected while the page renders (ContentImage with
 * `priority="high"` adds the first one) so that the head, written after, preloads it. Absent in the
 * browser.
 */
export const ImagePreloads = createContext<ImagePreload[] | null>(null);
