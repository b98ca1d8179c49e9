import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Db } from '../db';
import type { MailService } from '../mail/service';
import type { Product } from '../product';
import { proxyTrust } from '../proxy-trust';
import { registerRequestLog, requestIds } from '../request-log';
import { STRICT_TRANSPORT_SECURITY } from '../security';
import type { SharedState } from '../shared-state';
import { accountById, closeExpiredSessions, closeSession, sessionById, sessionIdOf, touchSession, type Account } from './accounts';
import { abilityFor, type Access, type StudioAbility } from './rights';
import { CSRF_HEADER, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_MS, type StudioContext } from './context';
import { DEFAULT_STUDIO_SIGN_IN_LIMITS } from '../rate-limit';
import { seedDemoAccounts } from './demo';
import deskRoutes from './desk-routes';
import editorRoutes from './editor-routes';
import formCheckRoutes from './form-check-routes';
import lockRoutes from './lock-routes';
import historyRoutes from './history-routes';
import mediaRoutes from './media-routes';
import { createMediaLibrary } from '../content/media-library';
import { createContentReleases } from '../content/releases';
import { createStudioEditor } from '../content/studio-editor';
import type { ContentGate } from '../content/gate-worker';
import { createContentLocks } from '../content/locks';
import { createSaveRefusals } from '../content/locks-refusals';
import { Repo } from '../repo';
import { ROOT_DIR } from '../root';
import previewRoutes from './preview-routes';
import reviewRoutes from './review-routes';
import { createContentReviews } from './reviews';
import scheduleRoutes from './schedule-routes';
import settingsRoutes from './settings-routes';
import { createContentSchedules } from '../content/schedules';
import studioRoutes from './routes';
import type { SecretKeys } from './secret-box';
import { KEPT_BY_BROWSER } from './route-helpers';
import { registerStudioApp } from './static';
import texts from './texts.json';

/**
 * The studio: the staff's application, a Fastify app of its own on its own port (STUDIO_PORT) and
 * origin (STUDIO_URL), never on the site's. It shares the site's database, Redis and outbox. Every
 * route declares what it needs (`config.access`, rights.ts); a route that declares nothing fails
 * its registration, and every request is checked against the signed-in account's rules, read from
 * the database at each request (a role change or a disabled account applies at once).
 */
export interface StudioOptions {
  db: Db;
  shared: SharedState;
  mail: MailService;
  product: Product;
  /** The studio's public origin: the one Origin state-changing requests may come from, and its links. */
  studioUrl: string;
  /** The site's public origin (PUBLIC_URL), where the content previews are (server/preview/); without it, none. */
  siteUrl?: string;
  /** Demo mode: the session cookie goes without Secure (plain http) and so without the __Host- prefix. */
  demo: boolean;
  /** The keys of the accounts' TOTP secrets at rest (STUDIO_SECRET_KEY; STUDIO_SECRET_KEY_PREVIOUS during a rotation). */
  secretKeys: SecretKeys;
  /** The clock (tests move it: idle and absolute expiry). */
  now?: () => Date;
  trustProxy?: boolean | number | string;
  logger?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Sign-in attempts per account and per client a quarter of an hour (defaults: DEFAULT_STUDIO_SIGN_IN_LIMITS). */
  signInLimits?: { perAccount: number; perClient: number };
  /** The built browser app (dist-studio/, `npm run build`), served at `/`; without it, the API only. */
  appDir?: string;
  /** The project whose schemas and gate the content editor uses (default: this one). */
  contentRoot?: string;
  /** The content editor's project gate (default: one on contentRoot; null: the server's content checks only). */
  contentGate?: ContentGate | null;
}

/** Where every studio route lives; the site's port has nothing there (it answers 404). */
export const STUDIO_PREFIX = '/api/studio';

/** Every studio answer: never stored, never framed, nothing loaded (an API), no referrer, no sniffing. */
export const STUDIO_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** Who is asking: the signed-in account, its session and its rights. */
export interface StudioCaller {
  account: Account;
  sessionId: string;
  /** When the session's sign-in was (ISO): a new factor needs a recent one. */
  signedInAt: string;
  ability: StudioAbility;
}

/** A route of the studio and what it needs (the rights test asks each of them as every role). */
export interface StudioRoute {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The studio's routes (a studio app only). */
    studioRoutes?: readonly StudioRoute[];
  }
  interface FastifyContextConfig {
    /** What a studio route needs (server/studio/rights.ts); the site's routes never set it. */
    access?: Access;
  }
  interface FastifyRequest {
    studio?: StudioCaller;
  }
}

/** How often ended sessions are removed. */
const SESSION_SWEEP_MS = 10 * 60_000;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function buildStudio(options: StudioOptions): Promise<FastifyInstance> {
  const trust = proxyTrust(options.trustProxy);
  const level = options.logger ?? 'silent';
  const app = Fastify({
    logger: level === 'silent' ? false : { level, ...(options.logStream ? { stream: options.logStream } : {}) },
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trust,
    bodyLimit: 16 * 1024,
    // A slow or idle client cannot hold a connection for long (the site's timeouts, server/app.ts).
    requestTimeout: 30_000,
    connectionTimeout: 65_000,
    keepAliveTimeout: 5_000,
    return503OnClosing: true,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
    forceCloseConnections: 'idle',
    requestIdHeader: false,
    genReqId: requestIds(trust),
  });
  const cookieName = options.demo ? 'studio' : '__Host-studio';
  const ctx: StudioContext = {
    db: options.db,
    shared: options.shared,
    mail: options.mail,
    product: options.product,
    studioUrl: options.studioUrl,
    siteUrl: options.siteUrl,
    demo: options.demo,
    secretKeys: options.secretKeys,
    now: options.now ?? (() => new Date()),
    cookieName,
    signInLimits: options.signInLimits ?? DEFAULT_STUDIO_SIGN_IN_LIMITS,
    cookie: (value, maxAge) =>
      `${cookieName}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${options.demo ? '' : '; Secure'}`,
  };

  // Deny by default: a route that does not say what it needs is a programming error, found at start.
  const routes: StudioRoute[] = [];
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access === undefined) {
      throw new Error(`The studio route ${String(route.method)} ${route.url} declares no access (config.access: 'public' or a rule)`);
    }
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, access });
  });
  app.decorate('studioRoutes', routes);

  registerRequestLog(app);
  const headers = Object.entries({
    ...STUDIO_HEADERS,
    ...(options.demo ? {} : { 'strict-transport-security': STRICT_TRANSPORT_SECURITY }),
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of headers) {
      const kept = name === 'cache-control' && reply.getHeader(name) === KEPT_BY_BROWSER;
      if (!kept && (!reply.hasHeader(name) || name === 'cache-control')) reply.header(name, value);
    }
    return payload;
  });

  // CSRF: a state-changing request needs the studio's own Origin and the studio's header.
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers.origin !== ctx.studioUrl || request.headers[CSRF_HEADER] !== '1') {
      request.log.warn({ origin: request.headers.origin }, 'studio: request without its origin or header refused');
      return reply.code(403).send({ message: texts.crossSite });
    }
  });

  // Who asks, and whether their rules allow what the route needs: before the body is validated, so
  // that nobody learns anything of a route they may not use.
  app.addHook('preValidation', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (access === undefined) return refuse(reply, 403, texts.notAllowed);
    if (access === 'public') return;
    const caller = await signedIn(ctx, request);
    if (!caller) return reply.header('set-cookie', ctx.cookie('', 0)).code(401).send({ message: texts.signedOut });
    if (!caller.ability.can(access.action, access.subject)) return refuse(reply, 403, texts.notAllowed);
    request.studio = caller;
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    return reply
      .code(status)
      .send(status >= 500 ? { message: 'Internal server error', requestId: request.id } : { message: error.message });
  });
  app.setNotFoundHandler({}, (_request, reply) => reply.code(404).send({ message: 'Not found' }));

  // Ended sessions are removed now and then (a request with one removes it at once).
  const sweep = setInterval(() => {
    const now = ctx.now().getTime();
    closeExpiredSessions(ctx.db.query, new Date(now - SESSION_IDLE_MS), new Date(now - SESSION_ABSOLUTE_MS)).catch((error: unknown) =>
      app.log.warn({ err: error }, 'studio: could not remove ended sessions; trying again later'),
    );
  }, SESSION_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // A demo start has one account per role (server/studio/demo.ts); a production one has none.
  if (options.demo) await seedDemoAccounts(ctx.db, ctx.secretKeys, ctx.now());
  await app.register(studioRoutes, { prefix: STUDIO_PREFIX, ctx });
  await app.register(deskRoutes, { prefix: `${STUDIO_PREFIX}/desk`, ctx });
  const repo = new Repo(ctx.db);
  const root = options.contentRoot ?? ROOT_DIR;
  const releases = createContentReleases({ ...ctx, repo, root, gate: options.contentGate });
  const editor = createStudioEditor({ db: ctx.db, repo, releases, root, now: ctx.now });
  app.addHook('onClose', async () => releases.close());
  const locks = createContentLocks({ db: ctx.db, now: ctx.now });
  const refusals = createSaveRefusals({ db: ctx.db, repo, locks, root });
  await app.register(editorRoutes, { prefix: `${STUDIO_PREFIX}/editor`, ctx, editor, releases, refusals });
  await app.register(lockRoutes, { prefix: `${STUDIO_PREFIX}/editor`, ctx, locks });
  await app.register(historyRoutes, { prefix: `${STUDIO_PREFIX}/editor`, ctx, repo, releases });
  await app.register(previewRoutes, { prefix: `${STUDIO_PREFIX}/editor`, ctx });
  await app.register(formCheckRoutes, { prefix: `${STUDIO_PREFIX}/editor`, ctx, editor });
  const schedules = createContentSchedules({ db: ctx.db, repo, now: ctx.now });
  await app.register(scheduleRoutes, { prefix: `${STUDIO_PREFIX}/schedules`, ctx, schedules });
  const library = createMediaLibrary({ db: ctx.db, repo, root, now: ctx.now });
  await app.register(mediaRoutes, { prefix: `${STUDIO_PREFIX}/media`, ctx, library });
  const reviews = createContentReviews(ctx, { editor, releases });
  await app.register(reviewRoutes, { prefix: `${STUDIO_PREFIX}/reviews`, ctx, reviews, releases });
  await app.register(settingsRoutes, { prefix: `${STUDIO_PREFIX}/settings`, ctx });
  if (options.appDir !== undefined) registerStudioApp(app, options.appDir, options.siteUrl);
  return app;
}

const refuse = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ message });

/**
 * The caller of a request with a session cookie: the session must exist, be used within
 * SESSION_IDLE_MS and younger than SESSION_ABSOLUTE_MS, and its account exist and not be disabled.
 * An ended session is removed. A request moves the session's last use to now when it was recorded
 * SESSION_TOUCH_MS ago or more.
 */
async function signedIn(ctx: StudioContext, request: FastifyRequest): Promise<StudioCaller | undefined> {
  const sessionId = sessionIdOf(request.headers.cookie, ctx.cookieName);
  if (!sessionId) return undefined;
  const session = await sessionById(ctx.db.query, sessionId);
  if (!session) return undefined;
  const now = ctx.now();
  const sinceUse = now.getTime() - Date.parse(session.last_seen_at);
  const idle = sinceUse > SESSION_IDLE_MS;
  const old = now.getTime() - Date.parse(session.created_at) > SESSION_ABSOLUTE_MS;
  const account = idle || old ? undefined : await accountById(ctx.db.query, session.account_id);
  if (!account || account.disabled) {
    await closeSession(ctx.db.query, sessionId);
    return undefined;
  }
  if (sinceUse >= SESSION_TOUCH_MS) await touchSession(ctx.db.query, sessionId, now);
  return { account, sessionId, signedInAt: session.created_at, ability: abilityFor(account.roles) };
}
