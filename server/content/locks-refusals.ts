import { isObject } from '../../domain/guards';
import { sha256 } from '../../scripts/lib/editor/project';
import { isFormFile } from '../../scripts/lib/editor/paths';
import { PROJECT_PATHS } from '../../scripts/lib/project';
import { withProjectFiles } from './release-content';
import { all, sql, type Db, type Queryable } from '../db';
import type { Repo } from '../repo';
import { describeContentChange } from './change-words';
import { readDraft } from './drafts';
import type { ContentLocks } from './locks';
import { liveRelease, releaseFiles, type ContentTexts } from './release-rows';

/**
 * What a refused save tells its author about the other person's change. A save that changes an item
 * another account holds the lock of is refused with that person, since when, and what their draft
 * changes in the file; a save from a text that is no longer the file's (someone published it
 * meanwhile) is refused with what changed since that text, and the releases that changed it.
 */

/** Releases searched, newest first, for the text a stale save started from. */
const RELEASES_SEARCHED = 20;

export interface LockedItem {
  file: string;
  id: string;
  holder: { email: string; since: string };
  /** What the holder's draft changes in the file, in words (empty when they saved nothing yet). */
  summary: string[];
}

export interface ConflictChange {
  file: string;
  /** What changed in the file since the text the save started from, in words (empty when that text is not found). */
  summary: string[];
  /** The releases after that text that changed the file, newest first. */
  releases: Array<{ number: number; authorName: string | null; createdAt: string }>;
}

type Item = Record<string, unknown>;

/**
 * The lockable items of a release's file by id, each as JSON: a content file's items by their id, the
 * pages of pages.config.json by their name, and a form file as one item, FORM_ITEM.
 */
function itemsById(file: string, value: unknown): Map<string, string> {
  if (isFormFile(file)) return value === undefined ? new Map() : new Map([[FORM_ITEM, JSON.stringify(value)]]);
  const [list, key] = file === PROJECT_PATHS.config ? ['pages', 'name'] : ['items', 'id'];
  const items = isObject(value) && Array.isArray(value[list]) ? value[list].filter(isObject) : [];
  return new Map(items.filter((item: Item) => item[key] !== undefined).map((item: Item) => [String(item[key]), JSON.stringify(item)]));
}

/** The id a form file's edit lock has: the whole form is one item. */
export const FORM_ITEM = 'form';

function parsed(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** The ids of the items of `file` that `after` changes or removes from `before` (added ones are no one's yet). */
export function changedItemIds(file: string, before: unknown, after: unknown): string[] {
  const old = itemsById(file, before);
  const now = itemsById(file, after);
  return [...old].filter(([id, text]) => now.get(id) !== text).map(([id]) => id);
}

export function createSaveRefusals(deps: { db: Db; repo: Repo; locks: ContentLocks; root: string }) {
  const { db, repo, locks, root } = deps;

  /** The live release's files (the project's layout and forms where it has none), and those files with an account's draft over them. */
  const view = async (q: Queryable, accountId: number): Promise<{ live: ContentTexts; files: ContentTexts }> => {
    const live = withProjectFiles((await releaseFiles(q, (await liveRelease(repo, q)) ?? 0)) ?? {}, root);
    return { live, files: { ...live, ...(await readDraft(q, accountId))?.files } };
  };

  return {
    /** The items of a save that another account holds the lock of. */
    async lockedItems(accountId: number, files: Record<string, { value: unknown }>): Promise<LockedItem[]> {
      const seen = await view(db.query, accountId);
      const found: LockedItem[] = [];
      for (const [file, { value }] of Object.entries(files)) {
        for (const id of changedItemIds(file, parsed(seen.files[file]), value)) {
          const holder = await locks.holderOf(file, id);
          if (!holder || holder.accountId === accountId) continue;
          const theirs = await view(db.query, holder.accountId);
          const summary = describeContentChange({ [file]: seen.live[file] ?? '' }, { [file]: theirs.files[file] ?? '' });
          found.push({ file, id, holder: { email: holder.email, since: holder.since }, summary });
        }
      }
      return found;
    },

    /** What changed in each conflicting file since the text whose hash the save sent. */
    async conflictChanges(accountId: number, files: Record<string, { baseHash: string }>, conflicts: string[]): Promise<ConflictChange[]> {
      const seen = await view(db.query, accountId);
      const rows = await all<{ number: number; files: string; changed: string; author_name: string | null; created_at: string }>(
        db.query,
        sql`SELECT number, files, changed, author_name, created_at FROM content_releases ORDER BY number DESC LIMIT ${RELEASES_SEARCHED}`,
      );
      return conflicts.map((file) => {
        const base = rows.findIndex((row) => {
          const text = (JSON.parse(row.files) as ContentTexts)[file];
          return text !== undefined && sha256(text) === files[file]?.baseHash;
        });
        const after = base === -1 ? rows : rows.slice(0, base);
        const releases = after
          .filter((row) => (JSON.parse(row.changed) as string[]).includes(file))
          .map((row) => ({ number: Number(row.number), authorName: row.author_name, createdAt: row.created_at }));
        const before = base === -1 ? undefined : (JSON.parse(rows[base].files) as ContentTexts)[file];
        const summary = before === undefined ? [] : describeContentChange({ [file]: before }, { [file]: seen.files[file] ?? '' });
        return { file, summary, releases: base === -1 ? releases.slice(0, 1) : releases };
      });
    },
  };
}

export type SaveRefusals = ReturnType<typeof createSaveRefusals>;
