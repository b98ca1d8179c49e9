import type { SharedState } from '../shared-state';

/**
 * The content an editor has typed and not saved yet, per account: what the studio's editor sends
 * as it changes (POST /api/studio/editor/preview/drafts, without the autosave's pause) and the
 * account's preview shows over its saved draft. It is the editor's live state, not a cache: each
 * send replaces the last, an empty one clears it, a discard or a publish clears it, and it ends
 * with the preview link's 10 minutes. Kept where every instance reads it (Redis); without Redis, in
 * the process (one instance), in one map per shared state so that the studio and the site of one
 * process see the same.
 *
 * Each send carries its number (increasing; the studio counts from the clock): the studio tells its
 * preview frame the number at once, and the frame's request for the page waits until that send is
 * kept (`reached`), so the page is rendered as soon as the send lands, not one round trip later.
 */

/** Path of a content file -> its value as the editor holds it. */
export type UnsavedFiles = Record<string, unknown>;

export interface UnsavedContent {
  /** Keeps `files` (none: clears them), sent as send number `seq` when given. */
  put(accountId: number, files: UnsavedFiles, seq?: number): Promise<void>;
  /** The account's unsaved files (empty when none). */
  get(accountId: number): Promise<UnsavedFiles>;
  /** Whether send `seq` or a later one has been kept, waiting at most `waitMs` for it. */
  reached(accountId: number, seq: number, waitMs: number): Promise<boolean>;
  clear(accountId: number): Promise<void>;
}

/** How long a sent state lasts without another send (the preview link's life). */
const UNSAVED_TTL_MS = 10 * 60_000;
/** How often `reached` looks again while it waits. */
const POLL_MS = 3;

const key = (accountId: number) => `preview:unsaved:${accountId}`;
const seqKey = (accountId: number) => `preview:unsaved-seq:${accountId}`;
interface Local {
  files: Map<number, { files: UnsavedFiles; until: number }>;
  seqs: Map<number, { seq: number; until: number }>;
}
const locals = new WeakMap<SharedState, Local>();

/** The unsaved content over `shared`; its 10 minutes are the wall clock's, as Redis counts them. */
export function unsavedContent(shared: SharedState): UnsavedContent {
  let local = locals.get(shared);
  if (!local) locals.set(shared, (local = { files: new Map(), seqs: new Map() }));
  const { files: map, seqs } = local;
  const lastSeq = (accountId: number) =>
    shared.run(
      async (redis) => Number((await redis.get(seqKey(accountId))) ?? -1),
      () => {
        const kept = seqs.get(accountId);
        return kept && kept.until > Date.now() ? kept.seq : -1;
      },
    );
  return {
    async put(accountId, files, seq) {
      if (Object.keys(files).length === 0) await this.clear(accountId);
      else {
        const text = JSON.stringify(files);
        await shared.run(
          async (redis) => void (await redis.set(key(accountId), text, 'PX', UNSAVED_TTL_MS)),
          () => void map.set(accountId, { files: JSON.parse(text) as UnsavedFiles, until: Date.now() + UNSAVED_TTL_MS }),
        );
      }
      // The number after the files: a request that sees it finds the files it names.
      if (seq !== undefined)
        await shared.run(
          async (redis) => void (await redis.set(seqKey(accountId), String(seq), 'PX', UNSAVED_TTL_MS)),
          () => void seqs.set(accountId, { seq, until: Date.now() + UNSAVED_TTL_MS }),
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
    async reached(accountId, seq, waitMs) {
      const until = Date.now() + waitMs;
      for (;;) {
        if ((await lastSeq(accountId)) >= seq) return true;
        if (Date.now() >= until) return false;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
    async clear(accountId) {
      await shared.run(
        async (redis) => void (await redis.del(key(accountId))),
        () => void map.delete(accountId),
      );
    },
  };
}
