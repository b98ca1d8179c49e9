import { useContext } from 'react';
import { hasVariants, variantSrcSet } from '../../domain/media';
import { useAboveFold } from './above-fold';
import { ImagePreloads } from './image-preload';
import './content-image.css';

interface Props {
  /** The content's image field (`background_image`): its URL and, where the image carries meaning, its alt text. */
  image: { main?: string | null; alt?: string | null } | null | undefined;
  className?: string;
  /** Intrinsic size, so the browser reserves the space before the image arrives (no layout shift). */
  width: number;
  height: number;
  /**
   * How wide the image shows, as the `sizes` attribute says it (its block's layout: '100vw' for a
   * banner, less for a card): the browser picks the variant from it.
   */
  sizes?: string;
  /**
   * 'high' for the page's largest above-the-fold image, 'eager' above the fold, 'lazy' below it.
   * By default 'eager' in the page's first sections (useAboveFold) and 'lazy' after them.
   */
  priority?: 'high' | 'eager' | 'lazy';
  /** The alt text; by default the image's own (`image.alt`), else '' (decorative). */
  alt?: string;
}

/**
 * An image of the content: sized, decoded off the main thread, lazy below the fold. A raster image
 * of content/media is a `<picture>` of its AVIF and WebP variants (domain/media.ts; the server makes
 * them) with the original as the `<img>`'s `src` (what a browser that reads neither source shows); an SVG or any other URL is the plain `<img>`.
 * The page's first `priority="high"` raster is preloaded by the server-rendered head (ImagePreloads).
 */
export function ContentImage({ image, className, width, height, sizes = '100vw', priority: given, alt }: Props) {
  const aboveFold = useAboveFold();
  const preloads = useContext(ImagePreloads);
  const src = image?.main;
  if (!src) return null;
  const priority = given ?? (aboveFold ? 'eager' : 'lazy');
  const img = (
    <img
      className={className}
      src={src}
      alt={alt ?? image?.alt ?? ''}
      width={width}
      height={height}
      decoding="async"
      loading={priority === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={priority === 'high' ? 'high' : undefined}
    />
  );
  if (!hasVariants(src)) return img;
  const avif = variantSrcSet(src, 'avif');
  if (priority === 'high' && preloads && preloads.length === 0) preloads.push({ href: src, srcSet: avif, sizes, type: 'image/avif' });
  return (
    <picture className="content-picture">
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      <source type="image/webp" srcSet={variantSrcSet(src, 'webp')} sizes={sizes} />
      {img}
    </picture>
  );
}
