import { all, one, run, sql, type Db, type Queryable } from '../db';
import type { SharedState } from '../shared-state';
import { commitRelease, headCommit, headRelease, releaseFiles, type Identity, type ReleaseRow } from './git-commit';
import { storedMediaBytes } from './media-library-store';
import { mediaNamesIn } from './media-library-uses';
import { git } from './git';
import { CONTENT_RELEASE_CHANNEL } from './release-watch';

/**
 * The git record: every content release, in number order, becomes one commit in the work tree
 * CONTENT_GIT_DIR (git-commit.ts), pushed to CONTENT_GIT_REMOTE when set. The release rows are the
 * truth: a release without recorded_commit is still to be written, one without pushed_at still to
 * be pushed, so a restart (or a kill -9) catches up on its next pass. A pass runs when a release is
 * announced (Redis), every POLL_MS, and when a failed push is due again.
 *
 * One recorder at a time: on PostgreSQL a pass holds a session advisory lock (pg_try_advisory_lock
 * on one connection of the pool, per schema); an instance that does not get it skips the pass, the
 * holder records. On SQLite the database is one process's file: that process is the one recorder.
 * A crash after a commit and before its row was updated leaves HEAD's content/.release at that
 * release: the next pass records that commit instead of writing another.
 */

export interface GitRecordSettings {
  /** The work tree (CONTENT_GIT_DIR): a clone of the project or of a content repository. */
  dir: string;
  /** Where commits are pushed (CONTENT_GIT_REMOTE: a remote's name or URL); none when absent. */
  remote?: string;
  /** The remote's branch (CONTENT_GIT_BRANCH, default main). */
  branch?: string;
  /** Who commits, and authors a release of the files (CONTENT_GIT_COMMITTER, default Studio <studio@localhost>). */
  committer?: Identity;
  /** How often the rows are looked at when nothing woke the recorder (default 5 s). */
  pollMs?: number;
  /** The delay after the first failed push, doubled after each (default 2 s), and the longest (default 5 min). */
  retry?: { baseMs: number; maxMs: number };
}

export interface RecordLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface GitRecordOptions extends GitRecordSettings {
  db: Db;
  /** Redis: a release announced on CONTENT_RELEASE_CHANNEL wakes the recorder at once. */
  shared?: SharedState;
  log: RecordLog;
  now?: () => Date;
  /** Told of each failed push (telmed_content_push_failures_total). */
  onPushFailure?: () => void;
}

export const DEFAULT_COMMITTER: Identity = { name: 'Studio', email: 'studio@localhost' };
export const DEFAULT_BRANCH = 'main';
const DEFAULT_POLL_MS = 5_000;
const DEFAULT_RETRY = { baseMs: 2_000, maxMs: 300_000 };
const LOCK = 'content-git';

/** The delay before push attempt `failures + 1`. */
export const pushDelay = (failures: number, retry: { baseMs: number; maxMs: number }) =>
  Math.min(retry.baseMs * 2 ** Math.max(0, failures - 1), retry.maxMs);

/** Runs `work` holding the recorder's lock; undefined when another instance holds it. */
async function withRecordLock(db: Db, work: () => Promise<void>): Promise<boolean> {
  if (db.engine === 'sqlite') {
    await work();
    return true;
  }
  return db.query.connection().execute(async (conn: Queryable) => {
    const key = sql`hashtext(CAST(${LOCK} AS text) || ':' || current_schema())`;
    const got = await one<{ locked: boolean }>(conn, sql`SELECT pg_try_advisory_lock(${key}) AS locked`);
    if (!got?.locked) return false;
    try {
      await work();
      return true;
    } finally {
      await sql`SELECT pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}

export class GitRecord {
  private readonly db: Db;
  private readonly settings: Required<Omit<GitRecordSettings, 'remote'>> & { remote?: string };
  private readonly now: () => Date;
  private pushFailures = 0;
  private nextPushAt = 0;
  private lastProblem = '';
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private poll: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private subscriber: { disconnect(): void } | undefined;

  constructor(private readonly options: GitRecordOptions) {
    this.db = options.db;
    this.now = options.now ?? (() => new Date());
    this.settings = {
      dir: options.dir,
      remote: options.remote,
      branch: options.branch ?? DEFAULT_BRANCH,
      committer: options.committer ?? DEFAULT_COMMITTER,
      pollMs: options.pollMs ?? DEFAULT_POLL_MS,
      retry: options.retry ?? DEFAULT_RETRY,
    };
  }

  /** Starts the polls and the Redis wake-ups, and a first pass at once. */
  start(): void {
    this.stopped = false;
    this.poll = setInterval(() => this.wake(), this.settings.pollMs);
    this.poll.unref();
    const redis = this.options.shared?.redis;
    if (redis) {
      // A connection of its own (a subscribed one runs no other command); it subscribes again after a reconnect.
      const subscriber = redis.duplicate({ enableOfflineQueue: true });
      subscriber.on('error', () => {});
      subscriber.on('message', () => this.wake());
      void subscriber.subscribe(CONTENT_RELEASE_CHANNEL).catch(() => {});
      this.subscriber = subscriber;
    }
    this.wake();
  }

  /** Stops waking up; a pass under way finishes first. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    clearTimeout(this.retryTimer);
    this.subscriber?.disconnect();
    await this.running;
  }

  /** Runs a pass now, or right after the one under way. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.passes().finally(() => (this.running = undefined));
  }

  private async passes(): Promise<void> {
    do {
      this.again = false;
      await this.pass();
    } while (this.again && !this.stopped);
  }

  /** One pass: the releases not yet recorded, in order, then a push when one is due. Never throws. */
  async pass(): Promise<void> {
    try {
      await withRecordLock(this.db, async () => {
        const pending = await all<ReleaseRow>(
          this.db.query,
          sql`SELECT number, files, summary, source, author_name, author_email, reviewer, created_at
              FROM content_releases WHERE recorded_commit IS NULL ORDER BY number`,
        );
        if (pending.length > 0 && this.settings.remote) await this.followRemote();
        for (const row of pending) await this.record(row);
        if (this.settings.remote) await this.pushWhenDue();
      });
      this.lastProblem = '';
    } catch (error) {
      // Logged once while the same problem lasts: the next passes try again every poll.
      const problem = (error as Error).message;
      if (problem !== this.lastProblem)
        this.options.log.error({ err: error }, 'content record: a release could not be committed; trying again');
      this.lastProblem = problem;
    }
  }

  /** Writes one release as a commit (or takes HEAD's, when it already is that release) and stores the commit. */
  private async record(row: ReleaseRow): Promise<void> {
    const { dir, committer } = this.settings;
    const kept = (await headRelease(dir)) === row.number;
    const media = kept ? new Map() : await storedMediaBytes(this.db.query, mediaNamesIn(releaseFiles(row)));
    const commit = kept ? await headCommit(dir) : await commitRelease(dir, row, committer, media);
    await run(
      this.db.query,
      sql`UPDATE content_releases SET recorded_commit = ${commit}, recorded_at = ${this.now().toISOString()}
          WHERE number = ${row.number} AND recorded_commit IS NULL`,
    );
    this.options.log.info(
      { release: row.number, commit },
      kept ? 'content record: release already committed, recorded' : 'content record: release committed',
    );
  }

  /**
   * Takes in what another instance pushed before it held the lock (a fast-forward to the remote's
   * branch). Nothing when the remote cannot be read or has no such branch yet: the push says more.
   */
  private async followRemote(): Promise<void> {
    const { dir, remote, branch } = this.settings;
    try {
      await git(dir, ['fetch', '--quiet', '--', remote!, branch]);
    } catch {
      return;
    }
    try {
      await git(dir, ['merge', '--ff-only', '--quiet', 'FETCH_HEAD']);
    } catch (error) {
      this.options.log.warn(
        { err: error },
        'content record: the work tree and the remote branch have parted; the push will fail until an operator joins them',
      );
    }
  }

  /**
   * Pushes HEAD when releases it carries wait for it and no failed push is still waiting for its
   * next try. A release committed by an instance that died before its push is not in this clone: it
   * waits for an operator (TelmedContentRecordBehind), never marked pushed by another's push.
   */
  private async pushWhenDue(): Promise<void> {
    if (Date.now() < this.nextPushAt) return;
    const unpushed = await all<{ number: number; recorded_commit: string }>(
      this.db.query,
      sql`SELECT number, recorded_commit FROM content_releases WHERE recorded_commit IS NOT NULL AND pushed_at IS NULL`,
    );
    const carried: number[] = [];
    for (const row of unpushed) if (await this.onHead(row.recorded_commit)) carried.push(row.number);
    if (carried.length === 0) return;
    const { dir, remote, branch } = this.settings;
    try {
      await git(dir, ['push', '--quiet', '--', remote!, `HEAD:refs/heads/${branch}`]);
    } catch (error) {
      this.pushFailures += 1;
      this.options.onPushFailure?.();
      const delay = pushDelay(this.pushFailures, this.settings.retry);
      this.nextPushAt = Date.now() + delay;
      clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(() => this.wake(), delay);
      this.retryTimer.unref();
      this.options.log.warn({ err: error, failures: this.pushFailures, retryInMs: delay }, 'content record: push failed; trying again');
      return;
    }
    if (this.pushFailures > 0) this.options.log.info({ failures: this.pushFailures }, 'content record: pushed again after failures');
    this.pushFailures = 0;
    this.nextPushAt = 0;
    const pushedAt = this.now().toISOString();
    for (const number of carried)
      await run(this.db.query, sql`UPDATE content_releases SET pushed_at = ${pushedAt} WHERE number = ${number} AND pushed_at IS NULL`);
  }

  /** Whether a commit is HEAD or one of its ancestors in the work tree. */
  private async onHead(commit: string): Promise<boolean> {
    try {
      await git(this.settings.dir, ['merge-base', '--is-ancestor', commit, 'HEAD']);
      return true;
    } catch {
      return false;
    }
  }

  /** Releases not yet committed, or (with a remote) not yet pushed, and when the oldest was made. */
  async behind(): Promise<{ count: number; oldest: string | null }> {
    const remote = this.settings.remote ? 1 : 0;
    const row = await one<{ count: number; oldest: string | null }>(
      this.db.query,
      sql`SELECT COUNT(*) AS count, MIN(created_at) AS oldest FROM content_releases
          WHERE recorded_commit IS NULL OR (${remote} = 1 AND pushed_at IS NULL)`,
    );
    return { count: Number(row?.count ?? 0), oldest: row?.oldest ?? null };
  }
}
