import { createHash } from 'node:crypto';
import { all, one, sql, type Queryable } from '../db';
import { readContentFiles, resourceOf, DEMO_CONTENT_DIR, type ContentFile } from '../content/files';
import { CONTENT_RELEASE_META } from '../content/release-watch';
import type { UnsavedFiles } from './unsaved';

/**
 * What a preview shows: the live release's content files with the account's draft over them. The
 * live release is the content_releases row named by the meta row content_release (its files are the
 * whole set); before the first release, the files on disk. A draft's files replace those of the same
 * path; a null text (a file the draft removes) takes it out. A preview as of a date then applies
 * the waiting scheduled changes due by then, in the order the scheduler publishes them.
 */

/** Path -> text of every content file (content/… and content/demo/…). */
export type ContentTexts = Record<string, string>;

export interface PreviewContent {
  /** The live release's texts (what the public site shows). */
  live: Readonly<ContentTexts>;
  /** The live texts with the draft over them. */
  texts: ContentTexts;
  /** Names what made this set of texts (release, draft, unsaved values, date): the same makings, the same version. */
  version: string;
  /** The date the preview shows the site as of (a promo code's end is counted from it); absent: now. */
  asOf?: Date;
}

interface FilesRow {
  files: string;
}

/**
 * Whether the account may still preview: it exists and is not disabled. Its right to change the
 * content was checked when the studio issued the token; a role taken away shows at the token's end.
 */
export async function mayPreview(q: Queryable, accountId: number): Promise<boolean> {
  const row = await one<{ disabled: number }>(q, sql`SELECT disabled FROM studio_accounts WHERE id = ${accountId}`);
  return row !== undefined && Number(row.disabled) === 0;
}

/**
 * The last live release read, per database: a release's files never change once written, and a
 * preview reads them at each keystroke. Frozen: every preview shares them.
 */
const lastLive = new WeakMap<Queryable, { number: number; texts: Readonly<ContentTexts> }>();

/** The live release's number and texts, or the disk's under `root` before any release (number null). */
async function liveTexts(q: Queryable, root: string): Promise<{ number: number | null; texts: Readonly<ContentTexts> }> {
  const meta = await one<{ value: string }>(q, sql`SELECT value FROM meta WHERE key = ${CONTENT_RELEASE_META}`);
  const number = meta ? Number(meta.value) : NaN;
  const known = lastLive.get(q);
  if (known && known.number === number) return known;
  const row = Number.isInteger(number)
    ? await one<FilesRow>(q, sql`SELECT files FROM content_releases WHERE number = ${number}`)
    : undefined;
  if (row) {
    const live = { number, texts: Object.freeze(JSON.parse(row.files) as ContentTexts) };
    lastLive.set(q, live);
    return live;
  }
  return { number: null, texts: Object.fromEntries(readContentFiles(root, { demo: true }).map((file) => [file.file, file.text])) };
}

/** `changes` (path -> text, null removes the file) made to `texts`. */
function applyTo(texts: ContentTexts, changes: Record<string, string | null>): void {
  for (const [path, text] of Object.entries(changes)) {
    if (typeof text === 'string') texts[path] = text;
    else delete texts[path];
  }
}

/** The changes of the waiting schedules due by `asOf`, in the scheduler's order (its time, then its number). */
async function dueChanges(q: Queryable, asOf: Date): Promise<Array<Record<string, string | null>>> {
  const rows = await all<{ changes: string }>(
    q,
    sql`SELECT changes FROM content_schedules WHERE state = 'waiting' AND run_at <= ${asOf.toISOString()} ORDER BY run_at, id`,
  );
  return rows.map((row) => JSON.parse(row.changes) as Record<string, string | null>);
}

/**
 * The content a preview of `accountId` shows (the live content when the account has no draft): the
 * draft, the `unsaved` values the editor holds over it (written afresh: the layout of a text shows
 * nowhere on a page), and, as of `asOf` when given, each waiting schedule due by then.
 */
export async function previewContent(
  q: Queryable,
  accountId: number,
  root: string,
  unsaved: UnsavedFiles = {},
  asOf?: Date,
): Promise<PreviewContent> {
  const { number, texts: live } = await liveTexts(q, root);
  const draft = await one<FilesRow>(q, sql`SELECT files FROM content_drafts WHERE account_id = ${accountId}`);
  const texts: ContentTexts = { ...live };
  applyTo(texts, draft ? (JSON.parse(draft.files) as Record<string, string | null>) : {});
  const typed = Object.entries(unsaved).map(([path, value]) => [path, `${JSON.stringify(value, null, 2)}\n`] as const);
  for (const [path, text] of typed) texts[path] = text;
  const due = asOf ? await dueChanges(q, asOf) : [];
  for (const changes of due) applyTo(texts, changes);
  // A release's texts are named by its number; the disk's (before any release) by themselves.
  const base =
    number ??
    Object.keys(texts)
      .sort()
      .map((path) => [path, texts[path]]);
  const version = createHash('sha1')
    .update(JSON.stringify([asOf?.toISOString() ?? '', base, draft?.files ?? null, typed, due]))
    .digest('hex');
  return { live, texts, version, ...(asOf ? { asOf } : {}) };
}

/** Texts as content files, content/ before content/demo/, each folder by name (the order of readContentFiles). */
export function contentFiles(texts: ContentTexts): ContentFile[] {
  const demo = (file: string) => file.startsWith(`${DEMO_CONTENT_DIR}/`);
  return Object.keys(texts)
    .filter((file) => /^content\/(demo\/)?[^/]+\.json$/.test(file))
    .sort((a, b) => Number(demo(a)) - Number(demo(b)) || (a < b ? -1 : a > b ? 1 : 0))
    .map((file) => ({ file, resource: resourceOf(file), demo: demo(file), text: texts[file] }));
}
