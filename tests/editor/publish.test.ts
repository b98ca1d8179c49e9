import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectGate } from '../../scripts/lib/editor/check';
import { editorMiddleware } from '../../scripts/lib/editor/plugin';
import { copyProject } from '../../scripts/lib/scratch-copy';

/**
 * Publishing from the editor (scripts/lib/editor/publish.ts) on a copy of the project made a git
 * repository of its own: what is saved and not committed, in words; one commit of exactly those
 * files; a project that is not a repository, or has problems, is refused.
 */
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONFIG = 'pages.config.json';
const FORM = 'forms/contact.json';

const dir = mkdtempSync(path.join(tmpdir(), 'editor-publish-test-'));
const root = path.join(dir, 'project');
let gate: ProjectGate;
let server: Server;
let base: string;

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const write = (file: string, text: string) => writeFileSync(path.join(root, file), text);
function git(...args: string[]): string {
  const out = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`git ${args.join(' ')}: ${out.stderr}`);
  return out.stdout.trim();
}

async function call(method: string, body?: unknown) {
  const res = await fetch(`${base}/__editor/api/publish`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json', Origin: base },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  copyProject(REPO, root);
  gate = new ProjectGate(root);
  const middleware = editorMiddleware({ root, gate });
  server = createServer((req, res) => middleware(req, res, () => res.end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  gate?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('publishing from the editor', () => {
  it('says so, and commits nothing, in a project that is not a git repository', async () => {
    expect((await call('GET')).body).toEqual({ git: false, files: [], summary: [] });
    const refused = await call('POST', { message: 'Try' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/not a git repository/);
  });

  it('lists the saved changes in words and commits exactly those files, once, with the message written', async () => {
    git('init', '--quiet', '--initial-branch=main');
    git('add', '--all');
    git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '--quiet', '-m', 'Start');
    expect((await call('GET')).body).toEqual({ git: true, branch: 'main', files: [], summary: [] });

    // Saved by the editor: the About page loses its last section, the contact form a label changes.
    const config = JSON.parse(read(CONFIG));
    const about = config.pages.find((page: { name: string }) => page.name === 'About');
    about.sections.pop();
    write(CONFIG, `${JSON.stringify(config, null, 2)}\n`);
    write(FORM, read(FORM).replace('"Company"', '"Firm"'));
    // Not the editor's: a changed README, and a file staged by hand. Neither is published.
    write('README.md', `${read('README.md')}\nA note.\n`);
    write('content/extra.txt', 'staged by hand\n');
    git('add', 'content/extra.txt');

    const status = await call('GET');
    expect(status.body).toMatchObject({ git: true, branch: 'main', files: [CONFIG, FORM] });
    expect(status.body.summary).toEqual([expect.stringMatching(/^About: .+ removed$/), 'Contact form changed']);

    expect((await call('POST', { message: '  ' })).status).toBe(400);
    expect((await call('POST', { message: 'x'.repeat(2_001) })).status).toBe(400);

    const commits = Number(git('rev-list', '--count', 'HEAD'));
    const published = await call('POST', { message: 'About: shorter; contact form wording' });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ branch: 'main', files: [CONFIG, FORM] });
    expect(Number(git('rev-list', '--count', 'HEAD'))).toBe(commits + 1);
    expect(git('rev-parse', 'HEAD')).toBe(published.body.commit);
    expect(git('log', '-1', '--format=%s')).toBe('About: shorter; contact form wording');
    expect(git('show', '--name-only', '--format=', 'HEAD').split('\n').sort()).toEqual([FORM, CONFIG].sort());
    // What was not the editor's is as it was: the README changed, the other file staged.
    expect(git('status', '--porcelain', '--', 'README.md')).toBe('M README.md');
    expect(git('diff', '--cached', '--name-only')).toBe('content/extra.txt');

    expect((await call('GET')).body).toMatchObject({ files: [], summary: [] });
    const again = await call('POST', { message: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/Nothing to publish/);
  });

  it('refuses a project the gate refuses, committing nothing', async () => {
    const before = read(CONFIG);
    write(CONFIG, before.replace('"type": "banner"', '"type": "banenr"'));
    try {
      const commits = git('rev-list', '--count', 'HEAD');
      const refused = await call('POST', { message: 'Broken' });
      expect(refused.status).toBe(422);
      expect((refused.body.problems as { message: string }[]).some((problem) => /banenr/.test(problem.message))).toBe(true);
      expect(git('rev-list', '--count', 'HEAD')).toBe(commits);
    } finally {
      write(CONFIG, before);
    }
  });
});
