import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectGate } from '../../scripts/lib/editor/check';
import { editorMiddleware } from '../../scripts/lib/editor/plugin';
import { copyProject } from '../../scripts/lib/scratch-copy';
import { mediaName } from '../../server/images/check';
import { SVG_CSS_TRICKS } from '../server/files';

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
/** The same API set to review changes (EDIT_PUBLISH=review). */
let reviewServer: Server;
let reviewBase: string;

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const write = (file: string, text: string | Buffer) => writeFileSync(path.join(root, file), text);
/** A small PNG of one colour, as the editor's upload stores it. */
const png = (colour: string) =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: colour } })
    .png()
    .toBuffer();
function git(...args: string[]): string {
  const out = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`git ${args.join(' ')}: ${out.stderr}`);
  return out.stdout.trim();
}

async function call(method: string, body?: unknown, at = base) {
  const res = await fetch(`${at}/__editor/api/publish`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json', Origin: at },
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
  const review = editorMiddleware({ root, gate, publishMode: 'review' });
  reviewServer = createServer((req, res) => review(req, res, () => res.end()));
  await new Promise<void>((resolve) => reviewServer.listen(0, '127.0.0.1', resolve));
  reviewBase = `http://127.0.0.1:${(reviewServer.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await new Promise((resolve) => reviewServer?.close(resolve));
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

  it('publishes saved content files and new images, summed up per resource by its human name', async () => {
    const ARTICLES = 'content/articles.json';
    const PLANS = 'content/shop-plans.json';
    const pixels = await png('#123456');
    const IMAGE = `content/media/${mediaName('new-article', 'png', pixels)}`;
    const articles = JSON.parse(read(ARTICLES));
    articles.items[0].title = 'A changed title';
    articles.items.push({ ...articles.items[0], id: 999, title: 'A new article' });
    write(ARTICLES, `${JSON.stringify(articles, null, 2)}\n`);
    const plans = JSON.parse(read(PLANS));
    plans.items[0].price += 100;
    write(PLANS, `${JSON.stringify(plans, null, 2)}\n`);
    mkdirSync(path.join(root, 'content/media'), { recursive: true });
    write(IMAGE, pixels);

    const status = await call('GET');
    expect(status.body).toMatchObject({ files: [ARTICLES, IMAGE, PLANS] });
    expect(status.body.summary).toEqual(['Articles: 1 added, 1 changed', 'Shop plans and prices: 1 changed', 'Images: 1 added']);

    const commits = Number(git('rev-list', '--count', 'HEAD'));
    const published = await call('POST', { message: 'Articles: one new, one retitled; a plan costs more' });
    expect(published.status).toBe(200);
    expect(Number(git('rev-list', '--count', 'HEAD'))).toBe(commits + 1);
    expect(git('show', '--name-only', '--format=', 'HEAD').split('\n').sort()).toEqual([ARTICLES, IMAGE, PLANS].sort());
    expect(git('diff', '--cached', '--name-only')).toBe('content/extra.txt');
    expect((await call('GET')).body).toMatchObject({ files: [], summary: [] });
  });

  it('publishes only the images of content/media named as the upload names them and passing its check again, reporting the rest', async () => {
    const good = await png('#2a7');
    const GOOD = `content/media/${mediaName('team', 'png', good)}`;
    const [, escaped] = SVG_CSS_TRICKS[0];
    const ESCAPED = `content/media/${mediaName('drawing', 'svg', escaped)}`;
    const pixels = await png('#a27');
    const RENAMED = `content/media/${mediaName('renamed', 'png', await png('#000'))}`;
    const NOT_AN_IMAGE = `content/media/${mediaName('notes', 'png', Buffer.from('notes'))}`;
    const LATE = `content/media/${mediaName('late', 'png', pixels)}`;
    const LINK = `content/media/${mediaName('link', 'png', good)}`;
    const junk = ['content/media/notes.txt', 'content/media/sub/photo-1a2b3c4d.png', ESCAPED, RENAMED, NOT_AN_IMAGE, LINK];
    mkdirSync(path.join(root, 'content/media/sub'), { recursive: true });
    write(GOOD, good);
    write(LATE, pixels);
    write('content/media/notes.txt', 'put here by hand\n');
    write('content/media/sub/photo-1a2b3c4d.png', good);
    write(ESCAPED, escaped);
    write(RENAMED, pixels);
    write(NOT_AN_IMAGE, 'notes');
    symlinkSync(path.join(root, GOOD), path.join(root, LINK));
    try {
      const status = await call('GET');
      expect(status.body.files).toEqual([LATE, GOOD]);
      const reasons = Object.fromEntries((status.body.leftOut as { file: string; reason: string }[]).map((l) => [l.file, l.reason]));
      expect(Object.keys(reasons).sort()).toEqual([...junk].sort());
      expect(reasons).toMatchObject({
        'content/media/notes.txt': expect.stringMatching(/^not named as the editor names an image/),
        'content/media/sub/photo-1a2b3c4d.png': expect.stringMatching(/^not named as the editor names an image/),
        [ESCAPED]: 'This SVG has a backslash in its CSS (an escape), so it cannot be used.',
        [RENAMED]: expect.stringMatching(/^its name does not match its bytes: the editor would name it renamed-[0-9a-f]{8}\.png$/),
        [NOT_AN_IMAGE]: 'Only JPEG, PNG, WebP, AVIF or SVG images can be used.',
        [LINK]: 'not a plain file (a link or a folder)',
      });

      // Changed by hand after the status was read: checked again right before the commit, left out.
      write(LATE, escaped);
      const commits = Number(git('rev-list', '--count', 'HEAD'));
      const published = await call('POST', { message: 'A team photo' });
      expect(published.status).toBe(200);
      expect(published.body.files).toEqual([GOOD]);
      expect((published.body.leftOut as { file: string }[]).map((l) => l.file).sort()).toEqual([...junk, LATE].sort());
      expect(Number(git('rev-list', '--count', 'HEAD'))).toBe(commits + 1);
      expect(git('show', '--name-only', '--format=', 'HEAD')).toBe(GOOD);
      expect(git('ls-files', 'content/media').split('\n')).not.toContain(LATE);
      for (const file of [...junk, LATE]) expect(git('status', '--porcelain', '--', file)).toMatch(/^\?\? /);
    } finally {
      for (const file of [...junk, LATE]) rmSync(path.join(root, file), { force: true });
    }
    expect((await call('GET')).body).toEqual({ git: true, branch: 'main', files: [], summary: [] });
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

  it('set to review changes, publishes each time on a new branch, leaving the current branch and the files as they are', async () => {
    const before = read(FORM);
    write(FORM, before.replace('"Firm"', '"Organisation"'));
    const head = git('rev-parse', 'HEAD');
    const status = await call('GET', undefined, reviewBase);
    expect(status.body).toMatchObject({ git: true, branch: 'main', mode: 'review', files: [FORM], summary: ['Contact form changed'] });

    const published = await call('POST', { message: 'Contact: say organisation' }, reviewBase);
    expect(published.status).toBe(200);
    const branch = published.body.branch as string;
    expect(branch).toMatch(/^edit\/\d{8}-\d{4}-contact-say-organisation$/);
    // The new branch is one commit off main holding exactly the form; main and the working tree are as they were.
    expect(git('rev-parse', `${branch}^`)).toBe(head);
    expect(git('show', '--name-only', '--format=%s', branch).split('\n').filter(Boolean)).toEqual(['Contact: say organisation', FORM]);
    expect(git('show', `${branch}:${FORM}`)).toBe(read(FORM).trim());
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(git('status', '--porcelain', '--', FORM)).toBe('M forms/contact.json');
    expect(git('diff', '--cached', '--name-only')).toBe('content/extra.txt');

    // Those changes are in review now: nothing new to publish until the files change again.
    expect((await call('GET', undefined, reviewBase)).body).toMatchObject({ files: [FORM], inReview: branch });
    expect((await call('POST', { message: 'Again' }, reviewBase)).status).toBe(409);
    write(FORM, before.replace('"Firm"', '"Business"'));
    expect((await call('GET', undefined, reviewBase)).body.inReview).toBeUndefined();
    write(FORM, before);
  });
});
