import { useRef } from 'react';

/** A value that keeps its first object while its JSON stays the same. */
export function useSameJson<T>(value: T): T {
  const kept = useRef<{ json: string; value: T } | null>(null);
  const json = JSON.stringify(value);
  if (!kept.current || kept.current.json !== json) kept.current = { json, value };
  return kept.current.value;
}
