/**
 * `npm run bench:publish`: how long a studio publish takes to reach the public site across instances.
 * Starts two instances behind nginx on one PostgreSQL schema and one Redis (scripts/lib/cluster.ts;
 * the built site in dist/, nginx, PostgreSQL at BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, Redis at BENCH_PUBLISH_REDIS_URL, default database 15,
 * emptied), the studio and the git record (a temp content repository) on the first instance; nginx on
 * BENCH_PUBLISH_PORT (default 8394), the instances on the next two ports, the studio on the third.
 * The demo editor then, --runs times (default 10), saves a new price of the Individual plan into its
 * draft and publishes it, and this measures:
 *  - the gate: `POST check` of the draft (the first, cold, apart; then the median);
 *  - the publish: from the request to its answer (the gate, the transaction, the announcement);
 *  - draft to live: from the publish's answer to the other instance's API and /shop page, and /shop
 *    through nginx, showing the new price (median and p90).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { startCluster } from './lib/cluster.ts';
import { wholeNumberOption } from './lib/bench-inputs.ts';
import { apiPrice, contentRepos, msUntil, shopShows, StudioSession } from './lib/studio-publish.ts';

const ROOT = process.cwd();
const runs = wholeNumberOption(process.argv.slice(2), 'runs', 10);
const BASE_PORT = Number(process.env.BENCH_PUBLISH_PORT ?? 8394);
const PROXY = `http://127.0.0.1:${BASE_PORT}`;
const INSTANCE_PORTS = [BASE_PORT + 1, BASE_PORT + 2] as const;
const OTHER = `http://127.0.0.1:${INSTANCE_PORTS[1]}`;
const STUDIO = `http://127.0.0.1:${BASE_PORT + 3}`;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_PUBLISH_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const SCHEMA = `bench_publish_${process.pid}`;

async function sql(text: string) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const quantile = (values: number[], q: number) => sorted(values)[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)];
const line = (name: string, values: number[]) =>
  `${name.padEnd(44)} median ${Math.round(quantile(values, 0.5))} ms, p90 ${Math.round(quantile(values, 0.9))} ms (min ${Math.round(sorted(values)[0])}, max ${Math.round(sorted(values).at(-1)!)})`;

const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
await redis.connect();
await redis.flushdb();
redis.disconnect();
await sql(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA}`);
const dir = mkdtempSync(path.join(tmpdir(), 'bench-publish-'));
const repos = contentRepos(ROOT, dir);
const cluster = await startCluster({
  root: ROOT,
  dir,
  listenPort: BASE_PORT,
  instancePorts: INSTANCE_PORTS,
  env: {
    ...process.env,
    DEMO: '1',
    STATIC_DIR: path.join(ROOT, 'dist'),
    REDIS_URL,
    DATABASE_URL: `${DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${SCHEMA}`)}`,
    TRUST_PROXY: '127.0.0.1',
    PUBLIC_URL: PROXY,
    PAGE_RENDER_LIMIT: '0',
    LOG_LEVEL: 'warn',
  },
  instanceEnv: (port) =>
    port === INSTANCE_PORTS[0]
      ? { STUDIO_PORT: String(BASE_PORT + 3), STUDIO_URL: STUDIO, CONTENT_GIT_DIR: repos.clone, CONTENT_GIT_REMOTE: 'origin' }
      : {},
});

try {
  const editor = await StudioSession.signIn(STUDIO);
  // Each /shop rendered once first: a process's first render loads the server bundle.
  for (const base of [OTHER, PROXY]) await shopShows(base, 0);
  const gate: number[] = [];
  const publish: number[] = [];
  const api: number[] = [];
  const other: number[] = [];
  const nginx: number[] = [];
  for (let run = 0; run < runs; run++) {
    const price = 2101 + run;
    const base = await editor.savePrice('Individual', price);
    const checkStart = performance.now();
    const checked = await editor.call<{ problems: unknown[] }>('POST', 'check', { files: {} });
    if (checked.status !== 200 || checked.body.problems.length > 0)
      throw new Error(`check: ${checked.status} ${JSON.stringify(checked.body)}`);
    gate.push(performance.now() - checkStart);
    const published = await editor.publish(base);
    if (published.status !== 200) throw new Error(`publish: ${published.status} ${JSON.stringify(published.body)}`);
    publish.push(published.answered - published.started);
    const [a, b, c] = await Promise.all([
      msUntil(async () => (await apiPrice(OTHER, 'Individual')) === price, published.answered),
      msUntil(() => shopShows(OTHER, price), published.answered),
      msUntil(() => shopShows(PROXY, price), published.answered),
    ]);
    if (a === undefined || b === undefined || c === undefined) throw new Error(`run ${run + 1}: the price did not show within 10 s`);
    api.push(a);
    other.push(b);
    nginx.push(c);
    console.log(
      `run ${run + 1}: gate ${Math.round(gate.at(-1)!)} ms, publish ${Math.round(publish.at(-1)!)} ms, live: API ${Math.round(a)}, /shop ${Math.round(b)}, nginx ${Math.round(c)} ms`,
    );
  }
  console.log(`\n${runs} publishes of the Individual plan's price, two instances behind nginx (PostgreSQL, Redis):`);
  console.log(`the gate, first (cold) check                 ${Math.round(gate[0])} ms`);
  console.log(line('the gate, later checks', gate.slice(1)));
  console.log(line('publish request to answer', publish));
  console.log(line("answer to the other instance's API", api));
  console.log(line("answer to the other instance's /shop", other));
  console.log(line('answer to /shop through nginx', nginx));
} finally {
  await cluster.close();
  rmSync(dir, { recursive: true, force: true });
  await sql(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
}
