import { all, one, run, sql, type Queryable } from '../db';
import type { Repo } from '../repo';
import { CONTENT_RELEASE_META } from './release-watch';

/**
 * The rows of content_releases: every published version of the content files, numbered from 1 and
 * never changed once written (the git record adds its commit). The live release is the number in the
 * meta row CONTENT_RELEASE_META, written in the same transaction as the release and the content.
 */

/** Where a release came from: a studio publish, the files at a start, or a rollback to an older one. */
export type ReleaseSource = 'studio' | 'files' | 'rollback';

/** Path (content/…json) -> text: the whole set of content files of a release. */
export type ContentTexts = Record<string, string>;

/** A release as the history lists it (its files apart). */
export interface ReleaseInfo {
  number: number;
  source: ReleaseSource;
  authorId: number | null;
  authorName: string | null;
  createdAt: string;
  summary: string[];
  changed: string[];
  reviewer: string | null;
  recordedCommit: string | null;
}

/** A new release's row. */
export interface NewRelease {
  number: number;
  files: ContentTexts;
  changed: string[];
  summary: string[];
  source: ReleaseSource;
  author: { id: number; name: string; email: string } | null;
  reviewer?: string | null;
  createdAt: string;
}

interface Row {
  number: number;
  source: ReleaseSource;
  author_id: number | null;
  author_name: string | null;
  created_at: string;
  summary: string;
  changed: string;
  reviewer: string | null;
  recorded_commit: string | null;
}

const COLUMNS = sql`number, source, author_id, author_name, created_at, summary, changed, reviewer, recorded_commit`;

const infoOf = (row: Row): ReleaseInfo => ({
  number: Number(row.number),
  source: row.source,
  authorId: row.author_id === null ? null : Number(row.author_id),
  authorName: row.author_name,
  createdAt: row.created_at,
  summary: JSON.parse(row.summary) as string[],
  changed: JSON.parse(row.changed) as string[],
  reviewer: row.reviewer,
  recordedCommit: row.recorded_commit,
});

/** The live release's number (meta CONTENT_RELEASE_META), or undefined before the first release. */
export async function liveRelease(repo: Repo, q: Queryable): Promise<number | undefined> {
  const value = await repo.getMeta(CONTENT_RELEASE_META, q);
  return value === undefined ? undefined : Number(value);
}

/** Makes `n` the live release (inside the transaction that writes its content). */
export const setLiveRelease = (repo: Repo, q: Queryable, n: number): Promise<void> => repo.setMeta(CONTENT_RELEASE_META, String(n), q);

/** The whole set of content files of release `n`, or undefined when there is no such release. */
export async function releaseFiles(q: Queryable, n: number): Promise<ContentTexts | undefined> {
  const row = await one<{ files: string }>(q, sql`SELECT files FROM content_releases WHERE number = ${n}`);
  return row === undefined ? undefined : (JSON.parse(row.files) as ContentTexts);
}

export async function releaseInfo(q: Queryable, n: number): Promise<ReleaseInfo | undefined> {
  const row = await one<Row>(q, sql`SELECT ${COLUMNS} FROM content_releases WHERE number = ${n}`);
  return row && infoOf(row);
}

/** The releases before `before` (all when absent), newest first, at most `limit`. */
export async function listReleases(q: Queryable, options: { before?: number; limit: number }): Promise<ReleaseInfo[]> {
  const rows = await all<Row>(
    q,
    options.before === undefined
      ? sql`SELECT ${COLUMNS} FROM content_releases ORDER BY number DESC LIMIT ${options.limit}`
      : sql`SELECT ${COLUMNS} FROM content_releases WHERE number < ${options.before} ORDER BY number DESC LIMIT ${options.limit}`,
  );
  return rows.map(infoOf);
}

/**
 * The number the next release takes: one past the newest row, which is the live one unless a
 * rollback made an older one live (numbers only grow, and never collide).
 */
export async function nextReleaseNumber(q: Queryable): Promise<number> {
  const row = await one<{ n: number | null }>(q, sql`SELECT MAX(number) AS n FROM content_releases`);
  return Number(row?.n ?? 0) + 1;
}

/** The newest release of a source, or undefined. */
export async function latestOfSource(q: Queryable, source: ReleaseSource): Promise<number | undefined> {
  const row = await one<{ n: number | null }>(q, sql`SELECT MAX(number) AS n FROM content_releases WHERE source = ${source}`);
  return row?.n === null || row?.n === undefined ? undefined : Number(row.n);
}

/** The newest release after `after` that the studio made (a publish or a rollback), or undefined. */
export async function newerStudioRelease(q: Queryable, after: number): Promise<number | undefined> {
  const row = await one<{ n: number | null }>(
    q,
    sql`SELECT MAX(number) AS n FROM content_releases WHERE number > ${after} AND source IN ('studio', 'rollback')`,
  );
  return row?.n === null || row?.n === undefined ? undefined : Number(row.n);
}

export async function insertRelease(q: Queryable, release: NewRelease): Promise<void> {
  await run(
    q,
    sql`INSERT INTO content_releases (number, files, changed, summary, source, author_id, author_name, author_email, reviewer, created_at)
        VALUES (${release.number}, ${JSON.stringify(release.files)}, ${JSON.stringify(release.changed)},
                ${JSON.stringify(release.summary)}, ${release.source}, ${release.author?.id ?? null}, ${release.author?.name ?? null},
                ${release.author?.email ?? null}, ${release.reviewer ?? null}, ${release.createdAt})`,
  );
}

/** The paths whose text differs between two sets (added, changed or removed), sorted. */
export function changedPaths(before: ContentTexts, after: ContentTexts): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((file) => before[file] !== after[file]).sort();
}
