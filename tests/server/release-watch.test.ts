import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announceRelease,
  CONTENT_RELEASE_CHANNEL,
  DEFAULT_RELEASE_POLL_MS,
  liveRelease,
  RELEASE_WATCH_CONNECTION,
  watchReleases,
} from '../../server/content/release-watch';
import { readSettings } from '../../server/settings';
import { createSharedState, whenConnected, type SharedState } from '../../server/shared-state';
import { startServer } from './helpers';
import { publishFaqQuestion } from './release-publish';

/**
 * server/content/release-watch.ts: each instance learns of a new content release from the database's
 * meta row, read every `pollMs`, and at once from the Redis message of the publish. Redis database 13
 * of 127.0.0.1:6379 is this file's (its channel is the server's: Redis channels span its databases).
 */
const REDIS_URL = process.env.TEST_RELEASE_REDIS_URL ?? 'redis://127.0.0.1:6379/13';

const redisUp = await (async () => {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 500, retryStrategy: () => null });
  try {
    await probe.connect();
    return true;
  } catch {
    console.warn(`release-watch.test.ts: no Redis at ${REDIS_URL}; the tests that need one are skipped`);
    return false;
  } finally {
    probe.disconnect();
  }
})();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.cleanup());

/** A watcher on the test server's database that records the releases it reports. */
async function watching(shared: SharedState, pollMs: number) {
  const reported: number[] = [];
  const watcher = await watchReleases({
    repo: server.app.ctx.repo,
    shared,
    pollMs,
    onRelease: (release) => void reported.push(release),
    log: server.app.log,
  });
  return { watcher, reported };
}
const noRedis = () => createSharedState(undefined, server.app.log);

describe('CONTENT_RELEASE_POLL_MS', () => {
  it('is 1000 ms unless set', () => {
    expect(readSettings({ DEMO: '1' }).contentReleasePollMs).toBe(DEFAULT_RELEASE_POLL_MS);
    expect(DEFAULT_RELEASE_POLL_MS).toBe(1000);
    expect(readSettings({ DEMO: '1', CONTENT_RELEASE_POLL_MS: '250' }).contentReleasePollMs).toBe(250);
  });

  it('refuses a value that is not a whole number of milliseconds from 100 to 60000', () => {
    for (const bad of ['0', '99', '60001', '1.5', 'soon', ''])
      expect(() => readSettings({ DEMO: '1', CONTENT_RELEASE_POLL_MS: bad }), bad).toThrow(
        /CONTENT_RELEASE_POLL_MS must be a whole number/,
      );
  });
});

describe('the release watcher, by its reads of the database', () => {
  it('starts from the live release and reports each newer one once, in order', async () => {
    const { watcher, reported } = await watching(noRedis(), 100);
    const start = await liveRelease(server.app.ctx.repo);
    expect(watcher.current()).toBe(start);
    const { release } = await publishFaqQuestion(server.app, 1, 'Polled once?', { announce: false });
    await expect.poll(() => reported, { timeout: 2000 }).toEqual([release]);
    expect(watcher.current()).toBe(release);
    const next = await publishFaqQuestion(server.app, 1, 'Polled twice?', { announce: false });
    await expect.poll(() => reported, { timeout: 2000 }).toEqual([release, next.release]);
    // Nothing new: nothing more, however many reads.
    await sleep(300);
    expect(reported).toEqual([release, next.release]);
    await watcher.close();
  });

  it('reports nothing once closed', async () => {
    const { watcher, reported } = await watching(noRedis(), 100);
    await watcher.close();
    await publishFaqQuestion(server.app, 1, 'After the close?', { announce: false });
    await sleep(400);
    expect(reported).toEqual([]);
  });

  it('waits for one report to finish before the next', async () => {
    const order: string[] = [];
    const watcher = await watchReleases({
      repo: server.app.ctx.repo,
      shared: noRedis(),
      pollMs: 100,
      onRelease: async (release) => {
        order.push(`start ${release}`);
        await sleep(300);
        order.push(`end ${release}`);
      },
      log: server.app.log,
    });
    const first = await publishFaqQuestion(server.app, 1, 'Slow switch one?', { announce: false });
    await sleep(200);
    const second = await publishFaqQuestion(server.app, 1, 'Slow switch two?', { announce: false });
    await expect.poll(() => order.length, { timeout: 3000 }).toBe(4);
    expect(order).toEqual([`start ${first.release}`, `end ${first.release}`, `start ${second.release}`, `end ${second.release}`]);
    await watcher.close();
  });
});

describe.skipIf(!redisUp)('the release watcher, by the Redis message', () => {
  let shared: SharedState;
  let direct: Redis;
  beforeAll(async () => {
    shared = createSharedState(REDIS_URL, server.app.log);
    await whenConnected(shared);
    direct = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    direct?.disconnect();
    await shared?.close();
  });
  /** This file's subscribed connections (database 13, named as the watcher names its connection, on the channel). */
  const subscribed = async () =>
    String(await direct.client('LIST'))
      .split('\n')
      .filter((line) => line.includes(`name=${RELEASE_WATCH_CONNECTION} `) && line.includes(' db=13 ') && line.includes(' sub=1 ')).length;

  it('learns of a publish at once, long before its next read of the database', async () => {
    const { watcher, reported } = await watching(shared, 60_000);
    await expect.poll(subscribed, { timeout: 2000 }).toBe(1);
    // Announced on this file's Redis (the test server has none).
    const { release, committed } = await publishFaqQuestion(server.app, 2, 'Announced?', { announce: false });
    await announceRelease(shared, release);
    await expect.poll(() => reported, { timeout: 1000, interval: 5 }).toEqual([release]);
    console.info(`release-watch: a publish announced on Redis reached the watcher in ${Math.round(performance.now() - committed)} ms`);
    await watcher.close();
  });

  it('takes a message for a number only when its own database holds it', async () => {
    const { watcher, reported } = await watching(shared, 60_000);
    await expect.poll(subscribed, { timeout: 2000 }).toBe(1);
    // Another site on the same Redis server (another database number) hears the same channel.
    await direct.publish(CONTENT_RELEASE_CHANNEL, String(watcher.current() + 50));
    await direct.publish(CONTENT_RELEASE_CHANNEL, 'not a number');
    await sleep(300);
    expect(reported).toEqual([]);
    expect(watcher.current()).toBe(await liveRelease(server.app.ctx.repo));
    await watcher.close();
  });

  it('leaves no connection open once closed', async () => {
    const { watcher, reported } = await watching(shared, 100);
    await expect.poll(subscribed, { timeout: 2000 }).toBe(1);
    await watcher.close();
    expect(await subscribed()).toBe(0);
    const { release } = await publishFaqQuestion(server.app, 2, 'Heard after the close?', { announce: false });
    await announceRelease(shared, release);
    await sleep(300);
    expect(reported).toEqual([]);
  });
});
