import { execFile } from 'node:child_process';

/**
 * The git command, run without a shell (execFile: arguments are never parsed by one) and without
 * any prompt: a credential or host key that is missing fails the command at once instead of waiting
 * for a terminal (GIT_TERMINAL_PROMPT=0, ssh in batch mode).
 */

/** A git command that failed: its arguments and what it wrote on standard error. */
export class GitError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly stderr: string,
  ) {
    super(
      `git ${args.find((arg) => !arg.startsWith('-') && !arg.includes('=')) ?? ''} failed: ${stderr.trim().split('\n').slice(-3).join(' / ') || 'no message'}`,
    );
    this.name = 'GitError';
  }
}

/** Longest a git command may take (a push over a slow network included). */
const GIT_TIMEOUT_MS = 120_000;
const GIT_MAX_OUTPUT = 64 * 1024 * 1024;

/** The environment git runs in: the server's own (PATH, HOME, the ssh agent), as any child process's. */
// eslint-disable-next-line no-restricted-properties -- handed to the child as it is; no setting of the server is read from it
const inherited = (): NodeJS.ProcessEnv => process.env;

/** Runs `git <args>` in `dir`; resolves with its standard output, rejects with a GitError. */
export function git(dir: string, args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      [...args],
      {
        cwd: dir,
        timeout: GIT_TIMEOUT_MS,
        maxBuffer: GIT_MAX_OUTPUT,
        env: {
          ...inherited(),
          GIT_TERMINAL_PROMPT: '0',
          GIT_SSH_COMMAND: inherited().GIT_SSH_COMMAND ?? 'ssh -o BatchMode=yes',
          ...env,
        },
      },
      (error, stdout, stderr) => (error ? reject(new GitError(args, `${stderr}` || error.message)) : resolve(`${stdout}`)),
    );
  });
}

/** Whether `dir` is the top of a git work tree (the record writes content/ right under it). */
export async function isWorkTreeTop(dir: string): Promise<boolean> {
  try {
    return (
      (await git(dir, ['rev-parse', '--show-prefix'])).trim() === '' &&
      (await git(dir, ['rev-parse', '--is-bare-repository'])).trim() === 'false'
    );
  } catch {
    return false;
  }
}
