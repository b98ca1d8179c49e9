/**
 * `npm run bench:server`: the reference server's throughput on loopback. Starts the server in this
 * process (demo mode, a temporary data directory, no request log, rate limits lifted: billings and
 * code checks follow the form limit), listens on 127.0.0.1, and loads it with autocannon, one
 * scenario after the other: a content read, server-rendered pages (from the HTML cache, and rendered
 * anew by a second server without the cache), a form submission and a billing. Prints requests per
 * second and latencies; fails (exit 1) when any answer is not a 2xx or a request errs. Builds the
 * site first when dist/ has no server bundle.
 *
 * With --cluster it loads two instances behind nginx instead (README "Running at scale";
 * scripts/lib/cluster.ts), each a process of its own, on one database and Redis
 * (redis://127.0.0.1:6379/10, emptied first); the rendered pages come from a second pair whose
 * instances keep no HTML cache (Redis database 11). Needs nginx and Redis.
 *
 * With --postgres the servers keep their data in PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test; a schema of their own, dropped after) instead of SQLite.
 *
 * With --limits the servers keep the production limits (the defaults of FORM_RATE_LIMIT,
 * PAGE_RENDER_LIMIT and RENDER_CONCURRENCY) and trust 127.0.0.1 as a proxy, and every request
 * comes from a client address of its own (X-Forwarded-For): the limits count every request, as they
 * would for many visitors, and refuse none. The render gate still queues at most 4 renders per slot,
 * so above 10 connections rendered pages get 503s, as they would in production.
 *
 * With --metrics each server also serves its Prometheus metrics (METRICS_PORT) and the bench scrapes
 * them every 5 s while it loads, as a Prometheus would (every 15 s is usual): the counters run either
 * way, this adds the process and Node defaults and the scrapes (docs/measurements.md compares).
 * Options: --duration <seconds> (10), --connections <n> (10), --cluster, --postgres, --limits, --metrics.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildServer } from '../server/app.ts';
import { STANDARD_BILLING, wholeNumberOption } from './lib/bench-inputs.ts';
import { startCluster, type Cluster } from './lib/cluster.ts';

const args = process.argv.slice(2);
const duration = wholeNumberOption(args, 'duration', 10);
const connections = wholeNumberOption(args, 'connections', 10);

/** A contact-form submission as the site sends it: key, the data as JSON text, and the fields. */
const contact = {
  title: 'Ms.',
  firstName: 'Maria',
  lastName: 'Santos',
  email: 'maria@example.com',
  phoneNumber: '09171234567',
  company: 'Acme',
  message: 'Hello',
};
const billing = STANDARD_BILLING;

const HTML = { accept: 'text/html' };
const SCENARIOS: Array<{
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  expect: number;
  headers?: Record<string, string>;
  /** Served by the server without the HTML cache. */
  uncached?: boolean;
}> = [
  { name: 'content read (GET /api/v1/faqs)', method: 'GET', path: '/api/v1/faqs', expect: 200 },
  { name: 'page, HTML cache (GET /)', method: 'GET', path: '/', expect: 200, headers: HTML },
  { name: 'page, rendered (GET /)', method: 'GET', path: '/', expect: 200, headers: HTML, uncached: true },
  { name: 'page, HTML cache (GET /about)', method: 'GET', path: '/about', expect: 200, headers: HTML },
  { name: 'page, rendered (GET /about)', method: 'GET', path: '/about', expect: 200, headers: HTML, uncached: true },
  { name: 'page with a form, rendered (GET /contact)', method: 'GET', path: '/contact', expect: 200, headers: HTML, uncached: true },
  {
    name: 'form submission (POST form-emails/contact-us)',
    method: 'POST',
    path: '/api/v1/form-emails/contact-us',
    body: { key: 'contact-us', data: JSON.stringify(contact), ...contact },
    expect: 201,
  },
  { name: 'billing (POST billing-informations)', method: 'POST', path: '/api/v1/billing-informations', body: billing, expect: 201 },
];

const staticDir = resolve('dist');
if (!existsSync(join(staticDir, '.ssr', 'entry-server.js'))) execSync('npm run build --silent', { stdio: 'inherit' });

const clustered = args.includes('--cluster');
const limits = args.includes('--limits');
/** With --limits: a client address for each request (10.0.0.1, 10.0.0.2, …), so that no client meets a limit. */
let clients = 0;
const nextClient = () => {
  clients++;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
};
const clientHeaders = (): Record<string, string> => (limits ? { 'x-forwarded-for': nextClient() } : {});
const postgres = args.includes('--postgres');
const withMetrics = args.includes('--metrics');
/** Each cluster instance's metrics port: its own port plus this. */
const METRICS_PORT_OFFSET = 100;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-'));
const otherDataDir = mkdtempSync(join(tmpdir(), 'bench-server-'));

/** With --postgres: the database of the bench, in a schema per server (the cached one and the uncached one). */
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schemas = [`bench_${process.pid}_a`, `bench_${process.pid}_b`];
async function onPostgres(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}
if (postgres) for (const schema of schemas) await onPostgres(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
const databaseUrlOf = (index: number) =>
  postgres ? `${postgresUrl}?options=${encodeURIComponent(`-c search_path=${schemas[index]}`)}` : undefined;
// Every bench request comes from 127.0.0.1: lift the per-IP limits (billings and code checks allow
// at least the form limit), unless --limits keeps them and gives each request an address of its own.
const settings = {
  ...(limits
    ? ({ demo: true, logger: false, staticDir, trustProxy: '127.0.0.1' } as const)
    : ({ demo: true, logger: false, formRateLimit: 1_000_000_000, pageRenderLimit: 0, renderConcurrency: 0, staticDir } as const)),
  ...(withMetrics ? { metricsPort: 0 } : {}),
};
const liftedLimits = limits ? {} : { FORM_RATE_LIMIT: '1000000000', PAGE_RENDER_LIMIT: '0', RENDER_CONCURRENCY: '0' };
/** Two instances behind nginx on `port`, their data in `dir`, their shared state in Redis database `db`; `cacheSeconds` 0: no HTML cache anywhere. */
const redisUrl = (db: number) => `redis://127.0.0.1:6379/${db}`;
const cluster = (dir: string, port: number, cacheSeconds: number, db: number, databaseUrl: string | undefined) =>
  startCluster({
    root: process.cwd(),
    dir,
    listenPort: port,
    instancePorts: [port + 1, port + 2],
    ...(withMetrics ? { metricsPortOffset: METRICS_PORT_OFFSET } : {}),
    env: {
      ...process.env,
      DEMO: '1',
      STATIC_DIR: staticDir,
      REDIS_URL: redisUrl(db),
      TRUST_PROXY: '127.0.0.1',
      LOG: 'off',
      ...liftedLimits,
      HTML_CACHE_SECONDS: String(cacheSeconds),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
const clusters: Cluster[] = [];
const app = clustered ? null : await buildServer({ ...settings, dataDir, databaseUrl: databaseUrlOf(0) });
const uncachedApp = clustered
  ? null
  : await buildServer({ ...settings, dataDir: otherDataDir, databaseUrl: databaseUrlOf(1), htmlCacheSeconds: 0 });
let failed = false;
try {
  const listen = async (server: NonNullable<typeof app>) => {
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  };
  let cachedBase: string;
  let uncachedBase: string;
  if (app && uncachedApp) {
    cachedBase = await listen(app);
    uncachedBase = await listen(uncachedApp);
  } else {
    const { Redis } = await import('ioredis');
    for (const db of [10, 11]) {
      const redis = new Redis(redisUrl(db));
      await redis.flushdb();
      redis.disconnect();
    }
    for (const dir of [dataDir, otherDataDir]) mkdirSync(dir, { recursive: true });
    clusters.push(await cluster(dataDir, 8130, 10, 10, databaseUrlOf(0)), await cluster(otherDataDir, 8140, 0, 11, databaseUrlOf(1)));
    [cachedBase, uncachedBase] = clusters.map((c) => c.base);
  }

  // With --metrics: every server's /metrics, scraped every 5 s while the scenarios run.
  const metricsUrls = !withMetrics
    ? []
    : app && uncachedApp
      ? [app, uncachedApp].map((server) => `http://127.0.0.1:${server.metricsAddress()!.port}/metrics`)
      : clusters.flatMap((c) => c.instancePorts.map((port) => `http://127.0.0.1:${port + METRICS_PORT_OFFSET}/metrics`));
  const scraper = setInterval(() => {
    for (const url of metricsUrls)
      void fetch(url).then(
        (response) => response.text(),
        () => '',
      );
  }, 5_000);
  if (metricsUrls.length === 0) clearInterval(scraper);

  const rows: string[][] = [];
  for (const scenario of SCENARIOS) {
    const base = scenario.uncached ? uncachedBase : cachedBase;
    // One request first: a scenario that does not get its status at all is a broken bench, not a slow server.
    const probe = await fetch(base + scenario.path, {
      method: scenario.method,
      headers: { 'content-type': 'application/json', ...scenario.headers, ...clientHeaders() },
      body: scenario.body ? JSON.stringify(scenario.body) : undefined,
    });
    if (probe.status !== scenario.expect) throw new Error(`${scenario.name}: ${probe.status} ${(await probe.text()).slice(0, 200)}`);

    process.stdout.write(`${scenario.name}: ${duration} s, ${connections} connections...\n`);
    const result = await autocannon({
      url: base + scenario.path,
      method: scenario.method,
      headers: { 'content-type': 'application/json', ...scenario.headers },
      body: scenario.body ? JSON.stringify(scenario.body) : undefined,
      connections,
      duration,
      ...(limits
        ? { requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...clientHeaders() } }) }] }
        : {}),
    });
    const errors = result.errors + result.timeouts + result.non2xx;
    if (errors > 0) failed = true;
    rows.push([
      scenario.name,
      result.requests.average.toFixed(0),
      String(result.latency.p50),
      String(result.latency.p99),
      String(result.requests.total),
      String(errors),
    ]);
  }

  clearInterval(scraper);
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'errors'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const engine = postgres ? 'PostgreSQL' : 'SQLite';
  const setup = `${clustered ? `two instances behind nginx, one ${engine} database, one Redis` : `one instance, ${engine}`}${limits ? ', production limits' : ''}${withMetrics ? ', metrics scraped every 5 s' : ''}`;
  console.log(`\nNode ${process.version}, ${setup}, ${connections} connections, ${duration} s a scenario, loopback\n`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  if (failed) console.error('\nFAILED: some answers were not 2xx or requests erred (errors column: errors + timeouts + non-2xx).');
} finally {
  await Promise.all([app?.close(), uncachedApp?.close(), ...clusters.map((c) => c.close())]);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(otherDataDir, { recursive: true, force: true });
  if (postgres) for (const schema of schemas) await onPostgres(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
}
process.exit(failed ? 1 : 0);
