import { one, run, sql, type Db, type Queryable } from '../db';

/**
 * Edit locks of the studio's content items (table content_locks): one account edits an item at a
 * time. A lock is set when an item is opened or changed, kept by heartbeats (the browser's, every
 * LOCK_HEARTBEAT_MS) and free to take once its last heartbeat is older than LOCK_TTL_MS; it is
 * released when its holder leaves the item. Another account may take it over, never release it.
 * An account holds one lock at a time: taking one releases the others it held.
 */

/** How often the browser renews a lock it holds. */
export const LOCK_HEARTBEAT_MS = 20_000;
/** A lock whose last heartbeat is older than this is free. */
export const LOCK_TTL_MS = 60_000;

/** The write lock of the content locks' table (a read and its write at once). */
const LOCKS_WRITE = 'content-locks';

export interface LockHolder {
  accountId: number;
  email: string;
  since: string;
}

export type LockOutcome = { status: 'held'; since: string } | { status: 'taken'; holder: LockHolder };
export type ReleaseOutcome = { status: 'released' } | { status: 'notYours'; holder: LockHolder };

interface LockRow {
  account_id: number;
  email: string;
  since: string;
  seen_at: string;
}

export function createContentLocks(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  /** The live lock of an item (undefined when none, or its heartbeat is past its lifetime). */
  const holderOf = async (q: Queryable, file: string, id: string): Promise<LockHolder | undefined> => {
    const row = await one<LockRow>(
      q,
      sql`SELECT l.account_id, a.email, l.since, l.seen_at FROM content_locks l
          JOIN studio_accounts a ON a.id = l.account_id WHERE l.file = ${file} AND l.item_id = ${id}`,
    );
    if (!row || Date.parse(row.seen_at) <= now().getTime() - LOCK_TTL_MS) return undefined;
    return { accountId: Number(row.account_id), email: row.email, since: row.since };
  };

  /** Writes the account's lock on the item (its others released); `since` kept when it held it already. */
  const hold = async (q: Queryable, accountId: number, file: string, id: string, since: string): Promise<LockOutcome> => {
    const at = now().toISOString();
    await run(q, sql`DELETE FROM content_locks WHERE account_id = ${accountId} AND NOT (file = ${file} AND item_id = ${id})`);
    await run(
      q,
      sql`INSERT INTO content_locks (file, item_id, account_id, since, seen_at) VALUES (${file}, ${id}, ${accountId}, ${since}, ${at})
          ON CONFLICT (file, item_id) DO UPDATE SET account_id = excluded.account_id, since = excluded.since, seen_at = excluded.seen_at`,
    );
    return { status: 'held', since };
  };

  return {
    holderOf: (file: string, id: string) => holderOf(db.query, file, id),

    /** Sets or renews the account's lock on an item; who holds it when another account does. */
    lock(accountId: number, file: string, id: string): Promise<LockOutcome> {
      return db.write(LOCKS_WRITE, async (q) => {
        const holder = await holderOf(q, file, id);
        if (holder && holder.accountId !== accountId) return { status: 'taken', holder };
        return hold(q, accountId, file, id, holder?.since ?? now().toISOString());
      });
    },

    /** The account takes the item's lock, whoever held it; the holder before (if any) is answered. */
    takeOver(accountId: number, file: string, id: string): Promise<LockOutcome & { previous?: LockHolder }> {
      return db.write(LOCKS_WRITE, async (q) => {
        const holder = await holderOf(q, file, id);
        if (holder?.accountId === accountId) return hold(q, accountId, file, id, holder.since);
        return { ...(await hold(q, accountId, file, id, now().toISOString())), previous: holder };
      });
    },

    /** Releases the account's lock on an item; another account's live lock stays. */
    release(accountId: number, file: string, id: string): Promise<ReleaseOutcome> {
      return db.write(LOCKS_WRITE, async (q) => {
        const holder = await holderOf(q, file, id);
        if (holder && holder.accountId !== accountId) return { status: 'notYours', holder };
        await run(q, sql`DELETE FROM content_locks WHERE file = ${file} AND item_id = ${id} AND account_id = ${accountId}`);
        return { status: 'released' };
      });
    },
  };
}

export type ContentLocks = ReturnType<typeof createContentLocks>;
