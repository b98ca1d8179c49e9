import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { apiPrice, contentRepos, git, SHOP_PLANS, StudioSession } from '../../scripts/lib/studio-publish';
import { contentOf } from '../../server/content/release-content';
import { readProduct } from '../../server/product';
import { databaseUrlFor, dropDatabaseOf, ON_POSTGRES, tempDir } from './helpers';

/**
 * A publish killed with SIGKILL at any moment: the real server (server/main.ts, demo mode, on
 * PostgreSQL, the studio and the git record on) publishes a new price of the Individual plan through
 * the studio's editor API and is killed a random time into it, TRIES times. After each kill the
 * database holds one release's content, the old one or the new one, never a mix: every resource's
 * items are those of the live release's files. Started again on the same database, the server
 * serves that release, and its git record catches up: every release committed (recorded_commit set)
 * and pushed, one commit per release, in order. A push that fails is tried again and counted in
 * telmed_content_push_failures_total: tests/server/git-record-push.test.ts.
 *
 * PostgreSQL only (`npm run test:postgres`, or TEST_DATABASE_URL); the site on port
 * PUBLISH_CRASH_PORT (default 8398), the studio on the next one. PUBLISH_CRASH_TRIES kills (default
 * 4, enough for CI's budget; raise it to hunt); each costs a start of the server, a few seconds, up to a minute on a busy machine.
 */
const ROOT = resolve(__dirname, '../..');
const TRIES = Number(process.env.PUBLISH_CRASH_TRIES ?? 4);
const SITE_PORT = Number(process.env.PUBLISH_CRASH_PORT ?? 8398);
const SITE = `http://127.0.0.1:${SITE_PORT}`;
const STUDIO = `http://127.0.0.1:${SITE_PORT + 1}`;

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Starts the server in a process of its own (node with tsx as a loader: a SIGKILL ends the server itself); resolves once the studio answers. */
async function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => (output += String(chunk)));
  // Two minutes: tsx compiles the server at each start, slow on a busy machine.
  for (const deadline = Date.now() + 120_000; ;) {
    if (
      await fetch(`${STUDIO}/api/studio/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGKILL');
  return exited;
}

describe.skipIf(!ON_POSTGRES)('a publish killed with SIGKILL', () => {
  it(`leaves the old release or the new one, never a mix, and the git record catches up (${TRIES} kills)`, async () => {
    const dataDir = tempDir();
    const databaseUrl = (await databaseUrlFor(dataDir))!;
    const repoDir = tempDir('telmed-publish-crash-');
    cleanups.push(async () => {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(repoDir, { recursive: true, force: true });
      await dropDatabaseOf(dataDir);
    });
    const repos = contentRepos(ROOT, repoDir);
    const staticDir = tempDir('telmed-nostatic-');
    cleanups.push(() => rmSync(staticDir, { recursive: true, force: true }));
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DEMO: '1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      STATIC_DIR: staticDir,
      PORT: String(SITE_PORT),
      STUDIO_PORT: String(SITE_PORT + 1),
      STUDIO_URL: STUDIO,
      CONTENT_GIT_DIR: repos.clone,
      CONTENT_GIT_REMOTE: 'origin',
      LOG_LEVEL: 'error',
    };
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    cleanups.push(() => db.end());
    const product = readProduct();

    /** The live release, and whether the content table holds exactly its files' items. */
    const liveState = async () => {
      const live = Number((await db.query<{ value: string }>("SELECT value FROM meta WHERE key = 'content_release'")).rows[0].value);
      const files = JSON.parse(
        (await db.query<{ files: string }>('SELECT files FROM content_releases WHERE number = $1', [live])).rows[0].files,
      ) as Record<string, string>;
      const expected = contentOf(files, { root: ROOT, demo: true, product, now: new Date() }).resources;
      const rows = (await db.query<{ resource: string; body: string }>('SELECT resource, body FROM content ORDER BY resource, id')).rows;
      const actual = new Map<string, unknown[]>();
      for (const row of rows) actual.set(row.resource, [...(actual.get(row.resource) ?? []), JSON.parse(row.body)]);
      const sortById = (items: unknown[]) => [...items].sort((a, b) => (a as { id: number }).id - (b as { id: number }).id);
      return {
        live,
        price: (JSON.parse(files[SHOP_PLANS]) as { items: Array<{ name: string; price: number }> }).items.find(
          (i) => i.name === 'Individual',
        )!.price,
        resources: [...actual.keys()].sort(),
        expectedResources: [...expected.keys()].filter((r) => expected.get(r)!.length > 0).sort(),
        mixed: [...expected]
          .filter(([resource, items]) => JSON.stringify(sortById(items)) !== JSON.stringify(sortById(actual.get(resource) ?? [])))
          .map(([r]) => r),
      };
    };

    let server = await startServer(env);
    cleanups.push(() => kill(server));
    const editor = await StudioSession.signIn(STUDIO);
    // One publish not killed: how long one takes, the gate warm.
    await editor.call('POST', 'check', { files: {} });
    let base = await editor.savePrice('Individual', 3000);
    const timed = await editor.publish(base);
    expect(timed.status).toBe(200);
    const publishMs = timed.answered - timed.started;

    const outcomes = { old: 0, new: 0 };
    for (let attempt = 1; attempt <= TRIES; attempt++) {
      const price = 3000 + attempt;
      const before = await liveState();
      base = await editor.savePrice('Individual', price);
      const delay = Math.random() * publishMs * 1.3;
      const answer = editor.publish(base).catch(() => undefined);
      await new Promise((done) => setTimeout(done, delay));
      await kill(server);
      await answer;
      const after = await liveState();
      expect(after.mixed, `try ${attempt} (killed after ${Math.round(delay)} ms)`).toEqual([]);
      expect(after.resources).toEqual(after.expectedResources);
      expect([before.live, before.live + 1]).toContain(after.live);
      expect(after.price).toBe(after.live === before.live ? before.price : price);
      outcomes[after.live === before.live ? 'old' : 'new'] += 1;
      server = await startServer(env);
      expect(await apiPrice(SITE, 'Individual')).toBe(after.price);
      // The session is the database's: it outlives the process. The gate's first check (its scratch
      // copy) before the next publish, so that the kill falls in a publish as long as the timed one.
      await editor.call('POST', 'check', { files: {} });
    }
    console.log(
      `publish-crash: ${TRIES} kills within ${Math.round(publishMs * 1.3)} ms of a ${Math.round(publishMs)} ms publish: ${outcomes.old} old, ${outcomes.new} new`,
    );

    // The git record caught up: every release committed and pushed, one commit per release, in order.
    const behind = async () =>
      Number(
        (await db.query<{ n: string }>('SELECT count(*) AS n FROM content_releases WHERE recorded_commit IS NULL OR pushed_at IS NULL'))
          .rows[0].n,
      );
    for (const deadline = Date.now() + 30_000; (await behind()) > 0 && Date.now() < deadline;)
      await new Promise((done) => setTimeout(done, 200));
    expect(await behind()).toBe(0);
    const { live } = await liveState();
    const trailers = git(repos.remote, 'log', '--reverse', '--format=%(trailers:key=Studio-Release,valueonly)', 'main')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map(Number);
    expect(trailers).toEqual(Array.from({ length: live }, (_, i) => i + 1));
    const commits = (
      await db.query<{ number: number; recorded_commit: string }>('SELECT number, recorded_commit FROM content_releases ORDER BY number')
    ).rows;
    for (const row of commits)
      expect(git(repos.remote, 'log', '-1', '--format=%(trailers:key=Studio-Release,valueonly)', row.recorded_commit).trim()).toBe(
        String(row.number),
      );
  }, 1_800_000);
});
