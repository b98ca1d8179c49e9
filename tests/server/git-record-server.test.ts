import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { readSettings, SettingsError } from '../../server/settings';
import { contentFile, insertRelease, recordedReleases, releaseRows, workTree } from './git-record-helpers';
import { databaseUrlFor, dropDatabaseOf, startServer, tempDir } from './helpers';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const until = async (check: () => Promise<boolean>, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('the git record in the server', () => {
  it('commits a release the database holds once the server is ready, and stops with it', async () => {
    const dir = workTree({ 'content/articles.json': contentFile([]) });
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const dataDir = tempDir();
    // The release is there before the start: a restart catches up on what the last run left.
    const db = await openDatabase({ dataDir, databaseUrl: await databaseUrlFor(dataDir) });
    await insertRelease(db, 1, { files: { 'content/articles.json': contentFile([{ id: 1, title: 'One' }]) } });
    await db.close();
    const server = await startServer({ dataDir, contentGit: { dir, pollMs: 100 } });
    cleanups.push(async () => {
      await server.app.close();
      rmSync(dataDir, { recursive: true, force: true });
      await dropDatabaseOf(dataDir);
    });
    await server.app.ready();
    // The start makes release 2 from the disk's files (they differ from release 1's): both are recorded, in order, once.
    await until(async () => (await releaseRows(server.app.ctx.db)).every((row) => row.recorded_commit !== null));
    expect(recordedReleases(dir)).toEqual((await releaseRows(server.app.ctx.db)).map((row) => row.number));
    expect(recordedReleases(dir)[0]).toBe(1);
  });

  it('refuses to start when CONTENT_GIT_DIR is not the top of a git work tree', async () => {
    const dir = tempDir('telmed-not-git-');
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    await expect(startServer({ contentGit: { dir } })).rejects.toThrow(/CONTENT_GIT_DIR must be the top folder of a git clone/);
  });
});

describe('the git record settings', () => {
  const demo = { DEMO: '1' };

  it('are off without CONTENT_GIT_DIR, and take their defaults with it', () => {
    expect(readSettings(demo).contentGit).toBeUndefined();
    const dir = tempDir('telmed-git-dir-');
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    expect(readSettings({ ...demo, CONTENT_GIT_DIR: dir }).contentGit).toEqual({
      dir,
      remote: undefined,
      branch: 'main',
      committer: { name: 'Studio', email: 'studio@localhost' },
    });
    expect(
      readSettings({
        ...demo,
        CONTENT_GIT_DIR: dir,
        CONTENT_GIT_REMOTE: 'git@github.com:example/content.git',
        CONTENT_GIT_BRANCH: 'content/live',
        CONTENT_GIT_COMMITTER: 'Content Bot <bot@example.ph>',
      }).contentGit,
    ).toEqual({
      dir,
      remote: 'git@github.com:example/content.git',
      branch: 'content/live',
      committer: { name: 'Content Bot', email: 'bot@example.ph' },
    });
  });

  it('refuse a missing folder, option-like or malformed values, and the others without CONTENT_GIT_DIR, all at once', () => {
    const problems = (env: Record<string, string>) => {
      try {
        readSettings({ ...demo, ...env });
        return [];
      } catch (error) {
        expect(error).toBeInstanceOf(SettingsError);
        return (error as SettingsError).problems;
      }
    };
    expect(problems({ CONTENT_GIT_REMOTE: 'origin', CONTENT_GIT_BRANCH: 'main' })).toEqual([
      'CONTENT_GIT_REMOTE, CONTENT_GIT_BRANCH set without CONTENT_GIT_DIR: the git record is off without its work tree',
    ]);
    expect(
      problems({
        CONTENT_GIT_DIR: '/nonexistent/telmed-content',
        CONTENT_GIT_REMOTE: '--upload-pack=touch /tmp/x',
        CONTENT_GIT_BRANCH: '-f',
        CONTENT_GIT_COMMITTER: 'no address',
      }),
    ).toEqual([
      "CONTENT_GIT_DIR must be the folder of a git clone (got '/nonexistent/telmed-content', which is not a folder)",
      "CONTENT_GIT_REMOTE must be a remote's name or URL, without spaces and not starting with '-'",
      "CONTENT_GIT_BRANCH must be a branch name such as main (got '-f')",
      "CONTENT_GIT_COMMITTER must be 'Name <address>' (got 'no address')",
    ]);
    const dir = tempDir('telmed-git-dir-');
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    expect(problems({ CONTENT_GIT_DIR: dir, CONTENT_GIT_BRANCH: 'a..b' })).toEqual([
      "CONTENT_GIT_BRANCH must be a branch name such as main (got 'a..b')",
      'CONTENT_GIT_BRANCH is set without CONTENT_GIT_REMOTE: it names the branch pushed to',
    ]);
  });
});
