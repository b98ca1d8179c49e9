import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { PLAIN_ADDRESS } from '../domain/email';
import { DEFAULT_HTML_CACHE_SECONDS } from './render';
import { DEFAULT_PAGE_RENDER_LIMIT } from './render-budget';
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
}

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`The server cannot start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SettingsError';
  }
}

const MIN_SECRET_LENGTH = 32;
export const DEFAULT_ORDER_TTL_MINUTES = 60;

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

/** 'Name <address>' (a name without brackets or line breaks) or a bare address. */
const MAIL_FROM = new RegExp(`^(?:[^<>\\r\\n"]{1,100} <${PLAIN_ADDRESS}>|${PLAIN_ADDRESS})$`);

/** An SMTP URL shown without its password. */
const withoutPassword = (url: URL) => (url.password ? url.href.replace(`:${url.password}@`, ':***@') : url.href);

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

function parseTrustProxy(value: string | undefined): boolean | number | string | { error: string } {
  if (value === undefined || value.trim() === '' || /^(0|false|no|off)$/i.test(value.trim())) return false;
  const raw = value.trim();
  if (/^(true|yes|on)$/i.test(raw)) return true;
  if (/^\d{1,2}$/.test(raw)) return Number(raw);
  // Addresses or CIDR ranges, comma-separated (e.g. '10.0.0.0/8,127.0.0.1').
  if (/^[0-9a-fA-F:.,/\s]{1,500}$/.test(raw)) return raw;
  return { error: `TRUST_PROXY must be true, a hop count, or a comma-separated list of proxy addresses (got '${raw}')` };
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
    const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
    publicUrl = `http://${shown}:${port}`;
  } else {
    problems.push('PUBLIC_URL is required in production: the https origin of the site, used for every link in replies and e-mails');
  }

  let paymentSecret = env.PAYMENT_WEBHOOK_SECRET ?? '';
  if (paymentSecret === '' && demo) paymentSecret = randomBytes(32).toString('base64url');
  else if (paymentSecret.length < MIN_SECRET_LENGTH) {
    problems.push(
      `PAYMENT_WEBHOOK_SECRET is required${demo ? '' : ' in production'}: at least ${MIN_SECRET_LENGTH} characters shared with the payment provider`,
    );
  }

  let paymentProviderUrl = '';
  if (env.PAYMENT_PROVIDER_URL) {
    try {
      const url = new URL(env.PAYMENT_PROVIDER_URL);
      if (url.protocol !== 'https:' && !(demo && url.protocol === 'http:')) throw new Error('protocol');
      paymentProviderUrl = url.href;
    } catch {
      problems.push(`PAYMENT_PROVIDER_URL must be an absolute https URL (got '${env.PAYMENT_PROVIDER_URL}')`);
    }
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

  if (problems.length > 0) throw new SettingsError(problems);
  return {
    smtpUrl,
    mailFrom,
    htmlCacheSeconds: htmlCache,
    pageRenderLimit: renderLimit,
    port,
    host,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    staticDir: resolve(env.STATIC_DIR ?? './dist'),
    demo,
    publicUrl,
    paymentSecret,
    paymentProviderUrl,
    trustProxy: trustProxy as Settings['trustProxy'],
    orderTtlMinutes: ttl,
    logLevel,
  };
}
