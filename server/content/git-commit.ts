import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MEDIA_DIR, MEDIA_NAME } from '../images/check';
import { git, GitError } from './git';

/**
 * One content release written as one commit in the record's work tree: the release's whole set of
 * content files under content/ (content/*.json not in the set removed; content/demo/*.json too when
 * the set holds that folder), its pages.config.json and form files when it has them, the studio's uploaded images the release names written into
 * content/media/ when the tree has not got them (an image of the folder is never changed or removed),
 * content/.release holding its number, the author who published it and its change in words as the message.
 */

/** The file that tells which release the content files in git are (the number and a newline). */
export const RELEASE_FILE = 'content/.release';

/** A content_releases row, as the record reads it. */
export interface ReleaseRow {
  number: number;
  /** JSON: { "content/articles.json": "<text>", ... }, the whole set. */
  files: string;
  /** JSON: the change in words, one line each. */
  summary: string;
  source: 'studio' | 'files' | 'rollback';
  author_name: string | null;
  author_email: string | null;
  reviewer: string | null;
  created_at: string;
}

export interface Identity {
  name: string;
  email: string;
}

/** The longest subject line of a commit. */
const SUBJECT_LENGTH = 72;
/** A path of a release's file: content/<name>.json, content/demo/<name>.json, pages.config.json or forms/<name>.json. */
const CONTENT_PATH = /^(?:(?:content\/(?:demo\/)?|forms\/)[A-Za-z0-9][A-Za-z0-9._-]*\.json|pages\.config\.json)$/;
/** A release's files outside content/: written when the release has them; one it lacks is left in the tree as it is. */
const OUTSIDE_CONTENT = /^(?:pages\.config\.json|forms\/.*)$/;
const DEMO_DIR = 'content/demo';

/** A text on one line. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();
/** A name or e-mail without what git refuses in one (angle brackets, line breaks). */
const identityPart = (text: string) => oneLine(text.replace(/[<>]+/g, ' '));

/** The release's files, checked: every path a content file's, every text a string. */
export function releaseFiles(row: ReleaseRow): Record<string, string> {
  const files = JSON.parse(row.files) as unknown;
  if (typeof files !== 'object' || files === null || Array.isArray(files)) throw new Error(`release ${row.number}: files is not an object`);
  for (const [path, text] of Object.entries(files)) {
    if (!CONTENT_PATH.test(path)) throw new Error(`release ${row.number}: '${path.slice(0, 200)}' is not the path of a release's file`);
    if (typeof text !== 'string') throw new Error(`release ${row.number}: the text of ${path} is not a string`);
  }
  return files as Record<string, string>;
}

/** The commit message's paragraphs: the subject, the change in words, the trailers. */
export function commitMessage(row: ReleaseRow): string[] {
  const summary = (JSON.parse(row.summary) as unknown[]).filter((line): line is string => typeof line === 'string').map(oneLine);
  const first = summary[0] || `Content release ${row.number}`;
  const subject = first.length > SUBJECT_LENGTH ? `${first.slice(0, SUBJECT_LENGTH - 1)}…` : first;
  const trailers = [`Studio-Release: ${row.number}`, ...(row.reviewer ? [`Reviewed-by: ${oneLine(row.reviewer)}`] : [])];
  return [subject, ...(summary.length > 0 ? [summary.join('\n')] : []), trailers.join('\n')];
}

/** The release number HEAD's content/.release holds, if HEAD exists and holds one. */
export async function headRelease(dir: string): Promise<number | undefined> {
  try {
    const text = await git(dir, ['show', `HEAD:${RELEASE_FILE}`]);
    return /^\d+\n?$/.test(text) ? Number(text.trim()) : undefined;
  } catch (error) {
    if (error instanceof GitError) return undefined;
    throw error;
  }
}

export async function headCommit(dir: string): Promise<string> {
  return (await git(dir, ['rev-parse', 'HEAD'])).trim();
}

/** The .json files of a folder of the work tree (none when it does not exist). */
async function jsonFiles(dir: string, folder: string): Promise<string[]> {
  try {
    return (await readdir(join(dir, folder), { withFileTypes: true }))
      .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
      .map((entry) => `${folder}/${entry.name}`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Brings the work tree's content files to the release's set and writes content/.release. */
async function writeRelease(dir: string, number: number, files: Record<string, string>): Promise<void> {
  const managed = Object.keys(files).some((path) => path.startsWith(`${DEMO_DIR}/`))
    ? [...(await jsonFiles(dir, 'content')), ...(await jsonFiles(dir, DEMO_DIR))]
    : await jsonFiles(dir, 'content');
  for (const path of managed) if (!(path in files)) await rm(join(dir, path), { force: true });
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  await writeFile(join(dir, RELEASE_FILE), `${number}\n`);
}

/** The images the release names that the tree has not got, written into content/media; their paths. */
async function writeMedia(dir: string, media: ReadonlyMap<string, Uint8Array>): Promise<string[]> {
  const written: string[] = [];
  if (media.size > 0) await mkdir(join(dir, MEDIA_DIR), { recursive: true });
  for (const [name, bytes] of media) {
    if (!MEDIA_NAME.test(name)) throw new Error(`'${name.slice(0, 200)}' is not a content image's name`);
    const path = `${MEDIA_DIR}/${name}`;
    try {
      // 'wx': an image the tree has is left as it is (its name is its bytes).
      await writeFile(join(dir, path), bytes, { flag: 'wx' });
      written.push(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return written;
}

/**
 * Writes a release (and `media`: the uploaded images it names) into the work tree `dir` and commits it: authored by who published it (a release
 * of the files at a start: by `committer`) at the release's time, committed by `committer`. Returns
 * the commit's hash. Hooks do not run and nothing is signed: the record writes what was published.
 */
export async function commitRelease(
  dir: string,
  row: ReleaseRow,
  committer: Identity,
  media: ReadonlyMap<string, Uint8Array> = new Map(),
): Promise<string> {
  const files = releaseFiles(row);
  await writeRelease(dir, row.number, files);
  await git(dir, [
    'add',
    '-A',
    '--',
    'content',
    ':(exclude)content/media',
    ...Object.keys(files).filter((path) => OUTSIDE_CONTENT.test(path)),
  ]);
  const images = await writeMedia(dir, media);
  if (images.length > 0) await git(dir, ['add', '--', ...images]);
  const author =
    row.author_name && row.author_email ? { name: identityPart(row.author_name), email: identityPart(row.author_email) } : committer;
  const message = commitMessage(row).flatMap((paragraph) => ['-m', paragraph]);
  await git(dir, ['-c', 'commit.gpgsign=false', 'commit', '--no-verify', '--quiet', '--allow-empty', ...message], {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_AUTHOR_DATE: row.created_at,
    GIT_COMMITTER_NAME: committer.name,
    GIT_COMMITTER_EMAIL: committer.email,
  });
  return headCommit(dir);
}
