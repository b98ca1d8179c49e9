import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Identity } from './git-commit';
import { DEFAULT_BRANCH, DEFAULT_COMMITTER } from './git-record';

/**
 * The git record's settings (read by server/settings.ts from the environment it is given):
 * CONTENT_GIT_DIR turns it on; CONTENT_GIT_REMOTE, CONTENT_GIT_BRANCH and CONTENT_GIT_COMMITTER
 * only make sense with it. Values that git would read as options (a leading '-') are refused.
 */
export interface ContentGitSettings {
  /** The work tree the releases are committed to (absolute). */
  dir: string;
  /** A remote's name or URL the commits are pushed to. */
  remote?: string;
  branch: string;
  committer: Identity;
}

const BRANCH = /^(?!-)(?!.*\.\.)(?!.*\/\/)(?!.*\.lock$)[A-Za-z0-9._/-]{1,200}(?<![/.])$/;
const COMMITTER = /^([^<>\r\n]{1,100}) <([^<>\s]{1,254}@[^<>\s]{1,254})>$/;
/** Printable characters only: no spaces, no control characters, and not an option. */
const REMOTE = /^(?!-)[!-~\u00a0-\uffff]{1,2000}$/;

export function readContentGitSettings(env: Record<string, string | undefined>, problems: string[]): ContentGitSettings | undefined {
  const dirValue = env.CONTENT_GIT_DIR;
  if (!dirValue) {
    const orphans = ['CONTENT_GIT_REMOTE', 'CONTENT_GIT_BRANCH', 'CONTENT_GIT_COMMITTER'].filter((name) => env[name]);
    if (orphans.length > 0) problems.push(`${orphans.join(', ')} set without CONTENT_GIT_DIR: the git record is off without its work tree`);
    return undefined;
  }
  const dir = resolve(dirValue);
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    problems.push(`CONTENT_GIT_DIR must be the folder of a git clone (got '${dirValue.slice(0, 200)}', which is not a folder)`);
  const remote = env.CONTENT_GIT_REMOTE || undefined;
  if (remote !== undefined && !REMOTE.test(remote))
    problems.push("CONTENT_GIT_REMOTE must be a remote's name or URL, without spaces and not starting with '-'");
  const branch = env.CONTENT_GIT_BRANCH || DEFAULT_BRANCH;
  if (!BRANCH.test(branch)) problems.push(`CONTENT_GIT_BRANCH must be a branch name such as main (got '${branch.slice(0, 200)}')`);
  if (env.CONTENT_GIT_BRANCH && !remote)
    problems.push('CONTENT_GIT_BRANCH is set without CONTENT_GIT_REMOTE: it names the branch pushed to');
  let committer = DEFAULT_COMMITTER;
  if (env.CONTENT_GIT_COMMITTER) {
    const match = COMMITTER.exec(env.CONTENT_GIT_COMMITTER);
    if (match) committer = { name: match[1].trim(), email: match[2] };
    else problems.push(`CONTENT_GIT_COMMITTER must be 'Name <address>' (got '${env.CONTENT_GIT_COMMITTER.slice(0, 200)}')`);
  }
  return { dir, remote, branch, committer };
}
