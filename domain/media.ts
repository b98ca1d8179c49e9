/**
 * Content images uploaded into the repository (content/media/), as the site and the server both
 * name them. The server (server/images/) serves the originals at MEDIA_PREFIX and makes the variants;
 * the site (src/lib/ContentImage.tsx) lists them in `srcset`.
 */

/** The URL prefix of content/media/ (not a page path: /media is a page). */
export const MEDIA_PREFIX = '/content-media/';
/** The widths variants are made at, in CSS pixels of the image file; no other width is served. */
export const VARIANT_WIDTHS: readonly number[] = [320, 640, 960, 1280, 1600];
/** The formats variants are made in, the best first. */
export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** A raster original in content/media ('/content-media/<slug>-<hash8>.<jpg|png|webp|avif>'): it has variants. */
const RASTER = /^\/content-media\/[a-z0-9]+(?:-[a-z0-9]+)*-[0-9a-f]{8}\.(?:jpg|png|webp|avif)$/;

/** Whether `url` is a raster image of content/media (an SVG, or any other URL, has no variants). */
export const hasVariants = (url: string): boolean => RASTER.test(url);

/** The URL of one variant of the original at `url`. */
export const variantUrl = (url: string, width: number, format: VariantFormat): string => `${url}/${width}.${format}`;

/** The `srcset` of an original's variants in one format: every width of VARIANT_WIDTHS. */
export const variantSrcSet = (url: string, format: VariantFormat): string =>
  VARIANT_WIDTHS.map((width) => `${variantUrl(url, width, format)} ${width}w`).join(', ');

/** "9.4 MB", "600 kB": a size in the units the limits are stated in. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
  return `${Math.ceil(bytes / 1024)} kB`;
}
