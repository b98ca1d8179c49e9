import { isObject } from '../../../domain/guards';

/** Structural equality of JSON values (key order ignored). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => deepEqual(item, b[i]));
  }
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const keys = Object.keys(a).filter((key) => a[key] !== undefined);
    const other = Object.keys(b).filter((key) => b[key] !== undefined);
    return keys.length === other.length && keys.every((key) => deepEqual(a[key], b[key]));
  }
  return false;
}

/** A change of a value at a path: a new value, or the key removed. */
export type Change = { path: string[]; value: unknown } | { path: string[]; remove: true };

/**
 * The changes that turn `before` into `after`: objects are compared key by key (at any depth); any
 * other value (a list, a string) that differs is replaced as a whole.
 */
export function diffValues(before: unknown, after: unknown, path: string[] = []): Change[] {
  if (deepEqual(before, after)) return [];
  if (isObject(before) && isObject(after)) {
    const changes: Change[] = [];
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (after[key] === undefined) {
        if (before[key] !== undefined) changes.push({ path: [...path, key], remove: true });
      } else changes.push(...diffValues(before[key], after[key], [...path, key]));
    }
    return changes;
  }
  if (after === undefined) return [{ path, remove: true }];
  return [{ path, value: after }];
}

/** Applies changes to a (draft) object, creating the objects along a path as needed; empty objects a removal leaves stay. */
export function applyChanges(target: Record<string, unknown>, changes: readonly Change[]): void {
  for (const change of changes) {
    if (change.path.length === 0) continue;
    let node: Record<string, unknown> = target;
    const parents = change.path.slice(0, -1);
    const last = change.path[change.path.length - 1];
    let missing = false;
    for (const key of parents) {
      const next = node[key];
      if (!isObject(next)) {
        if ('remove' in change) {
          missing = true;
          break;
        }
        node[key] = {};
      }
      node = node[key] as Record<string, unknown>;
    }
    if (missing) continue;
    if ('remove' in change) delete node[last];
    else node[last] = structuredClone(change.value);
  }
}

/** 'PlanGridProps' -> 'Plan grid', 'callMenu' -> 'Call menu'. */
export function humanize(name: string): string {
  const words = name
    .replace(/Props$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
