import type { SharedState } from '../shared-state';

/**
 * The content an editor has typed and not saved yet, per account: what the studio's editor sends
 * as it changes (POST /api/studio/editor/preview/drafts, without the autosave's pause) and the
 * account's preview shows over its saved draft. It is the editor's live state, not a cache: each
 * send replaces the last, an empty one clears it, a discard or a publish clears it, and it ends
 * with the preview link's 10 minutes. Kept where every instance reads it (Redis); without Redis, in
 * the process (one instance), in one map per shared state so that the studio and the site of one
 * process see the same.
 */

/** Path of a content file -> its value as the editor holds it. */
export type UnsavedFiles = Record<string, unknown>;

export interface UnsavedContent {
  put(accountId: number, files: UnsavedFiles): Promise<void>;
  /** The account's unsaved files (empty when none). */
  get(accountId: number): Promise<UnsavedFiles>;
  clear(accountId: number): Promise<void>;
}

/** How long a sent state lasts without another send (the preview link's life). */
const UNSAVED_TTL_MS = 10 * 60_000;

const key = (accountId: number) => `preview:unsaved:${accountId}`;
const locals = new WeakMap<SharedState, Map<number, { files: UnsavedFiles; until: number }>>();

/** The unsaved content over `shared`; its 10 minutes are the wall clock's, as Redis counts them. */
export function unsavedContent(shared: SharedState): UnsavedContent {
  let local = locals.get(shared);
  if (!local) locals.set(shared, (local = new Map()));
  const map = local;
  return {
    async put(accountId, files) {
      if (Object.keys(files).length === 0) return this.clear(accountId);
      const text = JSON.stringify(files);
      await shared.run(
        async (redis) => void (await redis.set(key(accountId), text, 'PX', UNSAVED_TTL_MS)),
        () => void map.set(accountId, { files: JSON.parse(text) as UnsavedFiles, until: Date.now() + UNSAVED_TTL_MS }),
      );
    },
    get(accountId) {
      return shared.run(
        async (redis) => {
          const text = await redis.get(key(accountId));
          return text ? (JSON.parse(text) as UnsavedFiles) : {};
        },
        () => {
          const kept = map.get(accountId);
          if (kept && kept.until > Date.now()) return kept.files;
          map.delete(accountId);
          return {};
        },
      );
    },
    async clear(accountId) {
      await shared.run(
        async (redis) => void (await redis.del(key(accountId))),
        () => void map.delete(accountId),
      );
    },
  };
}
