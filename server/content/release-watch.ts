import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Queryable } from '../db';
import type { Repo } from '../repo';
import type { SharedState } from '../shared-state';

/**
 * How every instance learns of a new content release. The live release's number is the meta row
 * `content_release` of the database (written in the publish's own transaction); after the commit
 * the publisher announces it on the Redis channel CONTENT_RELEASE_CHANNEL (the message is the
 * number, in decimal). A missed message is caught by each instance's own check of the meta row.
 */
export const CONTENT_RELEASE_CHANNEL = 'content:release';
export const CONTENT_RELEASE_META = 'content_release';
const CLOSE_WAIT_MS = 1000;
/** The name of each instance's subscribed connection in Redis's CLIENT LIST. */
export const RELEASE_WATCH_CONNECTION = 'telmed-release-watch';
/** Default of CONTENT_RELEASE_POLL_MS: how often an instance reads the live release's number itself. */
export const DEFAULT_RELEASE_POLL_MS = 1000;

/** Tells the other instances that `release` is live (nothing to do without Redis: they check the database). */
export async function announceRelease(shared: SharedState, release: number): Promise<void> {
  if (!shared.redis) return;
  await shared.redis.publish(CONTENT_RELEASE_CHANNEL, String(release));
}

/** The live release's number as the database holds it (0 before the first release). */
export async function liveRelease(repo: Repo, q?: Queryable): Promise<number> {
  const value = Number(await repo.getMeta(CONTENT_RELEASE_META, q));
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

export interface ReleaseWatcher {
  /** The newest release this instance knows of. */
  current(): number;
  /** Stops the checks and the subscription (nothing left running). */
  close(): Promise<void>;
}

export interface WatchOptions {
  repo: Repo;
  shared: SharedState;
  /** How often the meta row is read (ms): the longest a missed message goes unnoticed. */
  pollMs: number;
  /** Called once per newer release seen, in order, never two at once; the next waits for its promise. */
  onRelease: (release: number) => void | Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * Follows the live release: at once on the Redis message of a publish, and by a read of the meta row
 * every `pollMs` (an instance without Redis, or one that missed the message, catches up within that
 * time). Starts from the number the database holds now; a number lower than or equal to the known
 * one changes nothing.
 */
export async function watchReleases(options: WatchOptions): Promise<ReleaseWatcher> {
  const { repo, shared, pollMs, onRelease, log } = options;
  let known = await liveRelease(repo);
  let closed = false;
  /** The calls of onRelease, one after the other. */
  let told: Promise<void> = Promise.resolve();

  const seen = (release: number) => {
    if (closed || !(release > known)) return;
    known = release;
    told = told
      .then(() => onRelease(release))
      .catch((error: unknown) => log.error({ err: error, release }, 'content release: could not switch to it'));
  };

  /** Reads of the meta row under way: close waits for them before the database closes. */
  const checks = new Set<Promise<void>>();
  const check = () => {
    if (closed) return Promise.resolve();
    const once = liveRelease(repo).then(seen, (error: unknown) =>
      log.warn({ err: error }, 'content release: could not read the live release; trying again'),
    );
    checks.add(once);
    return once.finally(() => checks.delete(once));
  };
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => void check().finally(schedule), pollMs);
    timer.unref();
  };
  schedule();
  // A message only says when to look: the number is read from this instance's own database (Redis
  // channels span its numbered databases, so a site sharing the server could send one).
  const subscriber = shared.redis
    ? subscribe(shared.redis, (announced) => {
        if (announced === undefined || announced > known) void check();
      })
    : null;

  return {
    current: () => known,
    async close() {
      closed = true;
      clearTimeout(timer);
      if (subscriber) await disconnected(subscriber);
      await Promise.all(checks);
      await told;
    },
  };
}

/**
 * A connection of its own that listens on CONTENT_RELEASE_CHANNEL (a subscribed connection runs no
 * other command) and calls `heard` with each number announced. It subscribes each time it connects,
 * then calls `heard()` once: a message sent while it was away is not lost.
 */
function subscribe(redis: Redis, heard: (announced?: number) => void): Redis {
  const subscriber = redis.duplicate({ autoResubscribe: false, connectionName: RELEASE_WATCH_CONNECTION });
  // Errors are the shared connection's to report (shared-state.ts); this one reconnects on its own.
  subscriber.on('error', () => {});
  subscriber.on('ready', () => {
    subscriber.subscribe(CONTENT_RELEASE_CHANNEL).then(
      () => heard(),
      () => {},
    );
  });
  subscriber.on('message', (channel: string, message: string) => {
    const announced = Number(message);
    if (channel === CONTENT_RELEASE_CHANNEL && Number.isSafeInteger(announced)) heard(announced);
  });
  return subscriber;
}

/**
 * Closes a connection; resolves once it has ended, at most CLOSE_WAIT_MS later (between two attempts
 * to reconnect, ioredis ends it without an event).
 */
function disconnected(connection: Redis): Promise<void> {
  const ended = new Promise<void>((resolve) => {
    if (connection.status === 'end') return resolve();
    const timer = setTimeout(done, CLOSE_WAIT_MS);
    connection.once('end', done);
    function done() {
      clearTimeout(timer);
      connection.off('end', done);
      resolve();
    }
  });
  connection.disconnect();
  return ended;
}
