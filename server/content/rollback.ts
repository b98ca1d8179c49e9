import { editText } from '../../scripts/lib/editor/json-edit';
import { isObject } from '../../domain/guards';
import type { Db } from '../db';
import type { Repo } from '../repo';
import { describeContentChange } from './change-words';
import { DRAFT_LOCK } from './studio-editor';
import { readDraft, writeDraft } from './drafts';
import { itemOf } from './history';
import { changedPaths, liveRelease, releaseFiles, type ReleaseInfo } from './release-rows';
import type { ContentReleases, PublishOutcome } from './releases';

/**
 * Going back in the content's history. A rollback of release n publishes the files of release n-1
 * as a NEW release (source 'rollback') through the gate, made from the live release (a stale one is
 * refused). "Open as draft" puts an earlier release's version of an item, or of a whole file, into
 * the person's draft; the draft's base stays what it was, and the person reviews and publishes it.
 */

export type RollbackOutcome = PublishOutcome | { status: 'unknown' } | { status: 'first' } | { status: 'empty'; current: ReleaseInfo };

export async function rollBack(
  releases: ContentReleases,
  input: { release: number; baseRelease: number; author: { id: number; name: string; email: string }; heading: string },
): Promise<RollbackOutcome> {
  if (!(await releases.info(input.release))) return { status: 'unknown' };
  // Release 1 has nothing before it to go back to.
  if (input.release === 1) return { status: 'first' };
  const live = await releases.current();
  if (input.baseRelease !== live) return { status: 'stale', current: (await releases.info(live))! };
  const before = await releases.files(live);
  const target = await releases.files(input.release - 1);
  const changed = changedPaths(before, target);
  if (changed.length === 0) return { status: 'empty', current: (await releases.info(live))! };
  return releases.publish({
    changes: Object.fromEntries(changed.map((file) => [file, target[file] ?? null])),
    baseRelease: live,
    author: input.author,
    source: 'rollback',
    summary: [input.heading, ...describeContentChange(before, target)],
  });
}

export type OpenOutcome = { status: 'opened'; file: string } | { status: 'unknown' } | { status: 'absent' } | { status: 'unreadable' };

/** Puts release `release`'s version of `file` (only its item `id` when given) into the account's draft. */
export function openAsDraft(
  deps: { db: Db; repo: Repo; now: () => Date },
  accountId: number,
  input: { release: number; file: string; id?: string },
): Promise<OpenOutcome> {
  const { db, repo } = deps;
  return db.write(DRAFT_LOCK, async (q) => {
    const old = await releaseFiles(q, input.release);
    if (!old) return { status: 'unknown' };
    const oldText = old[input.file];
    if (oldText === undefined) return { status: 'absent' };
    const live = (await liveRelease(repo, q)) ?? 0;
    const draft = await readDraft(q, accountId);
    const current = draft?.files[input.file] ?? ((await releaseFiles(q, live)) ?? {})[input.file];
    let text = oldText;
    if (input.id !== undefined) {
      const item = itemOf(oldText, input.id);
      if (!item) return { status: 'absent' };
      const value = parsed(current ?? '{"items":[]}');
      if (!value) return { status: 'unreadable' };
      const items = Array.isArray(value.items) ? [...(value.items as unknown[])] : [];
      const at = items.findIndex((entry) => isObject(entry) && String(entry.id) === input.id);
      if (at >= 0) items[at] = item;
      else items.push(item);
      text = editText(current, { ...value, items });
    }
    await writeDraft(q, accountId, {
      files: { ...draft?.files, [input.file]: text },
      baseRelease: draft?.baseRelease ?? live,
      updatedAt: deps.now().toISOString(),
    });
    return { status: 'opened', file: input.file };
  });
}

function parsed(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
