import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { run, sql } from '../../server/db';
import { commitMessage } from '../../server/content/git-commit';
import { contentFile, insertRelease, recordedReleases, recorder, releaseRows, sh, testDatabase, workTree } from './git-record-helpers';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const ARTICLES = contentFile([{ id: 1, title: 'One' }]);
const FAQS = contentFile([{ id: 1, question: 'Why?' }]);
const START = {
  'content/articles.json': ARTICLES,
  'content/faqs.json': FAQS,
  'content/gone.json': contentFile([]),
  'content/demo/promos.json': contentFile([]),
  'content/media/picture.svg': '<svg/>',
  'README.md': 'project\n',
};
const ANA = { name: 'Ana Cruz', email: 'ana@example.ph' };

describe('the git record', () => {
  it('writes a release as one commit: its author, its words, its trailers, only the changed files', async () => {
    const db = await testDatabase(cleanups);
    const dir = workTree(START);
    const articles = contentFile([
      { id: 1, title: 'One' },
      { id: 2, title: 'Two' },
    ]);
    await insertRelease(db, 1, {
      files: { 'content/articles.json': articles, 'content/faqs.json': FAQS },
      summary: ['Articles: 1 added', 'Gone: 0 removed'],
      author: ANA,
      reviewer: 'Ben Reyes <ben@example.ph>',
      createdAt: '2026-12-01T08:00:00.000Z',
    });
    await recorder({ db, dir }).pass();

    expect(sh(dir, 'rev-list', '--count', 'HEAD').trim()).toBe('2');
    expect(sh(dir, 'show', '--name-status', '--format=', 'HEAD').trim().split('\n').sort()).toEqual([
      'A\tcontent/.release',
      'D\tcontent/gone.json',
      'M\tcontent/articles.json',
    ]);
    expect(sh(dir, 'show', '-s', '--format=%an <%ae>|%cn <%ce>|%aI', 'HEAD').trim()).toBe(
      'Ana Cruz <ana@example.ph>|Studio <studio@localhost>|2026-12-01T08:00:00+00:00',
    );
    expect(sh(dir, 'show', '-s', '--format=%B', 'HEAD').trim()).toBe(
      'Articles: 1 added\n\nArticles: 1 added\nGone: 0 removed\n\nStudio-Release: 1\nReviewed-by: Ben Reyes <ben@example.ph>',
    );
    expect(readFileSync(join(dir, 'content/.release'), 'utf8')).toBe('1\n');
    expect(readFileSync(join(dir, 'content/articles.json'), 'utf8')).toBe(articles);
    // The media and a folder the set does not hold (content/demo/) are left as they are.
    expect(existsSync(join(dir, 'content/media/picture.svg'))).toBe(true);
    expect(existsSync(join(dir, 'content/demo/promos.json'))).toBe(true);
    const [row] = await releaseRows(db);
    expect(row.recorded_commit).toBe(sh(dir, 'rev-parse', 'HEAD').trim());
    expect(row.recorded_at).not.toBeNull();
    expect(row.pushed_at).toBeNull();
  });

  it("writes a release's pages.config.json and forms; a release without them leaves the project's", async () => {
    const db = await testDatabase(cleanups);
    const dir = workTree({ ...START, 'pages.config.json': '{"pages":[]}\n', 'forms/contact.json': '{}\n' });
    const layout = '{"pages":[{"path":"/"}]}\n';
    const form = '{"schema":{}}\n';
    const content = { 'content/articles.json': ARTICLES, 'content/faqs.json': FAQS };
    await insertRelease(db, 1, { files: content });
    await insertRelease(db, 2, { files: { ...content, 'pages.config.json': layout, 'forms/contact.json': form } });
    await recorder({ db, dir }).pass();
    const changedBy = (commit: string) => sh(dir, 'show', '--name-status', '--format=', commit).trim().split('\n').sort();
    expect(changedBy('HEAD~1')).toEqual(['A\tcontent/.release', 'D\tcontent/gone.json']);
    expect(changedBy('HEAD')).toEqual(['M\tcontent/.release', 'M\tforms/contact.json', 'M\tpages.config.json']);
    expect(readFileSync(join(dir, 'pages.config.json'), 'utf8')).toBe(layout);
    expect(readFileSync(join(dir, 'forms/contact.json'), 'utf8')).toBe(form);
  });

  it("writes two releases as two commits in number order; a release of the files is the committer's", async () => {
    const db = await testDatabase(cleanups);
    const dir = workTree(START);
    const files = { 'content/articles.json': ARTICLES, 'content/faqs.json': FAQS };
    await insertRelease(db, 2, {
      files: { ...files, 'content/faqs.json': contentFile([]) },
      summary: ['Frequently asked questions: 1 removed'],
      author: ANA,
    });
    await insertRelease(db, 1, { files, source: 'files' });
    const record = recorder({ db, dir, committer: { name: 'Content Bot', email: 'bot@example.ph' } });
    await record.pass();
    expect(recordedReleases(dir)).toEqual([1, 2]);
    expect(sh(dir, 'log', '--format=%an|%cn|%s', '-2').trim().split('\n')).toEqual([
      'Ana Cruz|Content Bot|Frequently asked questions: 1 removed',
      'Content Bot|Content Bot|Content release 1',
    ]);
    // A pass with nothing new writes nothing.
    await record.pass();
    expect(sh(dir, 'rev-list', '--count', 'HEAD').trim()).toBe('3');
  });

  it('takes the commit already made when the process died before storing it: no second commit', async () => {
    const db = await testDatabase(cleanups);
    const dir = workTree(START);
    await insertRelease(db, 1, { files: { 'content/articles.json': ARTICLES }, author: ANA });
    await recorder({ db, dir }).pass();
    const commit = sh(dir, 'rev-parse', 'HEAD').trim();
    // As if killed between the commit and the row's update.
    await run(db.query, sql`UPDATE content_releases SET recorded_commit = NULL, recorded_at = NULL`);
    await recorder({ db, dir }).pass();
    expect(sh(dir, 'rev-list', '--count', 'HEAD').trim()).toBe('2');
    expect((await releaseRows(db))[0].recorded_commit).toBe(commit);
  });

  it('refuses a release with a path outside the content files, logs it once and keeps the later ones waiting', async () => {
    const db = await testDatabase(cleanups);
    const dir = workTree(START);
    const errors: string[] = [];
    const log = { info: () => {}, warn: () => {}, error: (obj: object) => void errors.push(String((obj as { err: Error }).err.message)) };
    await insertRelease(db, 1, { files: { 'content/../server/app.ts': 'x', 'content/articles.json': ARTICLES } });
    await insertRelease(db, 2, { files: { 'content/articles.json': ARTICLES } });
    const record = recorder({ db, dir, log });
    await record.pass();
    await record.pass();
    expect(errors).toEqual(["release 1: 'content/../server/app.ts' is not the path of a release's file"]);
    expect(sh(dir, 'rev-list', '--count', 'HEAD').trim()).toBe('1');
    expect((await releaseRows(db)).map((row) => row.recorded_commit)).toEqual([null, null]);
    expect(existsSync(join(dir, 'server'))).toBe(false);
  });

  it('keeps a subject to 72 characters, and names a release without words by its number', () => {
    const row = {
      number: 9,
      files: '{}',
      source: 'studio' as const,
      author_name: null,
      author_email: null,
      reviewer: null,
      created_at: '',
    };
    const long = `Shop plans and prices: ${'Individual, price ₱1,499.00 → ₱1,799.00; '.repeat(3)}`;
    const [subject, body] = commitMessage({ ...row, summary: JSON.stringify([long, 'Articles: 1 added']) });
    expect(subject).toHaveLength(72);
    expect(subject.endsWith('…')).toBe(true);
    expect(body).toBe(`${long.trim()}\nArticles: 1 added`);
    expect(commitMessage({ ...row, summary: '[]' })).toEqual(['Content release 9', 'Studio-Release: 9']);
  });
});
