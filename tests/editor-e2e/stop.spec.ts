import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyProject } from '../../scripts/lib/scratch-copy';
import { SCRATCH_PREFIX } from '../../scripts/lib/editor/check';

/**
 * `npm run edit` stopped as an editor stops it leaves nothing in the temp folder: Ctrl-C (SIGINT to
 * the terminal's whole process group) and a SIGTERM to npm alone both remove the gate's scratch copy
 * (editor-gate-*) and the preview API's (editor-gate-preview-api-*). Each run has a temp folder of
 * its own (TMPDIR), so another editor's copies never count.
 */
const PORT = Number(process.env.EDITOR_E2E_PORT ?? 8197);

let dir: string;

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'editor-stop-e2e-'));
  copyProject(process.cwd(), path.join(dir, 'project'));
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const scratchCopies = (temp: string) => readdirSync(temp).filter((name) => name.startsWith(SCRATCH_PREFIX));

/** Starts `npm run edit` in the copy, in a process group of its own, with `temp` as its temp folder; resolves once it said where it is. */
async function startNpmEdit(temp: string): Promise<{ child: ChildProcess; log: () => string }> {
  const child = spawn('npm', ['run', 'edit'], {
    cwd: path.join(dir, 'project'),
    env: { ...process.env, TMPDIR: temp, EDIT_PORT: String(PORT), EDIT_API_PORT: String(PORT + 1), DATA_DIR: path.join(temp, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 120_000;
  while (!log.includes('Editor:')) {
    if (Date.now() > deadline || child.exitCode !== null) {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
      throw new Error(`npm run edit did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { child, log: () => log };
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

for (const [how, stop] of [
  ['Ctrl-C (SIGINT to the process group)', (child: ChildProcess) => process.kill(-child.pid!, 'SIGINT')],
  ['SIGTERM to npm', (child: ChildProcess) => child.kill('SIGTERM')],
] as const) {
  test(`${how} removes the editor's scratch copies from the temp folder`, async () => {
    test.setTimeout(180_000);
    const temp = path.join(dir, `tmp-${how.replace(/\W+/g, '-')}`);
    mkdirSync(temp);
    const { child, log } = await startNpmEdit(temp);
    try {
      // Both copies exist while the editor runs (the preview's API is warmed before the address shows).
      const copies = scratchCopies(temp);
      expect(copies).toHaveLength(2);
      expect(copies.filter((name) => name.startsWith(`${SCRATCH_PREFIX}preview-api-`))).toHaveLength(1);
      stop(child);
      await Promise.race([
        exited(child),
        new Promise((_, reject) => setTimeout(() => reject(new Error(`still running:\n${log()}`)), 30_000)),
      ]);
      // npm's own process may end before its child: the group is waited for too.
      await expect.poll(() => scratchCopies(temp), { timeout: 15_000 }).toEqual([]);
    } finally {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // The group has ended.
      }
    }
  });
}
