import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PROJECT_PATHS } from '../project';
import { MEDIA_DIR } from './media';
import { editablePathProblem } from './paths';

/**
 * What the visual editor's publish (`npm run edit`, publish.ts) reads of the git work tree: the
 * files it changed since the last commit, and files' texts at a commit.
 */

const run = promisify(execFile);

/** Runs git in `root` (its output; `env` added to the process's). */
export async function git(root: string, args: readonly string[], env?: NodeJS.ProcessEnv): Promise<string> {
  const { stdout } = await run('git', args, { cwd: root, maxBuffer: 16 * 1024 * 1024, env: env && { ...process.env, ...env } });
  return stdout;
}

/** The file's text at the last commit, or undefined where it was not committed. */
export async function committedText(root: string, file: string): Promise<string | undefined> {
  try {
    return await git(root, ['show', `HEAD:${file}`]);
  } catch {
    return undefined;
  }
}

/** Whether a path is an uploaded image's (a file under MEDIA_DIR, no '..'). */
export function isMediaFile(file: string): boolean {
  return file.startsWith(`${MEDIA_DIR}/`) && !file.split('/').includes('..');
}

/** The editor's files that differ from the last commit (tracked and changed, or new), by `git status`. */
export async function changedFiles(root: string): Promise<string[]> {
  const out = await git(root, [
    'status',
    '--porcelain=v1',
    '-z',
    '--untracked-files=all',
    '--',
    PROJECT_PATHS.config,
    PROJECT_PATHS.forms,
    PROJECT_PATHS.content,
  ]);
  const files: string[] = [];
  const entries = out.split('\0');
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (entry.length < 4) continue;
    // A rename or copy names its source in the next entry.
    if (entry[0] === 'R' || entry[0] === 'C') i++;
    const file = entry.slice(3);
    if (!editablePathProblem(file) || isMediaFile(file)) files.push(file);
  }
  // pages.config.json first, then the forms, the content files and the images by path.
  return [...new Set(files)].sort((a, b) => Number(b === PROJECT_PATHS.config) - Number(a === PROJECT_PATHS.config) || (a < b ? -1 : 1));
}

/** Whether `root` is inside a git work tree. */
export async function isRepository(root: string): Promise<boolean> {
  try {
    return (await git(root, ['rev-parse', '--is-inside-work-tree'])).trim() === 'true';
  } catch {
    return false;
  }
}

/** The text of `file` in `ref`, or undefined where the ref has no such file. */
export async function textAt(root: string, ref: string, file: string): Promise<string | undefined> {
  try {
    return await git(root, ['show', `${ref}:${file}`]);
  } catch {
    return undefined;
  }
}
