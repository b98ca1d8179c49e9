import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { PLAIN_ADDRESS } from '../domain/email';
import { readContentGitSettings, type ContentGitSettings } from './content/git-settings';
import { DATA_DIR, DEFAULT_POOL_SIZE, DEMO_DATA_DIR } from './db';
import { DEFAULT_HTML_CACHE_SECONDS } from './render';
import { DEFAULT_RELEASE_POLL_MS } from './content/release-watch';
import {
  DEFAULT_FORM_FILE_RATE_LIMIT,
  DEFAULT_FORM_RATE_LIMIT,
  DEFAULT_PROMO_CHECK_LIMIT,
  DEFAULT_STUDIO_SIGN_IN_LIMITS,
} from './rate-limit';
import { invalidProxyEntries } from './proxy-trust';
import { DEFAULT_PAGE_RENDER_LIMIT, DEFAULT_RENDER_CONCURRENCY } from './render-budget';
import { PAYMENT_REQUESTS_PATH } from './shop/provider';

/**
 * The server's settings, read from the environment once at start (server/main.ts) and checked as a
 * whole: every problem is listed at once, and a production start without what production needs
 * refuses to start.
 *
 * Demo mode (sandbox payment provider, e-mail outbox, /dev and /api/dev routes, demo seed) is on only
 * when DEMO=1 (or true) is set: `npm start` and `npm run dev` set it; a production start never does.
 */
export interface Settings {
  port: number;
  host: string;
  dataDir: string;
  staticDir: string;
  /** Seconds a server-rendered page is reused per path and the query parameters it reads (HTML_CACHE_SECONDS, default 10; 0: none). */
  htmlCacheSeconds: number;
  /** Pages rendered anew per minute per client (PAGE_RENDER_LIMIT, default 300; 0: no limit). */
  pageRenderLimit: number;
  /** How often an instance reads the live content release itself (CONTENT_RELEASE_POLL_MS, default 1000). */
  contentReleasePollMs: number;
  /** Pages rendered at once on the whole server, then a short queue, then 503 (RENDER_CONCURRENCY, default 2; 0: no limit). */
  renderConcurrency: number;
  demo: boolean;
  /** The site's public origin (scheme://host[:port], no path): every link in replies and e-mails. */
  publicUrl: string;
  /** Shared secret of the payment provider's signed notifications (HMAC-SHA256). */
  paymentSecret: string;
  /** Where the site posts payment requests: the provider's URL (demo: the sandbox's). */
  paymentProviderUrl: string;
  /** Fastify's trustProxy: false, true, a hop count or a list of addresses/CIDRs of trusted proxies. */
  trustProxy: boolean | number | string;
  /** Minutes a pending order may wait for its payment before it expires. */
  orderTtlMinutes: number;
  /** Request log level: 'info' logs every API request, 'warn' only problems; 'silent' nothing. */
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Where e-mail leaves (smtp:// or smtps://); required in production, optional in demo mode. */
  smtpUrl?: string;
  /** The From of every e-mail ('Name <address>' or an address); required in production. */
  mailFrom?: string;
  /** Total size of the stored uploads (MB of 1,048,576 bytes) beyond which a new upload is refused (UPLOAD_QUOTA_MB). */
  uploadQuotaMb: number;
  /** Days an uploaded file is kept; older ones are removed, their submission kept (UPLOAD_RETENTION_DAYS). */
  uploadRetentionDays: number;
  /** Hours a submission may wait open (new or in progress) before TelmedSubmissionWaiting fires (SUBMISSION_ALERT_HOURS, default 24). */
  submissionAlertHours: number;
  /** Promo-code checks an hour on the whole site, all clients together (PROMO_CHECK_LIMIT, default 1000). */
  promoCheckLimit: number;
  /** Redis shared by the instances (redis:// or rediss://): rate limits, key lockouts, render budget, HTML cache (REDIS_URL). */
  redisUrl?: string;
  /** PostgreSQL instead of the SQLite file in dataDir (DATABASE_URL: postgres://user:password@host:5432/database). */
  databaseUrl?: string;
  /** Connections of the PostgreSQL pool of this instance (DATABASE_POOL_SIZE, default 10). */
  databasePoolSize: number;
  /** Form submissions per minute per client (FORM_RATE_LIMIT, default 10). */
  formRateLimit: number;
  /** Submissions carrying files per minute per client (FORM_FILE_RATE_LIMIT, default 3). */
  formFileRateLimit: number;
  /** MB of uploaded files one client may store a day (UPLOAD_CLIENT_DAILY_MB, default 50; 0: no budget). */
  uploadClientDailyMb: number;
  /** Where GET /metrics listens (METRICS_PORT; off when unset): a port of its own, never the site's. */
  metricsPort?: number;
  /** The address of the metrics port (METRICS_HOST, default 127.0.0.1: reachable from this machine only). */
  metricsHost: string;
  /** Where the studio (the staff's application) listens (STUDIO_PORT; off when unset): a port of its own, never the site's. */
  studioPort?: number;
  /** The studio's public origin (STUDIO_URL): its sign-in links, and the one Origin its state-changing requests may come from. */
  studioUrl?: string;
  /**
   * Studio sign-in attempts a quarter of an hour: per account whatever the client
   * (STUDIO_ACCOUNT_SIGN_IN_LIMIT, default 5) and per client whatever the account (STUDIO_SIGN_IN_LIMIT, default 20).
   */
  studioSignInLimits: { perAccount: number; perClient: number };
  /**
   * The keys of the studio's TOTP secrets at rest (AES-256-GCM): STUDIO_SECRET_KEY, required in
   * production with STUDIO_PORT (demo: DEMO_STUDIO_SECRET_KEY), and STUDIO_SECRET_KEY_PREVIOUS during a
   * rotation. Set whenever the studio runs.
   */
  studioSecretKeys?: { current: Buffer; previous?: Buffer };
  /**
   * The git record of the content releases (CONTENT_GIT_DIR, off when unset): each release one commit
   * in that work tree, pushed to CONTENT_GIT_REMOTE (branch CONTENT_GIT_BRANCH, default main) when set,
   * committed by CONTENT_GIT_COMMITTER (default Studio <studio@localhost>).
   */
  contentGit?: ContentGitSettings;
}

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`The server cannot start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SettingsError';
  }
}

const MIN_SECRET_LENGTH = 32;
/** Different characters a secret must have at least: 'xxxx…' or '0000…' is a placeholder, not a secret. */
const MIN_SECRET_VARIETY = 8;
export const DEFAULT_UPLOAD_QUOTA_MB = 1024;
export const DEFAULT_UPLOAD_RETENTION_DAYS = 365;
export const DEFAULT_ORDER_TTL_MINUTES = 60;
/** Hours a submission may wait for staff (status new or in progress) before the alert: a working day and night. */
export const DEFAULT_SUBMISSION_ALERT_HOURS = 24;
/** MB of uploads a client may store a day: ten 5 MB CVs; a quota of 1024 MB takes 21 clients a day to fill. */
export const DEFAULT_UPLOAD_CLIENT_DAILY_MB = 50;

type Env = Record<string, string | undefined>;

const truthy = (value: string | undefined) => value !== undefined && /^(1|true|yes|on)$/i.test(value.trim());

/** An absolute http(s) origin without path, query or credentials, or an error message. */
export function parseOrigin(value: string, name: string, options: { httpsOnly: boolean }): string | { error: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { error: `${name} must be an absolute URL such as https://www.example.ph (got '${value}')` };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !options.httpsOnly)) {
    return { error: `${name} must use https${options.httpsOnly ? ' in production' : ' or http'} (got '${value}')` };
  }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
    return { error: `${name} must be an origin only, with no path, query or credentials (got '${value}')` };
  }
  return url.origin;
}

/**
 * Why a payment secret is refused, or undefined when it is fit: at least MIN_SECRET_LENGTH characters,
 * no white space at all (a space or line break is a copying mistake, such as a placeholder pasted as it
 * is or a file read with its newline, and the provider would sign with something else), and at least
 * MIN_SECRET_VARIETY different characters (a run of one character is a placeholder). A random secret
 * (`openssl rand -hex 32`) always passes.
 */
export function secretProblem(secret: string, name: string): string | undefined {
  if (/\s/.test(secret)) return `${name} must not contain spaces or line breaks`;
  if (secret.length < MIN_SECRET_LENGTH || new Set(secret).size < MIN_SECRET_VARIETY) {
    return `${name} must be at least ${MIN_SECRET_LENGTH} characters with at least ${MIN_SECRET_VARIETY} different ones, shared with the payment provider (e.g. openssl rand -hex 32)`;
  }
  return undefined;
}

/** A URL shown without its user name and password. */
const withoutCredentials = (url: URL) => {
  const shown = new URL(url.href);
  shown.username = '';
  shown.password = '';
  return shown.href;
};

/**
 * PAYMENT_PROVIDER_URL: an absolute https URL (http too when not `httpsOnly`) without user name,
 * password or fragment. Every buyer's browser receives it (post_redirect), so credentials in it
 * would be handed to every buyer; a fragment is never sent to the provider. An error never shows
 * the credentials.
 */
export function parseProviderUrl(value: string, name: string, options: { httpsOnly: boolean }): string | { error: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { error: `${name} must be an absolute https URL such as https://pay.provider.example/payment-requests` };
  }
  if (url.username || url.password) {
    return {
      error: `${name} must not contain a user name or password: it is sent to every buyer as post_redirect (got '${withoutCredentials(url)}')`,
    };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !options.httpsOnly)) {
    return { error: `${name} must be an absolute https URL (got '${url.href}')` };
  }
  if (url.hash) return { error: `${name} must not have a #fragment (got '${url.href}')` };
  return url.href;
}

/** 'Name <address>' (a name without brackets or line breaks) or a bare address. */
const MAIL_FROM = new RegExp(`^(?:[^<>\\r\\n"]{1,100} <${PLAIN_ADDRESS}>|${PLAIN_ADDRESS})$`);

/** An SMTP URL shown without its password. */
const withoutPassword = (url: URL) => (url.password ? url.href.replace(`:${url.password}@`, ':***@') : url.href);

/** REDIS_URL: redis://[user:pass@]host[:port][/db] or rediss://…; the error never shows the password. */
export function parseRedisUrl(value: string): string | { error: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { error: 'REDIS_URL must be a URL such as redis://127.0.0.1:6379' };
  }
  if ((url.protocol !== 'redis:' && url.protocol !== 'rediss:') || !url.hostname) {
    return { error: `REDIS_URL must start with redis:// or rediss:// and name a host (got '${withoutCredentials(url)}')` };
  }
  return url.href;
}

/** DATABASE_URL: postgres://[user:pass@]host[:port]/database[?options]; the error never shows the password. */
export function parseDatabaseUrl(value: string): string | { error: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { error: 'DATABASE_URL must be a URL such as postgres://user:password@127.0.0.1:5432/bantaydoc' };
  }
  if ((url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') || !url.hostname || url.pathname.length < 2) {
    return { error: `DATABASE_URL must start with postgres:// and name a host and a database (got '${withoutPassword(url)}')` };
  }
  return value;
}

/** SMTP_URL: smtp://[user:pass@]host[:port] or smtps://…; the error never shows the password. */
export function parseSmtpUrl(value: string): string | { error: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { error: 'SMTP_URL must be a URL such as smtp://user:password@smtp.example.com:587' };
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '') {
    return { error: `SMTP_URL must start with smtp:// or smtps:// and name a host (got '${withoutPassword(url)}')` };
  }
  return url.href;
}

/** MAIL_FROM: 'Bantay Doc <no-reply@example.ph>' or 'no-reply@example.ph'. */
export function parseMailFrom(value: string): string | { error: string } {
  const from = value.trim();
  return MAIL_FROM.test(from) ? from : { error: `MAIL_FROM must be an address or 'Name <address>' (got '${value.slice(0, 200)}')` };
}

/**
 * Why a trustProxy value is refused, or undefined. An entry of a list that is neither an address nor
 * a CIDR range is refused. `true`, or a range of every address (a /0 such as 0.0.0.0/0 or ::/0),
 * trusts the X-Forwarded-For of any client: each client would pick its own IP, and with it escape
 * every per-IP limit. Refused in demo mode too: a hop count or the proxy's address does the same job
 * safely.
 */
export function trustProxyProblem(value: boolean | number | string, name: string): string | undefined {
  const invalid = typeof value === 'string' ? invalidProxyEntries(value) : [];
  if (invalid.length > 0)
    return `${name} lists ${invalid.map((entry) => `'${entry.slice(0, 50)}'`).join(', ')}, neither an address nor a CIDR range (e.g. 127.0.0.1 or 10.0.0.0/8)`;
  const everyone = value === true || (typeof value === 'string' && value.split(',').some((entry) => /\/0+$/.test(entry.trim())));
  if (!everyone) return undefined;
  return `${name}=${String(value)} would let any client choose its own IP (and so escape every per-IP limit): list the addresses of your reverse proxies (e.g. 127.0.0.1 or 10.0.0.0/8) or give how many proxies are in front of the server (e.g. 1)`;
}

function parseTrustProxy(value: string | undefined): boolean | number | string | { error: string } {
  if (value === undefined || value.trim() === '' || /^(0|false|no|off)$/i.test(value.trim())) return false;
  const raw = value.trim();
  let parsed: boolean | number | string;
  if (/^(true|yes|on)$/i.test(raw)) parsed = true;
  else if (/^\d{1,2}$/.test(raw)) parsed = Number(raw);
  // Addresses or CIDR ranges, comma-separated (e.g. '10.0.0.0/8,127.0.0.1').
  else if (/^[0-9a-fA-F:.,/\s]{1,500}$/.test(raw)) parsed = raw;
  else return { error: `TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses (got '${raw.slice(0, 200)}')` };
  const problem = trustProxyProblem(parsed, 'TRUST_PROXY');
  return problem === undefined ? parsed : { error: problem };
}

/** env[name] as a whole number from range.min to range.max (`fallback` when unset); a problem is pushed otherwise. */
function wholeNumber(env: Env, name: string, fallback: number, range: { min: number; max: number; unit: string }, problems: string[]) {
  const value = env[name] === undefined ? fallback : Number(env[name]);
  if (!Number.isInteger(value) || value < range.min || value > range.max) {
    problems.push(`${name} must be a whole number of ${range.unit} from ${range.min} to ${range.max} (got '${env[name]}')`);
  }
  return value;
}

/**
 * The studio's key of a demo start when STUDIO_SECRET_KEY is unset: 32 bytes everyone can read
 * (docs/studio.md), so a production start refuses it.
 */
export const DEMO_STUDIO_SECRET_KEY = 'ZGVtby1zdHVkaW8ta2V5Om5vdC1hLXNlY3JldCEhISE=';
/** A studio key: 32 bytes (AES-256) in standard base64, 44 characters, as `openssl rand -base64 32` prints them. */
const STUDIO_KEY_BASE64 = /^[A-Za-z0-9+/]{43}=$/;
/** Different bytes a key must have at least: all one byte, or a short pattern repeated, is a placeholder. */
const MIN_KEY_VARIETY = 8;

/** A studio key from its setting's value, or why it is refused. */
function parseStudioKey(value: string, name: string, options: { demo: boolean }): Buffer | { error: string } {
  if (!STUDIO_KEY_BASE64.test(value)) {
    return { error: `${name} must be 32 random bytes in base64, 44 characters with no spaces (openssl rand -base64 32)` };
  }
  const key = Buffer.from(value, 'base64');
  if (new Set(key).size < MIN_KEY_VARIETY) return { error: `${name} is a placeholder, not a key: make one with openssl rand -base64 32` };
  if (!options.demo && value === DEMO_STUDIO_SECRET_KEY) {
    return { error: `${name} is the demo's key, which everyone can read: make one with openssl rand -base64 32` };
  }
  return key;
}

/**
 * The studio's keys: STUDIO_SECRET_KEY (required in production when the studio runs; the demo's key
 * in a demo start without it) and STUDIO_SECRET_KEY_PREVIOUS (optional: a rotation's old key).
 */
function studioSecretKeys(env: Env, options: { demo: boolean; studio: boolean }, problems: string[]): Settings['studioSecretKeys'] {
  const read = (name: string) => {
    const parsed = parseStudioKey(env[name]!, name, options);
    if (Buffer.isBuffer(parsed)) return parsed;
    problems.push(parsed.error);
    return undefined;
  };
  const previous = env.STUDIO_SECRET_KEY_PREVIOUS ? read('STUDIO_SECRET_KEY_PREVIOUS') : undefined;
  if (env.STUDIO_SECRET_KEY) {
    const current = read('STUDIO_SECRET_KEY');
    if (current && previous?.equals(current)) problems.push('STUDIO_SECRET_KEY_PREVIOUS must be the old key, not STUDIO_SECRET_KEY');
    return current && { current, ...(previous ? { previous } : {}) };
  }
  if (options.demo) return { current: Buffer.from(DEMO_STUDIO_SECRET_KEY, 'base64'), ...(previous ? { previous } : {}) };
  if (options.studio) {
    problems.push(
      'STUDIO_SECRET_KEY is required in production when STUDIO_PORT is set: 32 random bytes in base64 (openssl rand -base64 32) that encrypt the TOTP secrets',
    );
  } else if (previous) problems.push('STUDIO_SECRET_KEY_PREVIOUS is set without STUDIO_SECRET_KEY');
  return undefined;
}

/** The http origin of a demo start on `host` and `port` (an address for every interface shown as 127.0.0.1). */
function demoOrigin(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/**
 * The studio's origin of a demo start: a loopback or every-interface address is shown as
 * `localhost`, since browsers refuse passkeys (WebAuthn) on an IP address.
 */
function demoStudioOrigin(host: string, port: number): string {
  return ['127.0.0.1', '::1', '0.0.0.0', '::'].includes(host) ? `http://localhost:${port}` : demoOrigin(host, port);
}

/**
 * STUDIO_URL for the studio's command (npm run studio): the origin its enrolment links start with,
 * https unless DEMO is on; a SettingsError when it is missing or not an origin.
 */
export function readStudioUrl(env: Env = process.env): string {
  if (!env.STUDIO_URL) throw new SettingsError(['STUDIO_URL is required: the origin of the studio, which its enrolment links start with']);
  const parsed = parseOrigin(env.STUDIO_URL, 'STUDIO_URL', { httpsOnly: !truthy(env.DEMO) });
  if (typeof parsed !== 'string') throw new SettingsError([parsed.error]);
  return parsed;
}

/** Reads and checks the settings; throws SettingsError listing every problem. */
export function readSettings(env: Env = process.env): Settings {
  const problems: string[] = [];
  const demo = truthy(env.DEMO);
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT must be a port number (got '${env.PORT}')`);
  const host = env.HOST ?? '127.0.0.1';

  let publicUrl = '';
  if (env.PUBLIC_URL) {
    const parsed = parseOrigin(env.PUBLIC_URL, 'PUBLIC_URL', { httpsOnly: !demo });
    if (typeof parsed === 'string') publicUrl = parsed;
    else problems.push(parsed.error);
  } else if (demo) {
    publicUrl = demoOrigin(host, port);
  } else {
    problems.push('PUBLIC_URL is required in production: the https origin of the site, used for every link in replies and e-mails');
  }

  let paymentSecret = env.PAYMENT_WEBHOOK_SECRET ?? '';
  if (paymentSecret === '' && demo) paymentSecret = randomBytes(32).toString('base64url');
  else if (paymentSecret === '') {
    problems.push(
      `PAYMENT_WEBHOOK_SECRET is required in production: at least ${MIN_SECRET_LENGTH} characters shared with the payment provider`,
    );
  } else {
    const problem = secretProblem(paymentSecret, 'PAYMENT_WEBHOOK_SECRET');
    if (problem) problems.push(problem);
  }

  let paymentProviderUrl = '';
  if (env.PAYMENT_PROVIDER_URL) {
    const parsed = parseProviderUrl(env.PAYMENT_PROVIDER_URL, 'PAYMENT_PROVIDER_URL', { httpsOnly: !demo });
    if (typeof parsed === 'string') paymentProviderUrl = parsed;
    else problems.push(parsed.error);
  } else if (demo) {
    paymentProviderUrl = `${publicUrl}${PAYMENT_REQUESTS_PATH}`;
  } else {
    problems.push("PAYMENT_PROVIDER_URL is required in production: the provider's payment-request URL");
  }

  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  if (typeof trustProxy === 'object') problems.push(trustProxy.error);

  const ttl = env.ORDER_TTL_MINUTES === undefined ? DEFAULT_ORDER_TTL_MINUTES : Number(env.ORDER_TTL_MINUTES);
  if (!Number.isInteger(ttl) || ttl < 1 || ttl > 7 * 24 * 60)
    problems.push(`ORDER_TTL_MINUTES must be a whole number of minutes from 1 to 10080 (got '${env.ORDER_TTL_MINUTES}')`);

  const levels = ['debug', 'info', 'warn', 'error', 'silent'] as const;
  const logLevel = env.LOG === 'off' ? 'silent' : ((env.LOG_LEVEL ?? (demo ? 'info' : 'warn')) as Settings['logLevel']);
  if (!levels.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${levels.join(', ')} (got '${env.LOG_LEVEL}')`);

  const htmlCache = env.HTML_CACHE_SECONDS === undefined ? DEFAULT_HTML_CACHE_SECONDS : Number(env.HTML_CACHE_SECONDS);
  if (!Number.isInteger(htmlCache) || htmlCache < 0 || htmlCache > 86_400)
    problems.push(`HTML_CACHE_SECONDS must be a whole number of seconds from 0 to 86400 (got '${env.HTML_CACHE_SECONDS}')`);

  const renderLimit = env.PAGE_RENDER_LIMIT === undefined ? DEFAULT_PAGE_RENDER_LIMIT : Number(env.PAGE_RENDER_LIMIT);
  if (!Number.isInteger(renderLimit) || renderLimit < 0 || renderLimit > 1_000_000)
    problems.push(
      `PAGE_RENDER_LIMIT must be a whole number of pages a minute from 0 (no limit) to 1000000 (got '${env.PAGE_RENDER_LIMIT}')`,
    );
  const renderConcurrency = env.RENDER_CONCURRENCY === undefined ? DEFAULT_RENDER_CONCURRENCY : Number(env.RENDER_CONCURRENCY);
  if (!Number.isInteger(renderConcurrency) || renderConcurrency < 0 || renderConcurrency > 1000)
    problems.push(`RENDER_CONCURRENCY must be a whole number of pages at once from 0 (no limit) to 1000 (got '${env.RENDER_CONCURRENCY}')`);

  const contentReleasePollMs = wholeNumber(
    env,
    'CONTENT_RELEASE_POLL_MS',
    DEFAULT_RELEASE_POLL_MS,
    { min: 100, max: 60_000, unit: 'milliseconds' },
    problems,
  );
  const uploadQuotaMb = wholeNumber(env, 'UPLOAD_QUOTA_MB', DEFAULT_UPLOAD_QUOTA_MB, { min: 1, max: 1_048_576, unit: 'MB' }, problems);
  const uploadRetentionDays = wholeNumber(
    env,
    'UPLOAD_RETENTION_DAYS',
    DEFAULT_UPLOAD_RETENTION_DAYS,
    { min: 1, max: 3650, unit: 'days' },
    problems,
  );
  const submissionAlertHours = wholeNumber(
    env,
    'SUBMISSION_ALERT_HOURS',
    DEFAULT_SUBMISSION_ALERT_HOURS,
    { min: 1, max: 8760, unit: 'hours' },
    problems,
  );

  const formRateLimit = wholeNumber(
    env,
    'FORM_RATE_LIMIT',
    DEFAULT_FORM_RATE_LIMIT,
    { min: 1, max: 1_000_000_000, unit: 'submissions a minute' },
    problems,
  );
  const formFileRateLimit = wholeNumber(
    env,
    'FORM_FILE_RATE_LIMIT',
    DEFAULT_FORM_FILE_RATE_LIMIT,
    { min: 1, max: 1_000_000_000, unit: 'submissions a minute' },
    problems,
  );
  const uploadClientDailyMb = wholeNumber(
    env,
    'UPLOAD_CLIENT_DAILY_MB',
    DEFAULT_UPLOAD_CLIENT_DAILY_MB,
    { min: 0, max: 1_048_576, unit: 'MB' },
    problems,
  );
  const promoCheckLimit = wholeNumber(
    env,
    'PROMO_CHECK_LIMIT',
    DEFAULT_PROMO_CHECK_LIMIT,
    { min: 1, max: 1_000_000, unit: 'checks an hour' },
    problems,
  );
  const attempts = { min: 1, max: 1_000_000, unit: 'sign-in attempts a quarter of an hour' };
  const studioSignInLimits = {
    perAccount: wholeNumber(env, 'STUDIO_ACCOUNT_SIGN_IN_LIMIT', DEFAULT_STUDIO_SIGN_IN_LIMITS.perAccount, attempts, problems),
    perClient: wholeNumber(env, 'STUDIO_SIGN_IN_LIMIT', DEFAULT_STUDIO_SIGN_IN_LIMITS.perClient, attempts, problems),
  };

  let smtpUrl: string | undefined;
  if (env.SMTP_URL) {
    const parsed = parseSmtpUrl(env.SMTP_URL);
    if (typeof parsed === 'string') smtpUrl = parsed;
    else problems.push(parsed.error);
  } else if (!demo) {
    problems.push('SMTP_URL is required in production: the SMTP server e-mail leaves through (smtp://user:password@host:587)');
  }
  let mailFrom: string | undefined;
  if (env.MAIL_FROM) {
    const parsed = parseMailFrom(env.MAIL_FROM);
    if (typeof parsed === 'string') mailFrom = parsed;
    else problems.push(parsed.error);
  } else if (!demo) {
    problems.push("MAIL_FROM is required in production: the sender of every e-mail ('Bantay Doc <no-reply@example.ph>')");
  }

  let redisUrl: string | undefined;
  if (env.REDIS_URL) {
    const parsed = parseRedisUrl(env.REDIS_URL);
    if (typeof parsed === 'string') redisUrl = parsed;
    else problems.push(parsed.error);
  }

  let databaseUrl: string | undefined;
  if (env.DATABASE_URL) {
    const parsed = parseDatabaseUrl(env.DATABASE_URL);
    if (typeof parsed === 'string') databaseUrl = parsed;
    else problems.push(parsed.error);
  }
  const databasePoolSize = wholeNumber(env, 'DATABASE_POOL_SIZE', DEFAULT_POOL_SIZE, { min: 1, max: 1000, unit: 'connections' }, problems);

  const metricsPort = env.METRICS_PORT === undefined || env.METRICS_PORT === '' ? undefined : Number(env.METRICS_PORT);
  if (metricsPort !== undefined && (!Number.isInteger(metricsPort) || metricsPort < 1 || metricsPort > 65535 || metricsPort === port))
    problems.push(`METRICS_PORT must be a port number other than PORT (got '${String(env.METRICS_PORT).slice(0, 20)}')`);
  const studioPort = env.STUDIO_PORT === undefined || env.STUDIO_PORT === '' ? undefined : Number(env.STUDIO_PORT);
  if (
    studioPort !== undefined &&
    (!Number.isInteger(studioPort) || studioPort < 1 || studioPort > 65535 || studioPort === port || studioPort === metricsPort)
  )
    problems.push(`STUDIO_PORT must be a port number other than PORT and METRICS_PORT (got '${String(env.STUDIO_PORT).slice(0, 20)}')`);
  let studioUrl: string | undefined;
  if (env.STUDIO_URL) {
    const parsed = parseOrigin(env.STUDIO_URL, 'STUDIO_URL', { httpsOnly: !demo });
    if (typeof parsed !== 'string') problems.push(parsed.error);
    else if (parsed === publicUrl) problems.push('STUDIO_URL must be an origin of its own, not the PUBLIC_URL of the site');
    else studioUrl = parsed;
  } else if (studioPort !== undefined && demo) {
    studioUrl = demoStudioOrigin(host, studioPort);
  } else if (studioPort !== undefined) {
    problems.push(
      'STUDIO_URL is required in production when STUDIO_PORT is set: the https origin of the studio (e.g. https://studio.example.ph)',
    );
  }
  const studioKeys = studioSecretKeys(env, { demo, studio: studioPort !== undefined }, problems);
  const contentGit = readContentGitSettings(env, problems);
  if (problems.length > 0) throw new SettingsError(problems);
  return {
    contentGit,
    studioPort,
    studioSecretKeys: studioKeys,
    studioUrl,
    metricsPort,
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    redisUrl,
    databaseUrl,
    databasePoolSize,
    smtpUrl,
    mailFrom,
    htmlCacheSeconds: htmlCache,
    pageRenderLimit: renderLimit,
    renderConcurrency,
    contentReleasePollMs,
    port,
    host,
    dataDir: resolve(env.DATA_DIR ?? (demo ? DEMO_DATA_DIR : DATA_DIR)),
    staticDir: resolve(env.STATIC_DIR ?? './dist'),
    demo,
    publicUrl,
    paymentSecret,
    paymentProviderUrl,
    trustProxy: trustProxy as Settings['trustProxy'],
    orderTtlMinutes: ttl,
    logLevel,
    uploadQuotaMb,
    uploadRetentionDays,
    submissionAlertHours,
    formRateLimit,
    formFileRateLimit,
    uploadClientDailyMb,
    promoCheckLimit,
    studioSignInLimits,
  };
}
