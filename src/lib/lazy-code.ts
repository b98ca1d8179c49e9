import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A component whose code is a chunk of its own: `Component` renders it lazily (React suspends until
 * the chunk is in), and `prefetch` starts that fetch without waiting for it (from a block's preload,
 * or on a first focus). A prefetch that fails is dropped: the render fetches again, and a failure
 * then shows where the component is.
 */
export function lazyCode<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): { Component: LazyExoticComponent<ComponentType<P>>; prefetch: () => void } {
  return {
    Component: lazy(load),
    prefetch: () => {
      load().catch(() => undefined);
    },
  };
}
