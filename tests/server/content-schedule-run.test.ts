import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { run, sql } from '../../server/db';
import { createContentReleases } from '../../server/content/releases';
import { setReviewRequired } from '../../server/content/review-setting';
import { insertSchedule, scheduleById, type ScheduledChanges } from '../../server/content/schedule-rows';
import { getJson, startServer, tempDir, type Items } from './helpers';

/**
 * The scheduler of content changes: a due schedule is published once, whatever the number of
 * instances on the database; one whose files changed since its release, or that fails the gate at
 * its time, fails with why, a log line at error level and the failures' metric.
 */

const ROOT = resolve(__dirname, '../..');
const PLANS = 'content/shop-plans.json';
const AUTHOR = { id: 1, name: 'ana@studio.example', email: 'ana@studio.example' };

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The test's clock, moved past a schedule's time. */
const clock = (() => {
  let at = Date.parse('2026-03-02T08:00:00Z');
  return { now: () => new Date(at), advance: (ms: number) => void (at += ms) };
})();

async function server(dataDir?: string) {
  const started = await startServer({ now: clock.now, contentSchedulePollMs: 3_600_000, ...(dataDir ? { dataDir } : {}) });
  cleanups.push(started.cleanup);
  await run(
    started.app.ctx.db.query,
    sql`INSERT INTO studio_accounts (id, email, roles, created_at) VALUES (${AUTHOR.id}, ${AUTHOR.email}, '["editor"]', '2026-01-01T00:00:00Z')
        ON CONFLICT (id) DO NOTHING`,
  );
  return started;
}

/** The plans file with its first plan changed by `change`. */
function plansWith(change: (plan: Record<string, unknown>) => void): string {
  const data = JSON.parse(readFileSync(resolve(ROOT, PLANS), 'utf8')) as { items: Array<Record<string, unknown>> };
  change(data.items[0]);
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** A schedule of `changes` made from release `base`, due in a minute. */
async function schedule(app: FastifyInstance, changes: ScheduledChanges, base = 1): Promise<number> {
  return app.ctx.db.write('content-schedules', (q) =>
    insertSchedule(q, {
      author: AUTHOR,
      changes,
      summary: ['Plans: 1 changed'],
      baseRelease: base,
      runAt: new Date(clock.now().getTime() + 60_000).toISOString(),
      createdAt: clock.now().toISOString(),
    }),
  );
}

const priceServed = async (app: FastifyInstance) => ((await getJson(app, '/api/v1/shop-plans')).body as { data: Items }).data[0].price;
const failures = async (app: FastifyInstance) =>
  (await app.ctx.metrics.registry.getSingleMetric('telmed_content_schedule_failures_total')!.get()).values[0].value;

describe('the content scheduler', () => {
  it('publishes a due schedule exactly once with two instances on one database', async () => {
    const dataDir = tempDir();
    const first = await server(dataDir);
    const second = await server(dataDir);
    const id = await schedule(first.app, { [PLANS]: plansWith((plan) => (plan.price = 1799)) });

    // Not due yet: nothing runs.
    expect(await first.app.contentScheduler!.runNow()).toBe(0);
    clock.advance(61_000);
    const ran = await Promise.all([first.app.contentScheduler!.runNow(), second.app.contentScheduler!.runNow()]);
    expect(ran[0] + ran[1]).toBe(1);
    expect(await scheduleById(first.app.ctx.db.query, id)).toMatchObject({ state: 'done', release: 2, error: null });
    expect(await first.app.ctx.repo.getMeta('content_release')).toBe('2');
    expect(await priceServed(first.app)).toBe(1799);
    // Run again: nothing is left to run.
    expect(await second.app.contentScheduler!.runNow()).toBe(0);
  }, 60_000);

  it('fails a schedule that does not pass the gate at its time: failed, logged at error level, counted', async () => {
    const { app } = await server();
    const error = vi.spyOn(app.log, 'error');
    const id = await schedule(app, { [PLANS]: plansWith((plan) => delete plan.name) });
    clock.advance(61_000);
    expect(await failures(app)).toBe(0);
    expect(await app.contentScheduler!.runNow()).toBe(1);
    const failed = await scheduleById(app.ctx.db.query, id);
    expect(failed).toMatchObject({ state: 'failed', release: null });
    expect(failed!.error).toMatch(/does not pass the checks: content\/shop-plans\.json \/items\/0/);
    expect(await failures(app)).toBe(1);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ schedule: id }), expect.stringMatching(/failed/));
    expect(await app.ctx.repo.getMeta('content_release')).toBe('1');
    expect(await priceServed(app)).toBe(1499);
  }, 60_000);

  it('fails a schedule whose file changed since its release (a conflict)', async () => {
    const { app } = await server();
    const { db, repo, shared, demo, product, now } = app.ctx;
    const releases = createContentReleases({ db, repo, shared, root: ROOT, demo, product, now, gate: null });
    cleanups.push(async () => releases.close());
    const conflicting = await schedule(app, { [PLANS]: plansWith((plan) => (plan.price = 1799)) });
    const published = await releases.publish({
      changes: { [PLANS]: plansWith((plan) => (plan.price = 1599)) },
      baseRelease: 1,
      author: AUTHOR,
      source: 'studio',
    });
    expect(published.status).toBe('published');
    clock.advance(61_000);
    expect(await app.contentScheduler!.runNow()).toBe(1);
    const failed = await scheduleById(db.query, conflicting);
    expect(failed).toMatchObject({ state: 'failed' });
    expect(failed!.error).toMatch(/content\/shop-plans\.json changed since release 1/);
    expect(await priceServed(app)).toBe(1599);
    expect(await failures(app)).toBe(1);
  }, 60_000);

  it('fails a schedule made before review before publish was switched on: it has no reviewer', async () => {
    const { app } = await server();
    const id = await schedule(app, { [PLANS]: plansWith((plan) => (plan.price = 1799)) });
    await app.ctx.db.write('studio', (q) => setReviewRequired(q, true));
    clock.advance(61_000);
    expect(await app.contentScheduler!.runNow()).toBe(1);
    const failed = await scheduleById(app.ctx.db.query, id);
    expect(failed).toMatchObject({ state: 'failed', release: null });
    expect(failed!.error).toMatch(/Review before publish was switched on/);
    expect(await priceServed(app)).toBe(1499);
  }, 60_000);
});
