import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Diagnostic } from '../../scripts/lib/diagnostics';
import type { Db } from '../db';
import type { ContentReleases } from './releases';
import { reviewRequired } from './review-setting';
import { claimDue, markDone, markFailed, SCHEDULE_LOCK, type Schedule } from './schedule-rows';
import words from './schedule-words.json';

/**
 * The scheduler of content changes: every instance polls the schedules every few seconds and claims
 * the due ones one at a time (claimDue: exactly one instance gets each). A schedule is published on
 * the live release of its run time: its changes go on top of it, unless one of its files changed
 * since the release it was made from (a conflict). A conflict or a problem of the gate fails it, with
 * why in words, a log line at error level and `onFailure` (the failures' metric).
 */

/** How often an instance looks for due schedules. */
export const DEFAULT_SCHEDULE_POLL_MS = 5_000;
/** A claim older than this is taken as that of an instance that stopped mid-run. */
export const SCHEDULE_CLAIM_MS = 10 * 60_000;
/** Publishes that find another release came in between, tried again before the schedule fails. */
const STALE_TRIES = 3;
const MAX_PROBLEMS_SHOWN = 5;

export interface SchedulerDeps {
  db: Db;
  /** The releases, made at the first run (the gate's scratch copy only where a schedule runs). */
  releases: () => ContentReleases;
  log: FastifyBaseLogger;
  now: () => Date;
  onFailure: () => void;
  pollMs?: number;
}

const problemWords = (problems: Diagnostic[]) =>
  problems
    .slice(0, MAX_PROBLEMS_SHOWN)
    .map((problem) => `${problem.file}${problem.pointer ? ` ${problem.pointer}` : ''}: ${problem.message}`)
    .join('; ');

/** The schedule's files that changed between its base release and `live` to something else than it sets. */
async function conflictsOf(releases: ContentReleases, schedule: Schedule, live: number): Promise<string[]> {
  if (live === schedule.baseRelease) return [];
  const [base, now] = [await releases.files(schedule.baseRelease), await releases.files(live)];
  return Object.entries(schedule.changes)
    .filter(([file, text]) => base[file] !== now[file] && (now[file] ?? null) !== text)
    .map(([file]) => file);
}

/** Publishes one claimed schedule; the error in words when it fails, or null. */
export async function runSchedule(deps: SchedulerDeps, schedule: Schedule): Promise<string | null> {
  // A schedule has no reviewer: one made before review was switched on is not published after.
  if (await reviewRequired(deps.db.query)) return words.review;
  const releases = deps.releases();
  for (let tries = 0; tries < STALE_TRIES; tries += 1) {
    const live = await releases.current();
    const conflicts = await conflictsOf(releases, schedule, live);
    if (conflicts.length > 0)
      return words.conflict.replace('{files}', conflicts.join(', ')).replace('{base}', String(schedule.baseRelease));
    const author =
      schedule.accountId === null ? null : { id: schedule.accountId, name: schedule.authorName ?? '', email: schedule.authorEmail ?? '' };
    const outcome = await releases.publish({
      changes: schedule.changes,
      baseRelease: live,
      author,
      source: 'studio',
      summary: schedule.summary,
      within: async (q, release) => {
        if (!(await markDone(q, schedule, release, deps.now().toISOString()))) throw new Error('the claim was taken over');
      },
    });
    if (outcome.status === 'published') return null;
    if (outcome.status === 'invalid') return words.invalid.replace('{problems}', problemWords(outcome.problems));
  }
  return words.stale;
}

/** Claims and runs the due schedules until none is left. */
export async function runDueSchedules(deps: SchedulerDeps): Promise<number> {
  let ran = 0;
  for (;;) {
    const now = deps.now();
    const schedule = await claimDue(deps.db, now.toISOString(), new Date(now.getTime() - SCHEDULE_CLAIM_MS).toISOString());
    if (!schedule) return ran;
    ran += 1;
    let error: string | null;
    try {
      error = await runSchedule(deps, schedule);
    } catch (thrown) {
      error = words.crashed.replace('{message}', (thrown as Error).message);
    }
    if (error === null) {
      deps.log.info({ schedule: schedule.id }, `content schedule ${schedule.id}: published`);
      continue;
    }
    const marked = await deps.db.write(SCHEDULE_LOCK, (q) => markFailed(q, schedule, error, deps.now().toISOString()));
    if (!marked) continue;
    deps.onFailure();
    deps.log.error({ schedule: schedule.id, error }, `content schedule ${schedule.id} failed: ${error}`);
  }
}

/** Polls for due schedules every pollMs from start() until stop(), which waits for a run under way. */
export function createScheduler(deps: SchedulerDeps) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    running = runDueSchedules(deps)
      .catch((error: unknown) => deps.log.warn({ err: error }, 'content schedules: could not look for due ones; trying again later'))
      .finally(() => (busy = false));
  };
  return {
    start() {
      timer = setInterval(tick, deps.pollMs ?? DEFAULT_SCHEDULE_POLL_MS);
      timer.unref();
      tick();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
    /** Runs the due schedules now (tests). */
    runNow: () => runDueSchedules(deps),
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's scheduler of content changes (server/content/scheduler.ts). */
    contentScheduler?: Scheduler;
  }
}

/** The instance's scheduler, from the moment the server is ready until it closes; its releases closed with it. */
export function registerScheduler(app: FastifyInstance, deps: Omit<SchedulerDeps, 'releases'> & { releases: () => ContentReleases }) {
  let made: ContentReleases | undefined;
  const scheduler = createScheduler({ ...deps, releases: () => (made ??= deps.releases()) });
  app.decorate('contentScheduler', scheduler);
  app.addHook('onReady', async () => scheduler.start());
  return async () => {
    await scheduler.stop();
    made?.close();
  };
}
