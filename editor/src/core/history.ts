import type { Patch } from 'immer';
import { deepEqual } from './json';
import type { Files, HistoryEntry, Selection } from './store-state';
import { PAGES_FILE, type PagesConfigValue } from './types';

/** Consecutive changes with the same key within this time are one undo step. */
const COALESCE_MS = 1500;

export function dirtyPaths(files: Files, saved: Files): string[] {
  const paths = new Set([...Object.keys(files), ...Object.keys(saved)]);
  return [...paths].filter((path) => files[path] !== saved[path] && !deepEqual(files[path], saved[path])).sort();
}

/** 'auto:<paths>' when every patch replaces a text, number or boolean (an edit of values in place). */
export function autoCoalesceKey(patches: readonly Patch[]): string | undefined {
  const inPlace = patches.every((patch) => patch.op === 'replace' && ['string', 'number', 'boolean'].includes(typeof patch.value));
  return inPlace ? `auto:${patches.map((patch) => patch.path.join('/')).join('|')}` : undefined;
}

/** The patches touch this file (their first path token is the file's path). */
export function touches(entry: HistoryEntry, path: string): boolean {
  return [...entry.patches, ...entry.inverse].some((patch) => patch.path[0] === path);
}

/** The selection, within the pages and sections that exist. */
export function clampSelection(selection: Selection, files: Files): Selection {
  const pages = (files[PAGES_FILE] as PagesConfigValue | undefined)?.pages ?? [];
  const page = Math.max(0, Math.min(selection.page, pages.length - 1));
  const count = pages[page]?.sections?.length ?? 0;
  const section = selection.section === null || count === 0 ? null : Math.min(selection.section, count - 1);
  const form = selection.form !== null && selection.form in files ? selection.form : null;
  const content = selection.content && selection.content in files ? selection.content : null;
  const items = content ? (files[content] as { items?: unknown[] } | undefined)?.items : undefined;
  const item =
    content && selection.item !== null && selection.item !== undefined && items?.length
      ? Math.max(0, Math.min(selection.item, items.length - 1))
      : null;
  return { ...selection, page, section, form, content, item };
}

/**
 * The undo history after a change: a change with the key of the last step, within COALESCE_MS of
 * it, joins that step (typing in one field is one undo step); any other change is a step of its own.
 */
export function pushChange(past: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  const last = past[past.length - 1];
  if (!entry.coalesce || last?.coalesce !== entry.coalesce || entry.at - last.at >= COALESCE_MS) return [...past, entry];
  const merged: HistoryEntry = {
    ...last,
    patches: [...last.patches, ...entry.patches],
    inverse: [...entry.inverse, ...last.inverse],
    at: entry.at,
    selectionAfter: entry.selectionAfter,
  };
  return [...past.slice(0, -1), merged];
}
