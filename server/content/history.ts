import { isObject } from '../../domain/guards';
import { all, sql, type Queryable } from '../db';
import { releaseFiles, releaseInfo, type ContentTexts, type ReleaseInfo } from './release-rows';

/**
 * The content's history, read from content_releases: one release with the texts of the files it
 * changed (before and after), and one item's history — the releases that changed it, each with the
 * fields that differ from the release before it (items matched by id), newest first.
 */

type Item = Record<string, unknown>;

export interface ReleaseDetail {
  release: ReleaseInfo;
  /** Each changed file's text in the release before it and in this one (null: absent). */
  files: Record<string, { before: string | null; after: string | null }>;
}

export interface ItemChange {
  release: ReleaseInfo;
  /** The fields that differ; ['(added)'] or ['(removed)'] when the item came or went. */
  fields: string[];
}

export interface ItemHistory {
  changes: ItemChange[];
  /** Pass as `before` for the next page; null when there is none. */
  next: number | null;
}

/** The releases scanned in one page of an item's history at most (each holds every file). */
const SCAN_LIMIT = 200;

export const ITEM_ADDED = '(added)';
export const ITEM_REMOVED = '(removed)';

/** One release with its changed files' texts, or undefined when there is no such release. */
export async function releaseDetail(q: Queryable, n: number): Promise<ReleaseDetail | undefined> {
  const release = await releaseInfo(q, n);
  if (!release) return undefined;
  const after = (await releaseFiles(q, n)) ?? {};
  const before = (await releaseFiles(q, n - 1)) ?? {};
  const files = Object.fromEntries(release.changed.map((file) => [file, { before: before[file] ?? null, after: after[file] ?? null }]));
  return { release, files };
}

/** The items of a file's text by id (none when the text is absent or not JSON with items). */
export function itemOf(text: string | undefined, id: string): Item | undefined {
  if (text === undefined) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  const items = isObject(data) && Array.isArray(data.items) ? data.items : [];
  return items.find((item): item is Item => isObject(item) && String(item.id) === id);
}

/** The fields whose JSON differs between two versions of an item, sorted. */
export function changedFields(before: Item | undefined, after: Item | undefined): string[] {
  if (!before && !after) return [];
  if (!before) return [ITEM_ADDED];
  if (!after) return [ITEM_REMOVED];
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .sort();
}

/**
 * The releases that changed item `id` of `file`, newest first, from before release `before` (all
 * when absent), at most `limit`. Each is compared with the release numbered one below it.
 */
export async function itemHistory(
  q: Queryable,
  file: string,
  id: string,
  options: { before?: number; limit: number },
): Promise<ItemHistory> {
  const pattern = `%${JSON.stringify(file)}%`;
  const rows = await all<{ number: number }>(
    q,
    options.before === undefined
      ? sql`SELECT number FROM content_releases WHERE changed LIKE ${pattern} ORDER BY number DESC LIMIT ${SCAN_LIMIT}`
      : sql`SELECT number FROM content_releases WHERE number < ${options.before} AND changed LIKE ${pattern}
            ORDER BY number DESC LIMIT ${SCAN_LIMIT}`,
  );
  const changes: ItemChange[] = [];
  let filesOf = new Map<number, ContentTexts>();
  const textOf = async (n: number) => {
    if (!filesOf.has(n)) filesOf.set(n, (await releaseFiles(q, n)) ?? {});
    return filesOf.get(n)![file];
  };
  for (const { number } of rows) {
    const n = Number(number);
    const fields = changedFields(itemOf(await textOf(n - 1), id), itemOf(await textOf(n), id));
    // Only the release compared next is kept: a release holds every file.
    filesOf = new Map([[n - 1, filesOf.get(n - 1)!]]);
    if (fields.length > 0) changes.push({ release: (await releaseInfo(q, n))!, fields });
    if (changes.length === options.limit) return { changes, next: n };
  }
  const last = rows.at(-1);
  return { changes, next: rows.length === SCAN_LIMIT && last ? Number(last.number) : null };
}
