import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The server's Prometheus metrics (prom-client), served in the text format on a port of their own
 * (METRICS_PORT, bound to 127.0.0.1 unless METRICS_HOST says otherwise), never on the site's port:
 * nginx proxies the site's port only, so the metrics are not public. Each instance counts its own;
 * Prometheus sums the instances. Names follow Prometheus' conventions: `_total` for counters,
 * `_seconds` for durations, base units throughout; application metrics start with `telmed_`, HTTP
 * ones are the usual `http_requests_total` and `http_request_duration_seconds`.
 *
 * Labels take a small fixed set of values each (a route pattern, never a raw path; a form's name from
 * forms/, never what a visitor typed), so that no request can add a series.
 */

/** Label of requests served by the page renderer (every page path is one label). */
export const PAGE_ROUTE = '(page)';
/** Label of requests that matched no route and no page: missing files, unknown API paths. */
export const UNMATCHED_ROUTE = '(unmatched)';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where GET /metrics listens once the server is ready; null when metrics are off (no METRICS_PORT). */
    metricsAddress: () => AddressInfo | null;
  }
}

const routeLabels = new WeakMap<FastifyRequest, string>();
/** Names the route of a request that matched none of the server's routes (the fallback: a page, a 404). */
export const labelRoute = (request: FastifyRequest, label: string) => void routeLabels.set(request, label);

/** Seconds; a page from the cache takes milliseconds, a render tens of them, an upload or a payment up to seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The values of each label that are known in advance: their series exist at 0 from the start, so
 * that `increase()` sees the first event after a start (a series that appears at 1 counts nothing).
 */
const KNOWN_LABELS: Record<string, Record<string, readonly string[]>> = {
  telmed_page_cache_served_total: { result: ['hit', 'stale'] },
  telmed_orders_created_total: { shop: ['standard', 'promotion', 'merchant', 'reseller'] },
  telmed_page_renders_refused_total: { reason: ['budget', 'busy'] },
  telmed_key_activations_total: { result: ['succeeded', 'refused', 'locked'] },
  telmed_uploads_total: { result: ['stored', 'refused'] },
  telmed_upload_submissions_refused_total: { reason: ['quota', 'budget'] },
  telmed_emails_sent_total: { kind: ['keys', 'form'] },
  telmed_emails_failed_total: { kind: ['keys', 'form'] },
  telmed_emails_retried_total: { kind: ['keys', 'form'] },
};

/** A registry of this server's metrics (one per server: tests run several in one process). */
export function createMetrics() {
  const registry = new Registry();
  const counter = <L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) => {
    const made = new Counter<L>({ name, help, labelNames, registers: [registry] });
    for (const [label, values] of Object.entries(KNOWN_LABELS[name] ?? {}))
      for (const value of values) made.inc({ [label]: value } as Partial<Record<L, string>>, 0);
    if (labelNames.length === 0) made.inc(0);
    return made;
  };
  return {
    registry,
    httpRequests: counter('http_requests_total', 'HTTP requests answered, by route pattern, method and status.', [
      'route',
      'method',
      'status',
    ]),
    httpDuration: new Histogram<'route' | 'method' | 'status'>({
      name: 'http_request_duration_seconds',
      help: 'Time from a request to its answer, by route pattern, method and status.',
      labelNames: ['route', 'method', 'status'],
      buckets: HTTP_BUCKETS,
      registers: [registry],
    }),
    pagesRendered: counter('telmed_page_renders_total', 'Pages rendered anew on the server (a cache miss or a stale page refreshed).'),
    pagesCache: counter(
      'telmed_page_cache_served_total',
      'Pages answered from the HTML cache, fresh (hit) or stale while rendered again.',
      ['result'],
    ),
    renderRefused: counter(
      'telmed_page_renders_refused_total',
      'Page renders refused: over the client budget (429, budget) or no render slot free (503, busy).',
      ['reason'],
    ),
    ordersCreated: counter('telmed_orders_created_total', 'Orders created (a billing accepted), by shop.', ['shop']),
    ordersPaid: counter('telmed_orders_paid_total', 'Orders paid (a confirmed payment applied).'),
    ordersExpired: counter('telmed_orders_expired_total', 'Pending orders the expiry sweep cancelled: their time to pay ran out.'),
    keysIssued: counter('telmed_keys_issued_total', 'Access keys issued to paid orders.'),
    keyActivations: counter(
      'telmed_key_activations_total',
      'Key activations: succeeded, refused (wrong pair, used key, invalid) or locked.',
      ['result'],
    ),
    codeChecksRefused: counter(
      'telmed_code_checks_refused_total',
      'Promo-code checks refused (429) because the site-wide limit of checks an hour (PROMO_CHECK_LIMIT) was spent.',
    ),
    formSubmissions: counter('telmed_form_submissions_total', 'Form submissions stored, by form.', ['form']),
    uploads: counter('telmed_uploads_total', 'Uploaded files: stored, or refused (type, size, quota, client budget).', ['result']),
    uploadSubmissionsRefused: counter(
      'telmed_upload_submissions_refused_total',
      "Submissions with files refused for room: the uploads' storage full (507, quota: UPLOAD_QUOTA_MB) or the client's day's budget used (429, budget: UPLOAD_CLIENT_DAILY_MB).",
      ['reason'],
    ),
    emailsSent: counter('telmed_emails_sent_total', 'E-mails the SMTP server accepted, by kind (keys, form).', ['kind']),
    emailsFailed: counter('telmed_emails_failed_total', 'E-mails given up on after their last attempt, by kind.', ['kind']),
    emailsRetried: counter('telmed_emails_retried_total', 'E-mail attempts that failed and were scheduled again, by kind.', ['kind']),
    contentPushFailures: counter(
      'telmed_content_push_failures_total',
      "Pushes of the content's git record to CONTENT_GIT_REMOTE that failed (each is tried again, 2 s to 5 min later).",
    ),
    contentScheduleFailures: counter(
      'telmed_content_schedule_failures_total',
      'Scheduled content changes that failed at their time (a conflict with a newer release, or the checks).',
    ),
    dbQueryDuration: new Histogram({
      name: 'telmed_db_query_duration_seconds',
      help: 'Database query durations.',
      buckets: QUERY_BUCKETS,
      registers: [registry],
    }),
    /**
     * A gauge read when Prometheus scrapes (what the database or a connection knows now: the outbox,
     * the reviews, the pool). A failed read leaves the gauge without a value for that scrape.
     */
    gauge<L extends string = never>(name: string, help: string, labelNames: readonly L[], read: (gauge: Gauge<L>) => Promise<void> | void) {
      return new Gauge<L>({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          try {
            await read(this);
          } catch {
            // No value this scrape: an alert on absence or on `up` tells the operator.
          }
        },
      });
    },
  };
}

/**
 * Counts every answer by route pattern, method and status, with its duration. The series of each
 * (route, method, status) are looked up once and kept: prom-client would otherwise hash the labels
 * on every request, which cost the cheapest requests a tenth of their rate (docs/measurements.md).
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  const series = new Map<string, { requests: { inc: () => void }; duration: { observe: (seconds: number) => void } }>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? routeLabels.get(request) ?? UNMATCHED_ROUTE;
    const key = `${route} ${request.method} ${reply.statusCode}`;
    let found = series.get(key);
    if (!found) {
      const labels = { route, method: request.method, status: String(reply.statusCode) };
      found = { requests: metrics.httpRequests.labels(labels), duration: metrics.httpDuration.labels(labels) };
      series.set(key, found);
    }
    found.requests.inc();
    found.duration.observe(reply.elapsedTime / 1000);
    done();
  });
}

/**
 * Serves `GET /metrics` on a port of its own from the moment the server is ready, with Node's and
 * the process's defaults (event-loop lag, heap, GC) added, and closes it with the server. Anything
 * else on that port is 404. `address()` gives where it listens (a test asks for port 0).
 */
export function serveMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  options: { port: number; host: string },
): { address: () => AddressInfo | null } {
  collectDefaultMetrics({ register: metrics.registry });
  // Gauges named like counters, which `promtool check metrics` refuses; each is the sum of the gauge
  // of the same name without `_total`, by type, which stays.
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
    metrics.registry.removeSingleMetric(name);
  let server: Server | null = null;
  app.addHook('onReady', async () => {
    server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
        return;
      }
      metrics.registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics: could not collect');
          response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics could not be collected\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(options.port, options.host, resolve);
    });
    app.log.info(`metrics on http://${options.host}:${(server.address() as AddressInfo).port}/metrics`);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
  return { address: () => (server?.address() as AddressInfo | null) ?? null };
}

/** What the state gauges read, each when Prometheus scrapes. */
export interface WatchedState {
  db: { ping: () => Promise<boolean>; connections?: () => { inUse: number; idle: number; waiting: number } };
  /** The shared Redis, when the server has one. */
  shared: { redis: unknown; reachable: () => Promise<boolean> };
  orders: { openReviews: () => Promise<number> };
  /** The stored uploads (read from the database) and the quota they may fill (UPLOAD_QUOTA_MB). */
  uploads: { storedBytes: () => Promise<number>; quotaBytes: number };
  outbox: { unsent: () => Promise<Array<{ kind: string; count: number | string; oldest: string }>> };
  /** Per form, when its oldest open submission came (null: none open), and how long one may wait (SUBMISSION_ALERT_HOURS). */
  submissions: {
    /** The forms reported with a value even when none waits (the submittable forms' keys). */
    forms: readonly string[];
    oldestOpen: () => Promise<Array<{ form: string; oldest: string | null }>>;
    alertSeconds: number;
  };
  now: () => Date;
  draining: () => boolean;
}

/** E-mail kinds reported with a value even when none waits (an alert compares them with a threshold). */
const MAIL_KINDS = ['keys', 'form'];

/**
 * The gauges of what the instance and its database hold now: readiness (as /api/v1/ready answers),
 * Redis, the database pool, the stored uploads and their quota, the unsent e-mails and the payments
 * waiting for review. The last four are the same on every instance of one database: alerts take
 * their max, not their sum.
 */
export function watchState(metrics: Metrics, state: WatchedState): void {
  metrics.gauge(
    'telmed_ready',
    'Whether this instance takes traffic (1) or not (0): its database answers and it is not draining.',
    [],
    async (gauge) => {
      gauge.set((await state.db.ping()) && !state.draining() ? 1 : 0);
    },
  );
  if (state.shared.redis) {
    metrics.gauge(
      'telmed_redis_up',
      'Whether the shared Redis answers (1) or not (0: limits, budget and cache per process).',
      [],
      async (gauge) => {
        gauge.set((await state.shared.reachable()) ? 1 : 0);
      },
    );
  }
  metrics.gauge(
    'telmed_db_pool_connections',
    'Database connections of this instance by state: in_use, idle, and waiting (queries waiting for a connection).',
    ['state'],
    (gauge) => {
      const pool = state.db.connections?.() ?? { inUse: 0, idle: 0, waiting: 0 };
      gauge.set({ state: 'in_use' }, pool.inUse);
      gauge.set({ state: 'idle' }, pool.idle);
      gauge.set({ state: 'waiting' }, pool.waiting);
    },
  );
  metrics.gauge(
    'telmed_payment_reviews_open',
    'Confirmed payments that issued no keys and wait for an operator (npm run payments).',
    [],
    async (gauge) => {
      gauge.set(await state.orders.openReviews());
    },
  );
  metrics.gauge(
    'telmed_uploads_stored_bytes',
    'Bytes of uploaded files stored now (not yet removed by UPLOAD_RETENTION_DAYS).',
    [],
    async (gauge) => {
      gauge.set(await state.uploads.storedBytes());
    },
  );
  metrics.gauge(
    'telmed_uploads_quota_bytes',
    'Bytes the stored uploads may take (UPLOAD_QUOTA_MB); a submission whose files would pass it gets 507.',
    [],
    (gauge) => {
      gauge.set(state.uploads.quotaBytes);
    },
  );
  metrics.gauge('telmed_outbox_unsent', 'E-mails written and not sent yet, by kind (npm run outbox).', ['kind'], async (gauge) => {
    const rows = await state.outbox.unsent();
    for (const kind of MAIL_KINDS) gauge.set({ kind }, Number(rows.find((row) => row.kind === kind)?.count ?? 0));
  });
  metrics.gauge(
    'telmed_outbox_oldest_unsent_age_seconds',
    'Age of the oldest e-mail not sent yet, by kind (0 when none waits).',
    ['kind'],
    async (gauge) => {
      const rows = await state.outbox.unsent();
      const now = state.now().getTime();
      for (const kind of MAIL_KINDS) {
        const oldest = rows.find((row) => row.kind === kind)?.oldest;
        gauge.set({ kind }, oldest ? Math.max(0, (now - Date.parse(oldest)) / 1000) : 0);
      }
    },
  );
  metrics.gauge(
    'telmed_submission_oldest_open_age_seconds',
    'Age of the oldest submission that waits for staff (status new or in progress), by form (0 when none waits).',
    ['form'],
    async (gauge) => {
      const now = state.now().getTime();
      for (const form of state.submissions.forms) gauge.set({ form }, 0);
      for (const { form, oldest } of await state.submissions.oldestOpen()) {
        const at = oldest ? Date.parse(oldest) : Number.NaN;
        gauge.set({ form }, Number.isNaN(at) ? 0 : Math.max(0, (now - at) / 1000));
      }
    },
  );
  metrics.gauge(
    'telmed_submission_alert_age_seconds',
    'How long a submission may wait for staff before TelmedSubmissionWaiting fires (SUBMISSION_ALERT_HOURS).',
    [],
    (gauge) => {
      gauge.set(state.submissions.alertSeconds);
    },
  );
}
