import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_RELEASE_CHANNEL } from '../../server/content/release-watch';
import { createSharedState } from '../../server/shared-state';
import { contentFile, insertRelease, recordedReleases, recorder, releaseRows, testDatabase, workTree } from './git-record-helpers';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A Redis database number of these tests' own (the channel itself is the server's, shared by every number). */
const REDIS_URL = 'redis://127.0.0.1:6379/13';
const silent = { warn: () => {}, info: () => {}, error: () => {} } as unknown as Parameters<typeof createSharedState>[1];

describe('the git record, woken', () => {
  it('commits a release as soon as it is announced on the release channel, without waiting for its poll', async () => {
    const db = await testDatabase(cleanups);
    const dir = workTree({ 'content/articles.json': contentFile([]) });
    const shared = createSharedState(REDIS_URL, silent);
    cleanups.push(() => shared.close());
    const publisher = new Redis(REDIS_URL);
    cleanups.push(() => void publisher.disconnect());
    // A poll far beyond the test: only the announcement can wake it.
    const record = recorder({ db, dir, shared, pollMs: 3_600_000 });
    record.start();
    cleanups.push(() => record.stop());
    await new Promise((resolve) => setTimeout(resolve, 300));
    await insertRelease(db, 1, { files: { 'content/articles.json': contentFile([{ id: 1, title: 'One' }]) } });
    const deadline = Date.now() + 10_000;
    // Announced again until heard: the subscription may still be on its way.
    while ((await releaseRows(db))[0].recorded_commit === null) {
      if (Date.now() > deadline) throw new Error('not woken');
      await publisher.publish(CONTENT_RELEASE_CHANNEL, '1');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recordedReleases(dir)).toEqual([1]);
  });
});
