import { useMemo, useRef } from 'react';
import type { SectionValue } from '../core/types';

let nextId = 0;

/**
 * An id per section that follows it: a section object kept by immer (unchanged, or moved) keeps its
 * id, and a section edited in place (a new object at the same index) keeps the id of the one it
 * replaced; an inserted one gets a new id. The same ids keep the same array.
 */
export function useStableIds(sections: readonly SectionValue[]): string[] {
  const previous = useRef<{ sections: readonly SectionValue[]; ids: string[] }>({ sections: [], ids: [] });
  return useMemo(() => {
    const before = previous.current;
    const byObject = new Map(before.sections.map((section, i) => [section as object, before.ids[i]]));
    const used = new Set<string>();
    const ids: (string | undefined)[] = sections.map((section) => {
      const id = byObject.get(section);
      if (id !== undefined && !used.has(id)) {
        used.add(id);
        return id;
      }
      return undefined;
    });
    // An edit in place: the same length, the index's old section no longer in the list.
    if (sections.length === before.sections.length) {
      ids.forEach((id, i) => {
        if (id === undefined && !used.has(before.ids[i])) {
          ids[i] = before.ids[i];
          used.add(before.ids[i]);
        }
      });
    }
    const next = ids.map((id) => id ?? `section-${++nextId}`);
    const same = next.length === before.ids.length && next.every((id, i) => id === before.ids[i]);
    previous.current = { sections, ids: same ? before.ids : next };
    return previous.current.ids;
  }, [sections]);
}
