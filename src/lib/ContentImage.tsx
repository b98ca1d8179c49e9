import { useAboveFold } from './above-fold';

interface Props {
  /** The content service's image field (`background_image`). */
  image: { main?: string | null } | null | undefined;
  className?: string;
  /** Intrinsic size, so the browser reserves the space before the image arrives (no layout shift). */
  width: number;
  height: number;
  /**
   * 'high' for the page's largest above-the-fold image, 'eager' above the fold, 'lazy' below it.
   * By default 'eager' in the page's first sections (useAboveFold) and 'lazy' after them.
   */
  priority?: 'high' | 'eager' | 'lazy';
  alt?: string;
}

/** A decorative image from the content service: sized, decoded off the main thread, lazy below the fold. */
export function ContentImage({ image, className, width, height, priority: given, alt = '' }: Props) {
  const aboveFold = useAboveFold();
  if (!image?.main) return null;
  const priority = given ?? (aboveFold ? 'eager' : 'lazy');
  return (
    <img
      className={className}
      src={image.main}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      loading={priority === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={priority === 'high' ? 'high' : undefined}
    />
  );
}
