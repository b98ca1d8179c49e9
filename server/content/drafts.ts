import { one, run, sql, type Queryable } from '../db';
import type { ContentTexts } from './release-rows';

/**
 * The studio's drafts (table content_drafts): one per account, the content files it changed (path
 * -> text) and the release it started from. A save writes it at once, unchecked (an unfinished
 * change is kept); it outlives the session, and goes when published or discarded.
 */

export interface Draft {
  files: ContentTexts;
  baseRelease: number;
  updatedAt: string;
}

export async function readDraft(q: Queryable, accountId: number): Promise<Draft | undefined> {
  const row = await one<{ files: string; base_release: number; updated_at: string }>(
    q,
    sql`SELECT files, base_release, updated_at FROM content_drafts WHERE account_id = ${accountId}`,
  );
  return row && { files: JSON.parse(row.files) as ContentTexts, baseRelease: Number(row.base_release), updatedAt: row.updated_at };
}

export async function writeDraft(q: Queryable, accountId: number, draft: Draft): Promise<void> {
  await run(
    q,
    sql`INSERT INTO content_drafts (account_id, files, base_release, updated_at)
        VALUES (${accountId}, ${JSON.stringify(draft.files)}, ${draft.baseRelease}, ${draft.updatedAt})
        ON CONFLICT (account_id) DO UPDATE SET files = excluded.files, base_release = excluded.base_release, updated_at = excluded.updated_at`,
  );
}

/** Removes an account's draft; whether there was one. */
export async function removeDraft(q: Queryable, accountId: number): Promise<boolean> {
  return (await run(q, sql`DELETE FROM content_drafts WHERE account_id = ${accountId}`)) > 0;
}
