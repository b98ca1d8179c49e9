import { existsSync, lstatSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isObject } from '../json-file';
import type { ProjectGate } from './check';
import { PROJECT_PATHS } from '../project';
import { mediaNameProblem, storedMediaProblem } from './media';
import { configChanges, formChange } from './config-changes';
import { contentName, readText } from './project';
import { isContentFile } from './paths';
import { changedFiles, committedText, git, isMediaFile, isRepository, textAt } from './git-tree';
import type { Diagnostic } from '../diagnostics';

/** The longest commit message taken, in characters. */
export const MAX_MESSAGE = 2_000;
/** Who a commit is by when the repository names nobody (`git config user.name` / `user.email`). */
const FALLBACK_AUTHOR = { name: 'Site editor', email: 'editor@localhost' };

/** Where a publish goes: the current branch, or a new branch of its own for someone to review. */
export type PublishMode = 'branch' | 'review';
/** The review branches' names: this, then the date and the message's first words. */
export const REVIEW_PREFIX = 'edit/';

/** What is saved but not published: the editor's files that differ from the last commit, in words. */
export interface PublishStatus {
  /** Whether the project is a git repository (else nothing can be published). */
  git: boolean;
  /** The branch a publish commits to (undefined on a detached HEAD); in review mode, the one it starts from. */
  branch?: string;
  /** 'review': each publish is a new branch (REVIEW_PREFIX…) off the current one, which stays as it is. */
  mode?: PublishMode;
  /** In review mode, the review branch that already holds exactly these changes (nothing new to publish). */
  inReview?: string;
  /** The changed files (pages.config.json, forms/<name>.json), added, changed or removed. */
  files: string[];
  /** One line per page, form or settings that changed: "About: FAQ added", "Contact form changed". */
  summary: string[];
  /** Files of the media folder a publish leaves out, and why (present only when there are some). */
  leftOut?: LeftOut[];
}

/** A file of the media folder that is not published: not named as the upload names one, or refused by its check. */
export interface LeftOut {
  file: string;
  reason: string;
}

export type PublishResult =
  | { status: 200; body: { commit: string; branch?: string; files: string[]; leftOut?: LeftOut[] } }
  | { status: 409; body: { message: string } }
  | { status: 422; body: { message: string; problems: Diagnostic[] } };

function parse(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The ids of a content file's items, with each item's JSON. */
function contentItems(value: unknown): Map<unknown, string> {
  const items = isObject(value) && Array.isArray(value.items) ? value.items : [];
  return new Map(items.map((item: unknown, index) => [isObject(item) && 'id' in item ? item.id : `#${index}`, JSON.stringify(item)]));
}

/** "Articles: 1 added, 2 changed" of one content file, before and after ("Footer: reordered"). */
function contentChanges(file: string, before: unknown, after: unknown): string {
  const name = contentName(file);
  if (after === undefined) return `${name}: removed`;
  const old = contentItems(before);
  const now = contentItems(after);
  let added = 0;
  let changed = 0;
  for (const [id, json] of now) {
    if (!old.has(id)) added++;
    else if (old.get(id) !== json) changed++;
  }
  const removed = [...old.keys()].filter((id) => !now.has(id)).length;
  const parts = [added && `${added} added`, changed && `${changed} changed`, removed && `${removed} removed`].filter(Boolean);
  if (parts.length === 0) parts.push(JSON.stringify([...old.keys()]) !== JSON.stringify([...now.keys()]) ? 'reordered' : 'changed');
  return `${name}: ${parts.join(', ')}`;
}

/**
 * The files a publish takes of `files`, and the media files it leaves out: a file of the media folder
 * is published only when it is named as the upload names one and passes the upload's check now (a
 * removal, when its name is such a name). Anything else put there by hand stays out of the commit.
 */
async function checkedFiles(root: string, files: readonly string[]): Promise<{ files: string[]; leftOut: LeftOut[] }> {
  const kept: string[] = [];
  const leftOut: LeftOut[] = [];
  for (const file of files) {
    if (!isMediaFile(file)) {
      kept.push(file);
      continue;
    }
    const present = lstatSync(path.join(root, file), { throwIfNoEntry: false }) !== undefined;
    const reason = present ? await storedMediaProblem(root, file) : mediaNameProblem(file);
    if (reason) leftOut.push({ file, reason });
    else kept.push(file);
  }
  return { files: kept, leftOut };
}

/** Whether a file of the working tree exists. */
function readBytesExist(root: string, file: string): boolean {
  return existsSync(path.join(root, file));
}

/** The newest review branch off HEAD whose files are these files as they are now, if any. */
async function reviewHolding(root: string, files: readonly string[]): Promise<string | undefined> {
  const refs = (
    await git(root, ['for-each-ref', '--sort=-committerdate', '--count=20', '--format=%(refname:short)', `refs/heads/${REVIEW_PREFIX}`])
  )
    .split('\n')
    .filter(Boolean);
  for (const ref of refs) {
    const same = await Promise.all(files.map(async (file) => (await textAt(root, ref, file)) === readText(root, file)));
    if (same.every(Boolean)) return ref;
  }
  return undefined;
}

/** What a publish would commit, and in words what it changes. */
export async function publishStatus(root: string, mode: PublishMode = 'branch'): Promise<PublishStatus> {
  if (!(await isRepository(root))) return { git: false, files: [], summary: [] };
  const branch = (await git(root, ['branch', '--show-current'])).trim() || undefined;
  const { files, leftOut } = await checkedFiles(root, await changedFiles(root));
  const left = leftOut.length > 0 ? { leftOut } : {};
  const summary: string[] = [];
  const images = { added: 0, changed: 0, removed: 0 };
  for (const file of files) {
    if (isMediaFile(file)) {
      const [was, is] = await Promise.all([
        git(root, ['cat-file', '-e', `HEAD:${file}`]).then(
          () => true,
          () => false,
        ),
        readBytesExist(root, file),
      ]);
      images[!is ? 'removed' : was ? 'changed' : 'added']++;
      continue;
    }
    const before = parse(await committedText(root, file));
    const after = parse(readText(root, file));
    if (file === PROJECT_PATHS.config) summary.push(...configChanges(before, after));
    else if (isContentFile(file)) summary.push(contentChanges(file, before, after));
    else summary.push(formChange(file, before, after));
  }
  const imageParts = Object.entries(images).flatMap(([what, n]) => (n ? [`${n} ${what}`] : []));
  if (imageParts.length > 0) summary.push(`Images: ${imageParts.join(', ')}`);
  if (mode === 'branch') return { git: true, branch, files, summary, ...left };
  const inReview = files.length ? await reviewHolding(root, files) : undefined;
  return { git: true, branch, mode, files, summary, ...(inReview ? { inReview } : {}), ...left };
}

/** A review branch's name: REVIEW_PREFIX, the date and time, and the message's first words. */
async function reviewBranchName(root: string, message: string): Promise<string> {
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  const words = message
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .split('-')
    .slice(0, 6)
    .join('-');
  const base = `${REVIEW_PREFIX}${stamp}${words ? `-${words}` : ''}`;
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    const taken = await git(root, ['rev-parse', '--verify', '--quiet', `refs/heads/${name}`]).then(
      () => true,
      () => false,
    );
    if (!taken) return name;
  }
}

/**
 * Commits `files` as they are in the working tree onto a new review branch off HEAD, without
 * touching the working tree, the index or the current branch: through an index of its own.
 */
async function commitForReview(
  root: string,
  files: readonly string[],
  message: string,
  author: readonly string[],
): Promise<{ commit: string; branch: string }> {
  const index = path.join(tmpdir(), `editor-publish-index-${process.pid}-${Date.now()}`);
  const env = { GIT_INDEX_FILE: index };
  try {
    await git(root, ['read-tree', 'HEAD'], env);
    await git(root, ['update-index', '--add', '--remove', '--', ...files], env);
    const tree = (await git(root, ['write-tree'], env)).trim();
    const commit = (await git(root, [...author, 'commit-tree', tree, '-p', 'HEAD', '-m', message])).trim();
    const branch = await reviewBranchName(root, message);
    // Made only if no branch of that name exists (the zero id), never moved.
    await git(root, ['update-ref', `refs/heads/${branch}`, commit, '0'.repeat(40)]);
    return { commit, branch };
  } finally {
    rmSync(index, { force: true });
  }
}

/** Why a publish request is refused (400), or undefined. */
export function publishRequestProblem(body: unknown): string | undefined {
  if (!isObject(body) || typeof body.message !== 'string') return 'expected { message: string }';
  const message = body.message.trim();
  if (message === '') return 'Write what the change is about.';
  if (message.length > MAX_MESSAGE) return `Keep the message to ${MAX_MESSAGE} characters.`;
  // eslint-disable-next-line no-control-regex -- a message is text: no NUL or other control characters but line breaks and tabs
  if (/[\u0000-\u0008\u000B-\u001F\u007F]/.test(message)) return 'The message has a control character.';
  return undefined;
}

/**
 * Commits the editor's saved files that differ from the last commit, and nothing else (other changes
 * of the working tree, staged or not, stay as they are; files of the media folder that are not
 * checked images are left out and named in `leftOut`), with `message`: on the current branch, or in
 * review mode on a new branch of its own off it (the working tree and the current branch untouched;
 * no hooks run for it). The project must pass the same gate as a save; a project that is not a git
 * repository, or has nothing (new) to publish, is refused (409).
 */
export async function publish(root: string, gate: ProjectGate, message: string, mode: PublishMode = 'branch'): Promise<PublishResult> {
  const status = await publishStatus(root, mode);
  if (!status.git) return { status: 409, body: { message: 'This project is not a git repository: saved changes stay as files.' } };
  if (status.files.length === 0) return { status: 409, body: { message: 'Nothing to publish: every saved change is committed.' } };
  if (status.inReview) return { status: 409, body: { message: `Nothing new to publish: ${status.inReview} holds these changes.` } };
  const problems = await gate.check({});
  if (problems.length > 0) return { status: 422, body: { message: 'The project has problems: fix them before publishing.', problems } };
  // The images checked again right before the commit: one changed since the status is left out too.
  const checked = await checkedFiles(root, status.files);
  const files = checked.files;
  const leftOut = [...(status.leftOut ?? []), ...checked.leftOut];
  const left = leftOut.length > 0 ? { leftOut } : {};
  if (files.length === 0) return { status: 409, body: { message: 'Nothing to publish: every saved change is committed.' } };
  const identity = await Promise.all(
    ['user.name', 'user.email'].map((key) =>
      git(root, ['config', key]).then(
        (value) => value.trim(),
        () => '',
      ),
    ),
  );
  const author = identity.every(Boolean)
    ? []
    : ['-c', `user.name=${identity[0] || FALLBACK_AUTHOR.name}`, '-c', `user.email=${identity[1] || FALLBACK_AUTHOR.email}`];
  try {
    if (mode === 'review') {
      const done = await commitForReview(root, files, message.trim(), author);
      return { status: 200, body: { ...done, files, ...left } };
    }
    await git(root, ['add', '--all', '--', ...files]);
    // `commit -- <paths>` commits those paths only, whatever else is staged. The repository's hooks run.
    await git(root, [...author, 'commit', '--quiet', '-m', message.trim(), '--', ...files]);
  } catch (error) {
    const said = (error as { stderr?: string }).stderr?.trim();
    return { status: 409, body: { message: `git did not commit: ${said || String(error)}` } };
  }
  const commit = (await git(root, ['rev-parse', 'HEAD'])).trim();
  return { status: 200, body: { commit, branch: status.branch, files, ...left } };
}
