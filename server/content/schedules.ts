import { editText } from '../../scripts/lib/editor/json-edit';
import type { Db, Queryable } from '../db';
import type { Repo } from '../repo';
import { describeContentChange } from './change-words';
import { readDraft, removeDraft } from './drafts';
import { applyChanges } from './releases';
import { changedPaths, liveRelease, releaseFiles } from './release-rows';
import {
  cancelSchedule,
  insertSchedule,
  listSchedules,
  scheduleById,
  SCHEDULE_LOCK,
  type Schedule,
  type ScheduledChanges,
} from './schedule-rows';
import { DRAFT_LOCK } from './studio-editor';

/**
 * Scheduling content changes from the studio: an account's draft (it moves into the schedule), or
 * changes of some files' values on the live release (an item removed, a promo code ended). The
 * scheduler (scheduler.ts) publishes them at their time; a waiting one may be cancelled.
 */

export type ScheduleOutcome = { status: 'scheduled'; schedule: Schedule } | { status: 'empty' };
export type CancelOutcome =
  { status: 'cancelled'; schedule: Schedule } | { status: 'missing' } | { status: 'not-waiting'; schedule: Schedule };

type Author = { id: number; name: string; email: string };

/** One item's scheduled change: its new value, or null to take it off the site. */
export interface ItemChange {
  file: string;
  id: string;
  value: Record<string, unknown> | null;
}

/** The values of the content files with `change` made to the items of its file (none when that is absent or unreadable). */
function withItem(texts: Record<string, string>, change: ItemChange): Record<string, unknown> {
  let file: { items?: unknown };
  try {
    file = JSON.parse(texts[change.file] ?? '') as { items?: unknown };
  } catch {
    return {};
  }
  const items = Array.isArray(file.items) ? (file.items as Array<{ id?: unknown }>) : [];
  const same = (item: { id?: unknown }) => item !== null && typeof item === 'object' && String(item.id) === change.id;
  const kept = change.value === null ? items.filter((item) => !same(item)) : items.map((item) => (same(item) ? change.value! : item));
  if (change.value !== null && !items.some(same)) kept.push(change.value);
  return { [change.file]: { ...file, items: kept } };
}

export function createContentSchedules(deps: { db: Db; repo: Repo; now: () => Date }) {
  const { db, repo } = deps;

  /** Writes a schedule of `changes` made from `base` (nothing when they change nothing). */
  const write = async (
    q: Queryable,
    author: Author,
    base: number,
    changes: ScheduledChanges,
    runAt: string,
  ): Promise<number | undefined> => {
    const before = (await releaseFiles(q, base)) ?? {};
    const after = applyChanges(before, changes);
    const changed = changedPaths(before, after);
    if (changed.length === 0) return undefined;
    return insertSchedule(q, {
      author,
      changes: Object.fromEntries(changed.map((file) => [file, after[file] ?? null])),
      summary: describeContentChange(before, after),
      baseRelease: base,
      runAt,
      createdAt: deps.now().toISOString(),
    });
  };

  const outcome = async (id: number | undefined): Promise<ScheduleOutcome> =>
    id === undefined ? { status: 'empty' } : { status: 'scheduled', schedule: (await scheduleById(db.query, id))! };

  /** Schedules the values `of` the live texts gives (null removes a file), made on the live release. */
  const files = async (
    author: Author,
    runAt: string,
    of: (texts: Record<string, string>) => Record<string, unknown>,
  ): Promise<ScheduleOutcome> => {
    const id = await db.write(SCHEDULE_LOCK, async (q) => {
      const live = (await liveRelease(repo, q)) ?? 0;
      const texts = (await releaseFiles(q, live)) ?? {};
      const changes = Object.fromEntries(
        Object.entries(of(texts)).map(([file, value]) => [file, value === null ? null : editText(texts[file], value)]),
      );
      return write(q, author, live, changes, runAt);
    });
    return outcome(id);
  };

  return {
    /** Schedules the account's draft for `runAt`; the draft goes into the schedule. */
    async draft(author: Author, runAt: string): Promise<ScheduleOutcome> {
      const id = await db.write(DRAFT_LOCK, async (q) => {
        const draft = await readDraft(q, author.id);
        if (!draft) return undefined;
        const made = await write(q, author, draft.baseRelease, draft.files, runAt);
        if (made !== undefined) await removeDraft(q, author.id);
        return made;
      });
      return outcome(id);
    },

    /** Schedules new values of some content files (null removes one) on the live release. */
    files: (author: Author, values: Record<string, unknown>, runAt: string) => files(author, runAt, () => values),

    /**
     * Schedules one item of a content file: its `value` put in place of the live one (added at the
     * end when the live file lacks it), or, with null, the item taken out of the file.
     */
    item(author: Author, change: ItemChange, runAt: string): Promise<ScheduleOutcome> {
      return files(author, runAt, (texts) => withItem(texts, change));
    },

    list: (limit: number) => listSchedules(db.query, limit),

    cancel(id: number): Promise<CancelOutcome> {
      return db.write(SCHEDULE_LOCK, async (q) => {
        const schedule = await scheduleById(q, id);
        if (!schedule) return { status: 'missing' };
        if (!(await cancelSchedule(q, id, deps.now().toISOString()))) return { status: 'not-waiting', schedule };
        return { status: 'cancelled', schedule: { ...schedule, state: 'cancelled' } };
      });
    },
  };
}

export type ContentSchedules = ReturnType<typeof createContentSchedules>;
