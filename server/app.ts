import fastifyCompress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance, type FastifyError } from 'fastify';
import { randomBytes } from 'node:crypto';
import { readPagesConfig, type ServerContext } from './context';
import { readProduct, type Product } from './product';
import { ROOT_DIR } from './root';
import { databaseFile, openDatabase } from './db';
import { Repo } from './repo';
import { createSharedState, whenConnected } from './shared-state';
import billingRoutes from './routes/billing';
import contentRoutes from './routes/content';
import { outboxDevPages, outboxDevRoutes, refuseForeignHost } from './routes/dev';
import formRoutes, { formDevRoutes } from './routes/forms';
import keyRoutes from './routes/keys';
import { sandboxPayPages, sandboxProviderRoutes } from './routes/payment';
import paymentNotificationRoutes from './routes/payment-notifications';
import resellerRoutes from './routes/reseller';
import resellerBillingRoutes from './routes/reseller-billing';
import shopRoutes from './routes/shop';
import { API_PREFIX } from './paths';
import { DEFAULT_BODY_LIMIT } from './rate-limit';
import { proxyTrust } from './proxy-trust';
import { registerRequestLog, requestIds } from './request-log';
import { registerSameSiteWrites, registerSecurityHeaders } from './security';
import { registerSeoFiles } from './seo';
import { seedDemoKeys, seedModeProblem } from './seed';
import { isWorkTreeTop } from './content/git';
import { GitRecord, type GitRecordSettings } from './content/git-record';
import { watchContentRecord } from './content/record-metrics';
import { startContent } from './content/start';
import { DEFAULT_RELEASE_POLL_MS, watchReleases } from './content/release-watch';
import { createContentReleases } from './content/releases';
import { registerScheduler } from './content/scheduler';
import {
  DEFAULT_ORDER_TTL_MINUTES,
  DEFAULT_UPLOAD_CLIENT_DAILY_MB,
  DEFAULT_UPLOAD_QUOTA_MB,
  DEFAULT_UPLOAD_RETENTION_DAYS,
  DEFAULT_SUBMISSION_ALERT_HOURS,
  parseOrigin,
  parseProviderUrl,
  secretProblem,
  SettingsError,
  trustProxyProblem,
} from './settings';
import { NOTIFICATIONS_PATH, PAYMENT_REQUESTS_PATH } from './shop/provider';
import { OrderStore } from './shop/store';
import { oldestOpenSubmissions } from './desk/submissions';
import { loadSubmittableForms } from './forms/registry';
import { createReleaseForms, NO_CHANGES } from './forms/release-forms';
import { releaseFiles } from './content/release-rows';
import { SubmissionStore } from './forms/store';
import { KEY_MAIL_KEPT_DAYS } from './mail/outbox';
import { createMailService, type MailSettings } from './mail/service';
import { createPageRenderer, DEFAULT_HTML_CACHE_SECONDS, type PageRenderer } from './render';
import { registerPreview, type PreviewSettings } from './preview/route';
import { DEFAULT_PAGE_RENDER_LIMIT, DEFAULT_RENDER_CONCURRENCY } from './render-budget';
import { registerFallback, registerStatic } from './static';
import { registerMedia } from './images/serve';
import { storedMediaFile } from './content/media-library-store';
import { createMetrics, registerHttpMetrics, serveMetrics, watchState } from './metrics';

export interface BuildOptions {
  /** Directory of the SQLite file (`app.db`); created if missing. Unused with `databaseUrl`. */
  dataDir: string;
  /** The folder of content images (content/media of the project by default; tests give their own). */
  mediaDir?: string;
  /** Make every content image's variants once the server is ready (server/images/serve.ts); `npm start` does. */
  warmImages?: boolean;
  /** PostgreSQL instead of the SQLite file: postgres://user@host:port/database (DATABASE_URL). */
  databaseUrl?: string;
  /** Connections of the PostgreSQL pool (DATABASE_POOL_SIZE; default 10). */
  databasePoolSize?: number;
  /** The project whose content/ files the database follows (default: this repository). */
  contentRoot?: string;
  /** Redis shared by the instances (rate limits, render budget, HTML cache); without it, each process its own. */
  redisUrl?: string;
  /** Built site (vite build output); served when it holds an index.html. */
  staticDir?: string;
  /** Demo mode: sandbox provider, e-mail outbox, /dev and /api/dev routes, demo seed. Never in production. */
  demo: boolean;
  /** Request log: false (none), true (info) or a level; production default 'warn'. */
  logger?: boolean | 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Where log lines (JSON) go instead of standard output (tests read what was logged). */
  logStream?: { write(line: string): void };
  /** Serve Prometheus metrics at GET /metrics on this port (METRICS_PORT; 0: any free one); none when absent. */
  metricsPort?: number;
  /** The address the metrics port listens on (METRICS_HOST; default 127.0.0.1: never public). */
  metricsHost?: string;
  /** The site's public origin; required outside demo mode (demo default: http://127.0.0.1:8080). */
  publicUrl?: string;
  /** Payment notification secret; required outside demo mode (demo default: random per start). */
  paymentSecret?: string;
  /** The provider's payment-request URL; required outside demo mode (demo default: the sandbox's). */
  paymentProviderUrl?: string;
  /** Fastify trustProxy: the addresses of trusted reverse proxies (rate limits and stored IPs then use the client's address). */
  trustProxy?: boolean | number | string;
  /** Minutes a pending order waits for its payment (default 60). */
  orderTtlMinutes?: number;
  /** Product names; default: site.product of pages.config.json. */
  product?: Product;
  /** Clock; default: the system clock. */
  now?: () => Date;
  /** Form submissions (POST form-emails/*) per minute per client; default 10 (FORM_RATE_LIMIT). */
  formRateLimit?: number;
  /** Submissions carrying files per minute per client, besides formRateLimit; default 3 (FORM_FILE_RATE_LIMIT). */
  formFileRateLimit?: number;
  /** MB of uploads one client (an IP, an IPv6 /64) may store a day; 0: no budget; default 50 (UPLOAD_CLIENT_DAILY_MB). */
  uploadClientDailyMb?: number;
  /** Promo-code checks an hour on the whole site, all clients together; default 1000 (PROMO_CHECK_LIMIT). */
  promoCheckLimit?: number;
  /** Seconds a server-rendered page is reused per path and the query parameters it reads (0: none); default 10 (HTML_CACHE_SECONDS). */
  htmlCacheSeconds?: number;
  /** Seconds past its time a cached page is still served while it renders again in the background (default 60). */
  htmlStaleSeconds?: number;
  /** Pages rendered anew (HTML cache misses) per minute per client; 0: no limit; default 300 (PAGE_RENDER_LIMIT). */
  pageRenderLimit?: number;
  /** Pages rendered at once on the whole server, then a short queue, then 503; 0: no limit; default 2 (RENDER_CONCURRENCY). */
  renderConcurrency?: number;
  /** How often the instance reads the live content release itself (ms); default 1000 (CONTENT_RELEASE_POLL_MS). */
  contentReleasePollMs?: number;
  /** How often the instance looks for due scheduled content changes (ms); default 5000. */
  contentSchedulePollMs?: number;
  /** Where e-mail leaves (SMTP_URL); required outside demo mode, where without it e-mails wait in the outbox. */
  smtpUrl?: string;
  /** The From of every e-mail (MAIL_FROM); required outside demo mode (demo default: '<product> demo <no-reply@localhost>'). */
  mailFrom?: string;
  /** The sender's retry delays and attempts, claim lease and poll interval (defaults: server/mail/sender.ts). */
  mail?: Pick<MailSettings, 'retry' | 'leaseMs' | 'pollMs'>;
  /** Total MB (1,048,576 bytes) of stored uploads beyond which a new upload is refused with 507; default 1024 (UPLOAD_QUOTA_MB). */
  uploadQuotaMb?: number;
  /** Days an uploaded file is kept (its submission stays); default 365 (UPLOAD_RETENTION_DAYS). */
  uploadRetentionDays?: number;
  /** Hours a submission may wait open before the alert, exposed as a gauge; default 24 (SUBMISSION_ALERT_HOURS). */
  submissionAlertHours?: number;
  /** The git record of the content releases (CONTENT_GIT_DIR and the rest; server/content/git-record.ts); none when absent. */
  contentGit?: GitRecordSettings;
  /** The studio's content previews at /__preview/ (server/preview/), with a built site; none when absent. */
  preview?: PreviewSettings;
}

/** API route modules, each registered under /api/v1 with the server context as its options. */
const API_MODULES = [
  contentRoutes,
  shopRoutes,
  resellerRoutes,
  formRoutes,
  billingRoutes,
  resellerBillingRoutes,
  paymentNotificationRoutes,
  keyRoutes,
];

/** The sandbox payment provider's API (under /api/v1), demo mode only. */
const DEMO_API_MODULES = [sandboxProviderRoutes];

/** Development helpers under /api/dev, registered in demo mode only (they check ctx.demo too). */
const DEV_MODULES = [formDevRoutes, outboxDevRoutes];

/** Server-rendered pages at the site root, demo mode only: /dev/outbox. */
const DEV_PAGE_MODULES = [outboxDevPages];

/** Server-rendered pages at the site root, demo mode only: the sandbox provider's pages. */
const DEMO_PAGE_MODULES = [sandboxPayPages];

/** Timeouts of the HTTP server (ms): a slow or idle client cannot hold a connection for long. */
export const TIMEOUTS = {
  /** The whole request, body included (a 5 MB CV on a slow phone fits). */
  request: 60_000,
  /** The request's headers. */
  headers: 15_000,
  /** An idle keep-alive connection. */
  keepAlive: 5_000,
  /** A socket with no activity at all. */
  connection: 65_000,
} as const;

/** How often pending orders are checked for expiry. */
const EXPIRY_SWEEP_MS = 60_000;
/** How often uploads past their retention are looked for (and once at start). */
const UPLOAD_SWEEP_MS = 60 * 60_000;
const DAY_MS = 86_400_000;

const DEMO_PUBLIC_URL = 'http://127.0.0.1:8080';

/** The payment and link settings in force: the options, demo defaults, or a SettingsError outside demo mode. */
function linkSettings(opts: BuildOptions): Pick<ServerContext, 'publicUrl' | 'paymentSecret' | 'paymentProviderUrl' | 'orderTtlMs'> {
  const problems: string[] = [];
  let publicUrl = opts.publicUrl ?? (opts.demo ? DEMO_PUBLIC_URL : '');
  if (publicUrl === '') problems.push('publicUrl is required outside demo mode');
  else {
    const parsed = parseOrigin(publicUrl, 'publicUrl', { httpsOnly: !opts.demo });
    if (typeof parsed === 'string') publicUrl = parsed;
    else problems.push(parsed.error);
  }
  const paymentSecret = opts.paymentSecret ?? (opts.demo ? randomBytes(32).toString('base64url') : '');
  const secret = secretProblem(paymentSecret, 'paymentSecret');
  if (secret) problems.push(secret);
  let paymentProviderUrl = opts.paymentProviderUrl ?? (opts.demo ? `${publicUrl}${PAYMENT_REQUESTS_PATH}` : '');
  if (paymentProviderUrl === '') problems.push('paymentProviderUrl is required outside demo mode');
  else {
    const parsed = parseProviderUrl(paymentProviderUrl, 'paymentProviderUrl', { httpsOnly: !opts.demo });
    if (typeof parsed === 'string') paymentProviderUrl = parsed;
    else problems.push(parsed.error);
  }
  const proxy = opts.trustProxy === undefined ? undefined : trustProxyProblem(opts.trustProxy, 'trustProxy');
  if (proxy) problems.push(proxy);
  if (opts.uploadQuotaMb !== undefined && !(opts.uploadQuotaMb > 0 && Number.isFinite(opts.uploadQuotaMb)))
    problems.push('uploadQuotaMb must be a positive number of MB');
  if (opts.promoCheckLimit !== undefined && !(Number.isInteger(opts.promoCheckLimit) && opts.promoCheckLimit >= 1))
    problems.push('promoCheckLimit must be a whole number of checks an hour, at least 1');
  if (opts.uploadRetentionDays !== undefined && !(opts.uploadRetentionDays > 0 && Number.isFinite(opts.uploadRetentionDays)))
    problems.push('uploadRetentionDays must be a positive number of days');
  if (opts.submissionAlertHours !== undefined && !(opts.submissionAlertHours > 0 && Number.isFinite(opts.submissionAlertHours)))
    problems.push('submissionAlertHours must be a positive number of hours');
  if (opts.uploadClientDailyMb !== undefined && !(opts.uploadClientDailyMb >= 0 && Number.isFinite(opts.uploadClientDailyMb)))
    problems.push('uploadClientDailyMb must be a number of MB, 0 for no budget');
  if (!opts.demo && !opts.smtpUrl) problems.push('smtpUrl is required outside demo mode');
  if (!opts.demo && !opts.mailFrom) problems.push('mailFrom is required outside demo mode');
  if (problems.length > 0) throw new SettingsError(problems);
  return { publicUrl, paymentSecret, paymentProviderUrl, orderTtlMs: (opts.orderTtlMinutes ?? DEFAULT_ORDER_TTL_MINUTES) * 60_000 };
}

/** Whether the database answers a query. */

export async function buildServer(opts: BuildOptions): Promise<FastifyInstance> {
  const links = linkSettings(opts);
  const trust = proxyTrust(opts.trustProxy);
  const level = opts.logger === true ? 'info' : opts.logger === false || opts.logger === undefined ? 'silent' : opts.logger;
  const app = Fastify({
    logger: level === 'silent' ? false : { level, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    // One line per API request at info, none per static file (requestLog.ts); no URLs with tokens.
    logController: new LogController({ disableRequestLogging: true }),
    // One trust (TRUST_PROXY) for the client's address in X-Forwarded-For and the request id.
    trustProxy: trust,
    bodyLimit: DEFAULT_BODY_LIMIT,
    requestTimeout: TIMEOUTS.request,
    connectionTimeout: TIMEOUTS.connection,
    keepAliveTimeout: TIMEOUTS.keepAlive,
    return503OnClosing: true,
    // Route schemas refuse what they do not describe: no silent removal of extra fields, no coercion.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
    forceCloseConnections: 'idle',
    // Every request has an id, in each of its log lines (reqId), its X-Request-Id header and a 5xx
    // answer's body; nginx's own id when a trusted proxy sends a well-formed one, so that both logs agree.
    requestIdHeader: false,
    genReqId: requestIds(trust),
  });
  const metrics = createMetrics();
  /** From the start of a shutdown: the instance finishes what it has and takes nothing new. */
  let draining = false;
  const metricsServer =
    opts.metricsPort === undefined ? null : serveMetrics(app, metrics, { port: opts.metricsPort, host: opts.metricsHost ?? '127.0.0.1' });
  (app.server as import('node:http').Server).headersTimeout = TIMEOUTS.headers;

  const now = opts.now ?? (() => new Date());
  const product = opts.product ?? readProduct();
  if (opts.contentGit && !(await isWorkTreeTop(opts.contentGit.dir)))
    throw new SettingsError([`CONTENT_GIT_DIR must be the top folder of a git clone (${opts.contentGit.dir} is not)`]);
  const db = await openDatabase({
    dataDir: opts.dataDir,
    databaseUrl: opts.databaseUrl,
    poolSize: opts.databasePoolSize,
    warn: (message) => app.log.warn(message),
    onQuery: (seconds) => metrics.dbQueryDuration.observe(seconds),
  });
  const mail = createMailService({
    db,
    product,
    publicUrl: links.publicUrl,
    now,
    settings: { smtpUrl: opts.smtpUrl, from: opts.mailFrom ?? `${product.name} demo <no-reply@localhost>`, ...opts.mail },
    log: app.log,
    onOutcome: (outcome, kind) =>
      ({ sent: metrics.emailsSent, retried: metrics.emailsRetried, failed: metrics.emailsFailed })[outcome].inc({ kind }),
  });
  const shared = createSharedState(opts.redisUrl, app.log);
  const ctx: ServerContext = {
    db,
    repo: new Repo(db),
    demo: opts.demo,
    dataDir: opts.dataDir,
    product,
    now,
    mail,
    shared,
    metrics,
    ...links,
  };
  const where = opts.databaseUrl ? 'The PostgreSQL database of DATABASE_URL' : `The database ${databaseFile(opts.dataDir)}`;
  const modeProblem = await seedModeProblem(ctx.repo, ctx.demo, where);
  if (modeProblem) {
    await db.close();
    throw new SettingsError([modeProblem]);
  }
  // The start rule (server/content/start.ts): invalid content files that would become a release
  // stop the start and change nothing.
  try {
    const root = opts.contentRoot ?? ROOT_DIR;
    for (const line of await startContent({ repo: ctx.repo, shared, root, demo: ctx.demo, product, now: now() })) app.log.info(line);
  } catch (error) {
    await shared.close();
    await db.close();
    throw error;
  }
  if (ctx.demo) await seedDemoKeys(ctx.repo, { now: now() });

  const orders = new OrderStore(db);
  // Uploaded files are kept UPLOAD_RETENTION_DAYS, then removed (their submission stays, marked).
  const uploads = new SubmissionStore(db);
  const uploadQuotaBytes = Math.floor((opts.uploadQuotaMb ?? DEFAULT_UPLOAD_QUOTA_MB) * 1024 * 1024);
  watchState(metrics, {
    db,
    shared,
    orders,
    uploads: { storedBytes: () => uploads.storedBytes(), quotaBytes: uploadQuotaBytes },
    outbox: mail.outbox,
    submissions: {
      forms: [...(await loadSubmittableForms()).keys()],
      oldestOpen: () => oldestOpenSubmissions(db),
      alertSeconds: (opts.submissionAlertHours ?? DEFAULT_SUBMISSION_ALERT_HOURS) * 3600,
    },
    now,
    draining: () => draining,
  });
  // Each content release becomes a commit of the git record, from the moment the server is ready.
  const record = opts.contentGit
    ? new GitRecord({ ...opts.contentGit, db, shared, log: app.log, now, onPushFailure: () => metrics.contentPushFailures.inc() })
    : undefined;
  watchContentRecord(metrics, record, now);
  const expirePending = async () => metrics.ordersExpired.inc(await orders.expirePending(now().toISOString()));
  await expirePending();
  const sweepOnce = async () => {
    try {
      await expirePending();
      await mail.outbox.forgetSentKeyMails(new Date(now().getTime() - KEY_MAIL_KEPT_DAYS * 86_400_000));
    } catch (error) {
      app.log.warn({ err: error }, 'orders: could not expire pending orders; trying again later');
    }
  };
  const sweep = setInterval(() => void sweepOnce(), EXPIRY_SWEEP_MS);
  sweep.unref();
  const retentionMs = (opts.uploadRetentionDays ?? DEFAULT_UPLOAD_RETENTION_DAYS) * DAY_MS;
  const removeOldUploads = async () => {
    try {
      const removed = await uploads.removeFilesBefore(new Date(now().getTime() - retentionMs).toISOString(), now().toISOString());
      if (removed > 0) app.log.info({ removed }, 'uploads: files past their retention removed');
    } catch (error) {
      app.log.warn({ err: error }, 'uploads: could not remove files past their retention; trying again later');
    }
  };
  await removeOldUploads();
  const uploadSweep = setInterval(() => void removeOldUploads(), UPLOAD_SWEEP_MS);
  uploadSweep.unref();

  app.decorate('ctx', ctx);
  app.decorate('metricsAddress', () => metricsServer?.address() ?? null);
  // E-mails written before this start (a crash, an SMTP outage) go out as soon as the server is up.
  app.addHook('onReady', async () => {
    mail.sender?.start();
    record?.start();
  });
  let pages: PageRenderer | null = null;
  // A release's forms that differ from the build's are compiled before the release is served
  // (server/forms/release-forms.ts); its forms and its pages switch together.
  const releaseForms = createReleaseForms({ product, staticDir: opts.staticDir, log: app.log, root: opts.contentRoot ?? ROOT_DIR });
  let formsOfRelease = -1;
  const prepareForms = async (release: number) => {
    const texts = release > 0 ? await releaseFiles(db.query, release) : undefined;
    return texts ? releaseForms.prepare(texts) : NO_CHANGES;
  };
  // A new content release reaches this instance by Redis at once, or by its own read of the database.
  const releases = await watchReleases({
    repo: ctx.repo,
    shared,
    pollMs: opts.contentReleasePollMs ?? DEFAULT_RELEASE_POLL_MS,
    // The release's forms are compiled and its layout read before its pages are served
    // (server/forms/release-forms.ts, render.ts showRelease).
    onRelease: async (release) => {
      const forms = await prepareForms(release);
      formsOfRelease = release;
      releaseForms.use(forms);
      await pages?.showRelease(release);
      app.log.info({ release }, 'content release: now serving it');
    },
    log: app.log,
  });
  {
    const first = releases.current();
    const forms = await prepareForms(first);
    // Unless a newer release came meanwhile.
    if (formsOfRelease < first) releaseForms.use(forms);
  }
  // Scheduled content changes are published at their time by whichever instance claims them first.
  const stopScheduler = registerScheduler(app, {
    db,
    releases: () => createContentReleases({ ...ctx, root: opts.contentRoot ?? ROOT_DIR }),
    log: app.log,
    now,
    onFailure: () => metrics.contentScheduleFailures.inc(),
    pollMs: opts.contentSchedulePollMs,
  });
  app.addHook('onClose', async () => {
    await stopScheduler();
    await releases.close();
    clearInterval(sweep);
    clearInterval(uploadSweep);
    // Sends in flight finish and are marked before the database closes.
    await mail.sender?.stop();
    // A commit under way finishes and is stored before the database closes.
    await record?.stop();
    await shared.close();
    await db.close();
  });

  registerRequestLog(app);
  registerHttpMetrics(app, metrics);
  // Request bodies are taken as sent: a compressed one (Content-Encoding) is refused before it is read.
  // Nothing the site sends is compressed, and decompression ahead of multipart parsing stalled requests.
  app.addHook('onRequest', async (request, reply) => {
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
      return reply.code(415).send({ message: 'Compressed request bodies are not accepted.' });
    }
  });
  // Production: HSTS, and the external provider may receive the checkout's form posts and requests.
  registerSecurityHeaders(app, { hsts: !ctx.demo, paymentOrigin: ctx.demo ? undefined : ctx.paymentProviderUrl });
  // Browsers on other sites cannot change anything through the API; the provider's signed
  // notifications come server to server.
  registerSameSiteWrites(app, { siteOrigin: ctx.publicUrl, prefix: API_PREFIX, exempt: [NOTIFICATIONS_PATH] });
  // gzip/brotli for the site's scripts, styles and the JSON API (images are already compressed).
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    return reply
      .code(status)
      .send(status >= 500 ? { message: 'Internal server error', requestId: request.id } : { message: error.message });
  });

  // Alive: the process answers. Ready means "send me traffic": the database answers and the instance
  // is not draining. Redis is optional: without it the instance serves with its own per-process limits,
  // render budget and HTML cache, so a Redis outage leaves it ready (the body says `redis: false`)
  // rather than taking every instance out of the balancer at once.
  app.addHook('preClose', async () => {
    draining = true;
  });
  let lastReadiness = '';
  app.get(`${API_PREFIX}/health`, async () => ({ ok: true }));
  app.get(`${API_PREFIX}/ready`, async (_request, reply) => {
    const checks = { database: await db.ping(), redis: await shared.reachable() };
    const ready = checks.database && !draining;
    const body = {
      ready,
      ...checks,
      ...(draining ? { draining: true } : {}),
      ...(ready && !checks.redis ? { limits: 'per-process' as const } : {}),
    };
    // Logged when the answer changes, not on every probe.
    const readiness = JSON.stringify(body);
    if (readiness !== lastReadiness) {
      if (lastReadiness !== '' || !ready || !checks.redis) {
        const line = !ready
          ? `ready: no (${!checks.database ? 'database unreachable' : 'draining'})`
          : checks.redis
            ? 'ready: yes'
            : 'ready: yes, without redis (limits, render budget and HTML cache per process)';
        if (ready && checks.redis) app.log.info(line);
        else app.log.warn(line);
      }
      lastReadiness = readiness;
    }
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  });
  await whenConnected(shared);
  const uploadClientBytesPerDay = Math.floor((opts.uploadClientDailyMb ?? DEFAULT_UPLOAD_CLIENT_DAILY_MB) * 1024 * 1024);
  for (const module of API_MODULES)
    await app.register(module, {
      prefix: API_PREFIX,
      ...ctx,
      formRateLimit: opts.formRateLimit,
      formFileRateLimit: opts.formFileRateLimit,
      promoCheckLimit: opts.promoCheckLimit,
      uploadQuotaBytes,
      uploadClientBytesPerDay,
      releaseForms,
    });
  if (ctx.demo) {
    for (const module of DEMO_API_MODULES) await app.register(module, { prefix: API_PREFIX, ...ctx });
    for (const module of DEMO_PAGE_MODULES) await app.register(module, { ...ctx });
    // The demo surface (/api/dev, /dev) answers only to 127.0.0.1, localhost and [::1].
    await app.register(async (surface) => {
      surface.addHook('onRequest', refuseForeignHost);
      for (const module of DEV_MODULES) await surface.register(module, { prefix: '/api/dev', ...ctx });
      for (const module of DEV_PAGE_MODULES) await surface.register(module, { ...ctx });
    });
  }

  registerSeoFiles(app, { publicUrl: ctx.publicUrl, config: readPagesConfig(), repo: ctx.repo });
  await registerStatic(app, opts.staticDir);
  releaseForms.register(app);
  registerMedia(app, {
    dataDir: opts.dataDir,
    dir: opts.mediaDir,
    warm: opts.warmImages,
    stored: (name) => storedMediaFile(ctx.db.query, name),
  });
  pages = opts.staticDir
    ? await createPageRenderer(app, opts.staticDir, {
        release: releases.current(),
        publicUrl: ctx.publicUrl,
        cacheSeconds: opts.htmlCacheSeconds ?? DEFAULT_HTML_CACHE_SECONDS,
        rendersPerMinute: opts.pageRenderLimit ?? DEFAULT_PAGE_RENDER_LIMIT,
        concurrentRenders: opts.renderConcurrency ?? DEFAULT_RENDER_CONCURRENCY,
        staleSeconds: opts.htmlStaleSeconds,
        forms: () => releaseForms.current().render,
      })
    : null;
  if (pages) app.decorate('pages', pages);
  if (pages && opts.staticDir && opts.preview) {
    // Each preview's API is a copy of this one that never listens, with no previews of its own.
    const copy = (dataDir: string) =>
      buildServer({ dataDir, demo: true, contentRoot: opts.contentRoot, product, publicUrl: ctx.publicUrl, now, logger: 'silent' });
    await registerPreview(app, {
      ...opts.preview,
      staticDir: opts.staticDir,
      root: opts.contentRoot ?? ROOT_DIR,
      demo: ctx.demo,
      build: copy,
    });
  }
  registerFallback(app, opts.staticDir, pages);
  return app;
}
