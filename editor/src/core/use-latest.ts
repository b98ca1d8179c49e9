import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref to the value of the last render: an effect that must run when some values change (its
 * dependencies) reads the others from it, up to date, without running again when they change.
 * It is written in a layout effect, so every effect of the render reads the new value.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
