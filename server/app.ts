import fastifyCompress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance, type FastifyError } from 'fastify';
import { readPagesConfig, type ServerContext } from './context';
import { readProduct } from './product';
import { ROOT_DIR } from './root';
import { databaseFile, openDatabase } from './db';
import { Repo } from './repo';
import { createSharedState, whenConnected } from './shared-state';
import { registerRoutes } from './routes/register';
import { API_PREFIX } from './paths';
import { registerHealth } from './health';
import { DEFAULT_BODY_LIMIT } from './rate-limit';
import { proxyTrust } from './proxy-trust';
import { registerRequestLog, requestIds } from './request-log';
import { registerSameSiteWrites, registerSecurityHeaders } from './security';
import { registerSeoFiles } from './seo';
import { seedDemoKeys, seedModeProblem } from './seed';
import { isWorkTreeTop } from './content/git';
import { GitRecord } from './content/git-record';
import { watchContentRecord } from './content/record-metrics';
import { startContent } from './content/start';
import { serveReleases } from './content/release-wiring';
import { DEFAULT_UPLOAD_CLIENT_DAILY_MB, DEFAULT_UPLOAD_QUOTA_MB, DEFAULT_SUBMISSION_ALERT_HOURS, SettingsError } from './settings';
import { NOTIFICATIONS_PATH } from './shop/provider';
import { OrderStore } from './shop/store';
import { oldestOpenSubmissions } from './desk/submissions';
import { loadSubmittableForms } from './forms/registry';
import { SubmissionStore } from './forms/store';
import { createMailService } from './mail/service';
import { createPageRenderer, DEFAULT_HTML_CACHE_SECONDS, type PageRenderer } from './render';
import { registerPreview } from './preview/route';
import { DEFAULT_PAGE_RENDER_LIMIT, DEFAULT_RENDER_CONCURRENCY } from './render-budget';
import { registerFallback, registerStatic } from './static';
import { registerMedia } from './images/serve';
import { storedMediaFile } from './content/media-library-store';
import { createMetrics, registerHttpMetrics, serveMetrics, watchState } from './metrics';
import { linkSettings, type BuildOptions } from './build-options';
import { startSweeps } from './sweeps';

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

/**
 * The site's server, not yet listening: the context, the content releases it serves, its sweeps,
 * security headers, error handler, route modules, static files and pages. A SettingsError lists
 * every option it refuses.
 */
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
    scratch: opts.scratchData,
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
  const stopSweeps = await startSweeps({
    orders,
    uploads,
    outbox: mail.outbox,
    metrics,
    now,
    log: app.log,
    uploadRetentionDays: opts.uploadRetentionDays,
  });

  app.decorate('ctx', ctx);
  app.decorate('metricsAddress', () => metricsServer?.address() ?? null);
  // E-mails written before this start (a crash, an SMTP outage) go out as soon as the server is up.
  app.addHook('onReady', async () => {
    mail.sender?.start();
    record?.start();
  });
  let pages: PageRenderer | null = null;
  const releases = await serveReleases(app, {
    ctx,
    root: opts.contentRoot ?? ROOT_DIR,
    staticDir: opts.staticDir,
    releasePollMs: opts.contentReleasePollMs,
    schedulePollMs: opts.contentSchedulePollMs,
    pages: () => pages,
  });
  app.addHook('onClose', async () => {
    await releases.close();
    stopSweeps();
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

  app.addHook('preClose', async () => {
    draining = true;
  });
  registerHealth(app, { db, shared, draining: () => draining });
  await whenConnected(shared);
  const uploadClientBytesPerDay = Math.floor((opts.uploadClientDailyMb ?? DEFAULT_UPLOAD_CLIENT_DAILY_MB) * 1024 * 1024);
  await registerRoutes(app, ctx, {
    formRateLimit: opts.formRateLimit,
    formFileRateLimit: opts.formFileRateLimit,
    promoCheckLimit: opts.promoCheckLimit,
    uploadQuotaBytes,
    uploadClientBytesPerDay,
    releaseForms: releases.releaseForms,
  });

  registerSeoFiles(app, { publicUrl: ctx.publicUrl, config: readPagesConfig(), repo: ctx.repo });
  await registerStatic(app, opts.staticDir);
  releases.releaseForms.register(app);
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
        forms: () => releases.releaseForms.current().render,
      })
    : null;
  if (pages) app.decorate('pages', pages);
  if (pages && opts.staticDir && opts.preview) {
    // Each preview's API is a copy of this one that never listens, with no previews of its own.
    const copy = (dataDir: string) =>
      buildServer({
        dataDir,
        scratchData: true,
        demo: true,
        contentRoot: opts.contentRoot,
        product,
        publicUrl: ctx.publicUrl,
        now,
        logger: 'silent',
      });
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
