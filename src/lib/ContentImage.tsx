interface Props {
  /** The content service's image field (`background_image`). */
  image: { main?: string | null } | null | undefined;
  className?: string;
  /** Intrinsic size, so the browser reserves the space before the image arrives (no layout shift). */
  width: number;
  height: number;
  /** 'high' for the page's largest above-the-fold image, 'eager' above the fold, 'lazy' (default) below it. */
  priority?: 'high' | 'eager' | 'lazy';
  alt?: string;
}

/** A decorative image from the content service: sized, decoded off the main thread, lazy below the fold. */
export function ContentImage({ image, className, width, height, priority = 'lazy', alt = '' }: Props) {
  if (!image?.main) return null;
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
