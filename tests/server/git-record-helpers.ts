import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openDatabase, run, sql, type Db } from '../../server/db';
import { GitRecord, type GitRecordOptions } from '../../server/content/git-record';
import { databaseUrlFor, dropDatabaseOf, tempDir } from './helpers';

/** What the git record's tests share: a database, a work tree, release rows written directly. */

export const sh = (dir: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@localhost', '-c', 'commit.gpgsign=false', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
  });

export const contentFile = (items: unknown[]) => `${JSON.stringify({ $schema: '../schemas/content/article.json', items }, null, 2)}\n`;

/** A git work tree with a first commit: the given files (path -> text). */
export function workTree(files: Record<string, string>, root = tempDir('telmed-git-')): string {
  sh(root, 'init', '--quiet', '-b', 'main');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  sh(root, 'add', '-A');
  sh(root, 'commit', '--quiet', '-m', 'Start');
  return root;
}

export function bareRepo(path = tempDir('telmed-git-remote-')): string {
  mkdirSync(path, { recursive: true });
  sh(path, 'init', '--quiet', '--bare', '-b', 'main');
  return path;
}

export interface Release {
  files: Record<string, string>;
  summary?: string[];
  source?: 'studio' | 'files' | 'rollback';
  author?: { name: string; email: string };
  reviewer?: string;
  createdAt?: string;
}

export async function insertRelease(db: Db, number: number, release: Release): Promise<void> {
  await run(
    db.query,
    sql`INSERT INTO content_releases (number, files, changed, summary, source, author_name, author_email, reviewer, created_at)
        VALUES (${number}, ${JSON.stringify(release.files)}, ${JSON.stringify(Object.keys(release.files))},
                ${JSON.stringify(release.summary ?? [])}, ${release.source ?? 'studio'}, ${release.author?.name ?? null},
                ${release.author?.email ?? null}, ${release.reviewer ?? null}, ${release.createdAt ?? '2026-12-01T08:00:00.000Z'})`,
  );
}

export async function releaseRows(db: Db) {
  return (
    await sql<{ number: number; recorded_commit: string | null; recorded_at: string | null; pushed_at: string | null }>`
      SELECT number, recorded_commit, recorded_at, pushed_at FROM content_releases ORDER BY number`.execute(db.query)
  ).rows;
}

/** The Studio-Release trailers of a branch's commits, oldest first. */
export const recordedReleases = (dir: string, ref = 'HEAD'): number[] =>
  sh(dir, 'log', '--reverse', '--format=%(trailers:key=Studio-Release,valueonly)', ref)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map(Number);

export const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

/** A database of a temp data dir (PostgreSQL when the suite runs on it) and what to remove after. */
export async function testDatabase(cleanups: Array<() => Promise<void> | void>): Promise<Db> {
  const dataDir = tempDir();
  const db = await openDatabase({ dataDir, databaseUrl: await databaseUrlFor(dataDir) });
  cleanups.push(async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabaseOf(dataDir);
  });
  return db;
}

export function recorder(options: Partial<GitRecordOptions> & Pick<GitRecordOptions, 'db' | 'dir'>): GitRecord {
  return new GitRecord({ log: quietLog, pollMs: 60_000, ...options });
}
