import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyProject } from '../../scripts/lib/scratch-copy';

/** How long a stopped editor has to end before it is killed. */
const STOP_MS = 15_000;

/** `npm run edit` on a scratch copy of the project, as one spec file uses it. */
export interface EditedProject {
  /** The copy's folder. */
  dir: string;
  /** The editor's origin (its site and API on the same port). */
  base: string;
  /** What the editor printed so far. */
  output: () => string;
  /** Stops the editor, waits for it to end, and removes the copy (EDITOR_E2E_LOG=1 prints its output first). */
  stop: () => Promise<void>;
}

/**
 * Copies the project into a new folder named after `prefix` (`git`: made a repository with one
 * commit, 'Start', for the publish tests) and starts `npm run edit` there on `port` (its API on the
 * next port); resolves once the editor answers and has said where it is.
 */
export async function startEditor(prefix: string, port: number, options: { git?: boolean } = {}): Promise<EditedProject> {
  const root = process.cwd();
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  copyProject(root, dir);
  if (options.git) {
    const git = (...args: string[]) => {
      const run = spawn('git', args, { cwd: dir, stdio: 'ignore' });
      return new Promise<void>((resolve, reject) =>
        run.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`git ${args.join(' ')} exited ${code}`)))),
      );
    };
    await git('init', '--quiet', '--initial-branch=main');
    await git('add', '--all');
    await git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '--quiet', '-m', 'Start');
  }
  const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/edit.ts'], {
    cwd: dir,
    env: { ...process.env, EDIT_PORT: String(port), EDIT_API_PORT: String(port + 1), DATA_DIR: path.join(dir, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  // The editor ends before its copy goes: a copy removed under a closing editor can leave it hung,
  // holding its ports. One that does not end within STOP_MS is killed.
  const stop = async () => {
    if (process.env.EDITOR_E2E_LOG) console.log(log);
    if (server.pid && server.exitCode === null && server.signalCode === null) {
      const ended = new Promise<void>((resolve) => server.once('exit', () => resolve()));
      process.kill(-server.pid, 'SIGTERM');
      const timer = setTimeout(() => process.kill(-server.pid!, 'SIGKILL'), STOP_MS);
      await ended;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    const up = await fetch(`${base}/__editor/api/hashes`).then(
      (response) => response.ok,
      () => false,
    );
    if (up && log.includes('Editor:')) break;
    if (Date.now() > deadline || server.exitCode !== null) {
      await stop();
      throw new Error(`npm run edit did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { dir, base, output: () => log, stop };
}
