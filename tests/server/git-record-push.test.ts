import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres, run, sql } from '../../server/db';
import { watchContentRecord } from '../../server/content/record-metrics';
import { createMetrics } from '../../server/metrics';
import {
  bareRepo,
  contentFile,
  insertRelease,
  recordedReleases,
  recorder,
  releaseRows,
  sh,
  testDatabase,
  workTree,
} from './git-record-helpers';
import { tempDir } from './helpers';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const files = (n: number) => ({ 'content/articles.json': contentFile([{ id: n, title: `Article ${n}` }]) });
const START = { 'content/articles.json': contentFile([]), 'README.md': 'content\n' };

const until = async (check: () => Promise<boolean>, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const metricValue = async (metrics: ReturnType<typeof createMetrics>, name: string) =>
  (await metrics.registry.getSingleMetric(name)!.get()).values[0]?.value;

describe('the git record, pushed', () => {
  it('pushes each commit to the remote branch and marks the release pushed', async () => {
    const db = await testDatabase(cleanups);
    const dir = workTree(START);
    const remote = bareRepo();
    cleanups.push(() => rmSync(remote, { recursive: true, force: true }));
    await insertRelease(db, 1, { files: files(1) });
    await insertRelease(db, 2, { files: files(2) });
    await recorder({ db, dir, remote, branch: 'content' }).pass();
    expect(recordedReleases(remote, 'content')).toEqual([1, 2]);
    expect(sh(remote, 'rev-parse', 'content').trim()).toBe(sh(dir, 'rev-parse', 'HEAD').trim());
    expect((await releaseRows(db)).every((row) => row.pushed_at !== null)).toBe(true);
  });

  it('never marks pushed a release whose commit this clone does not hold (made by an instance that died before its push)', async () => {
    const db = await testDatabase(cleanups);
    const dir = workTree(START);
    const remote = bareRepo();
    cleanups.push(() => rmSync(remote, { recursive: true, force: true }));
    await insertRelease(db, 1, { files: files(1) });
    await run(db.query, sql`UPDATE content_releases SET recorded_commit = ${'0123456789abcdef0123456789abcdef01234567'}`);
    const record = recorder({ db, dir, remote });
    await record.pass();
    expect(sh(remote, 'branch', '--list').trim()).toBe('');
    await insertRelease(db, 2, { files: files(2) });
    await record.pass();
    expect(recordedReleases(remote, 'main')).toEqual([2]);
    expect((await releaseRows(db)).map((row) => row.pushed_at !== null)).toEqual([false, true]);
    expect(await record.behind()).toEqual({ count: 1, oldest: '2026-12-01T08:00:00.000Z' });
  });

  it('retries a push that fails, counts it and shows it behind, and pushes once the remote exists', async () => {
    const db = await testDatabase(cleanups);
    const dir = workTree(START);
    const remote = `${tempDir('telmed-git-missing-')}/remote.git`;
    cleanups.push(() => rmSync(remote, { recursive: true, force: true }));
    const metrics = createMetrics();
    const warnings: string[] = [];
    const record = recorder({
      db,
      dir,
      remote,
      retry: { baseMs: 100, maxMs: 400 },
      onPushFailure: () => metrics.contentPushFailures.inc(),
      log: { info: () => {}, error: () => {}, warn: (_obj, msg) => void warnings.push(msg) },
    });
    watchContentRecord(metrics, record, () => new Date('2026-12-01T08:10:00.000Z'));
    await insertRelease(db, 1, { files: files(1), createdAt: '2026-12-01T08:00:00.000Z' });
    record.start();
    cleanups.push(() => record.stop());
    await until(async () => (await metricValue(metrics, 'telmed_content_push_failures_total')) >= 2);
    // Committed, not pushed: behind by one release, ten minutes old.
    expect((await releaseRows(db))[0].recorded_commit).not.toBeNull();
    expect(await metricValue(metrics, 'telmed_content_record_behind_releases')).toBe(1);
    expect(await metricValue(metrics, 'telmed_content_record_oldest_behind_seconds')).toBe(600);
    expect(warnings[0]).toBe('content record: push failed; trying again');

    bareRepo(remote);
    await until(async () => (await releaseRows(db))[0].pushed_at !== null);
    expect(recordedReleases(remote, 'main')).toEqual([1]);
    expect(await metricValue(metrics, 'telmed_content_record_behind_releases')).toBe(0);
    expect(await metricValue(metrics, 'telmed_content_record_oldest_behind_seconds')).toBe(0);
  });
});

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A schema of its own in the test database, dropped after the test; its URL. */
async function postgresSchema(): Promise<string> {
  const schema = `git_record_${process.pid}_${Date.now()}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`CREATE SCHEMA ${schema}`);
  cleanups.push(() => admin(`DROP SCHEMA ${schema} CASCADE`));
  const url = new URL(POSTGRES_URL);
  url.search = `?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return url.href;
}

describe('two recorders on one PostgreSQL database', () => {
  it('never write the same release twice: each is committed once, in order, on the one remote', async () => {
    const url = await postgresSchema();
    // Two instances: a pool and a clone of the content repository each.
    const [first, second] = [await openPostgres(url), await openPostgres(url)];
    cleanups.push(() => first.close());
    cleanups.push(() => second.close());
    const remote = bareRepo();
    const origin = workTree(START);
    sh(origin, 'push', '--quiet', remote, 'main');
    const clones = [tempDir('telmed-git-a-'), tempDir('telmed-git-b-')];
    for (const clone of clones) sh(clone, 'clone', '--quiet', remote, '.');
    cleanups.push(() => [remote, origin, ...clones].forEach((path) => rmSync(path, { recursive: true, force: true })));
    let pushFailures = 0;
    const records = [first, second].map((db, index) => recorder({ db, dir: clones[index], remote, onPushFailure: () => pushFailures++ }));

    let number = 0;
    for (let round = 0; round < 4; round++) {
      for (let n = 0; n < 2; n++) await insertRelease(first, ++number, { files: files(number) });
      // Both wake at once; the second of each round goes first in odd rounds.
      await Promise.all((round % 2 === 0 ? records : [...records].reverse()).map((record) => record.pass()));
    }
    await Promise.all(records.map((record) => record.pass()));

    expect(recordedReleases(remote, 'main')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(pushFailures).toBe(0);
    const rows = await releaseRows(first);
    expect(rows.every((row) => row.recorded_commit !== null && row.pushed_at !== null)).toBe(true);
    const onRemote = new Set(sh(remote, 'rev-list', 'main').trim().split('\n'));
    expect(rows.every((row) => onRemote.has(row.recorded_commit!))).toBe(true);
  });
});
