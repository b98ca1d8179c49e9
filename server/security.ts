import type { FastifyInstance, FastifyReply } from 'fastify';
import { BOOT_SCRIPT_HASH, INPUT_SCRIPT_HASH, SPECULATION_RULES_HASH } from './boot-script';

/** The origins of the embedded YouTube player (the video blocks use youtube-nocookie.com). */
const YOUTUBE_ORIGINS = ['https://www.youtube-nocookie.com', 'https://www.youtube.com'] as const;

export interface CspOptions {
  /**
   * The external payment provider the checkouts post their payment request to (a hidden form) and
   * may call: its origin is added to `form-action` and `connect-src`. A full URL is fine, only its
   * origin is used; it must be http(s).
   */
  paymentOrigin?: string;
}

/** The http(s) origin of `url`; throws on anything else, so nothing but an origin reaches a header. */
function httpOrigin(url: string, name: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL (got '${url}')`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`${name} must be an http(s) URL (got '${url}')`);
  return parsed.origin;
}

/**
 * The Content-Security-Policy of every response. No 'unsafe-eval': the site's form validators are
 * precompiled. The inline scripts allowed are a server-rendered page's input and boot scripts, by their hashes. Styles allow 'unsafe-inline' because Fluent UI (Griffel) injects style elements.
 * YouTube frames are allowed for the embedded videos. `paymentOrigin` lets the checkouts post to an
 * external payment provider.
 */
export function contentSecurityPolicy(options: CspOptions = {}): string {
  const payment = options.paymentOrigin ? ` ${httpOrigin(options.paymentOrigin, 'paymentOrigin')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' ${INPUT_SCRIPT_HASH} ${BOOT_SCRIPT_HASH} ${SPECULATION_RULES_HASH}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${payment}`,
    `frame-src ${YOUTUBE_ORIGINS.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${payment}`,
    "frame-ancestors 'self'",
  ].join('; ');
}

/** The policy without an external payment provider (demo mode: the sandbox is on this origin). */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

const youtube = YOUTUBE_ORIGINS.map((origin) => `"${origin}"`).join(' ');

/**
 * Powerful browser features the site never uses are off for the page and every frame. The YouTube
 * player keeps what its embed asks for and a video needs: fullscreen, picture-in-picture and
 * encrypted media (its accelerometer/gyroscope, for 360° videos, stay off). Only names Chromium
 * knows are listed: an unknown one is a console error (Lighthouse best practices).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  `encrypted-media=(${youtube})`,
  `fullscreen=(self ${youtube})`,
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  `picture-in-picture=(self ${youtube})`,
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** One year, subdomains included; sent only when the site is served over https (production). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

export interface SecurityOptions extends CspOptions {
  /** Send Strict-Transport-Security (production, behind https); never on plain-http demo starts. */
  hsts: boolean;
}

/**
 * The Content-Security-Policy of a content preview (server/preview/): a page that runs no script but
 * its own live script (the one whose `nonce` it carries, when given), fetches nothing but its own
 * origin, loads only the site's own files, and that only the studio's origin may frame.
 */
export function previewSecurityPolicy(studioOrigin: string, nonce?: string): string {
  return [
    "default-src 'self'",
    nonce ? `script-src 'nonce-${nonce}'` : "script-src 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    nonce ? "connect-src 'self'" : "connect-src 'none'",
    `frame-src ${YOUTUBE_ORIGINS.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${httpOrigin(studioOrigin, 'studioOrigin')}`,
  ].join('; ');
}

/** Replies that another origin may frame: they carry their own frame-ancestors and no X-Frame-Options. */
const framedElsewhere = new WeakSet<FastifyReply>();

/** Makes `reply` a content preview's: its policy (previewSecurityPolicy), framable by the studio only. */
export function framedByStudio(reply: FastifyReply, studioOrigin: string, nonce?: string): FastifyReply {
  framedElsewhere.add(reply);
  return reply.header('content-security-policy', previewSecurityPolicy(studioOrigin, nonce));
}

/** The headers of every response for these options (lower-case names). */
function securityHeaders(options: SecurityOptions): Readonly<Record<string, string>> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'SAMEORIGIN',
    ...(options.hsts ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}

/**
 * Adds the security headers to every response (API, static files, errors); a route may set its own
 * value of one first. Production passes `{ hsts: true, paymentOrigin }`.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions = { hsts: false }): void {
  const headers = Object.entries(securityHeaders(options));
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of headers) {
      if (name === 'x-frame-options' && framedElsewhere.has(reply)) continue;
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
}

/** Methods that change nothing: never refused for where they come from. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE = 'Requests from other sites are not accepted.';

/**
 * Whether a browser sent a request from another site: its Sec-Fetch-Site says so (anything but
 * same-origin, or none: typed or bookmarked), unless its Origin is the site's own; without
 * Sec-Fetch-Site (an older browser), an Origin other than the site's. Without either header it is
 * not a browser's cross-site request (curl, a server, a test): it passes.
 */
export function fromAnotherSite(
  headers: { 'sec-fetch-site'?: string | string[]; origin?: string | string[] },
  siteOrigin: string,
): boolean {
  const site = typeof headers['sec-fetch-site'] === 'string' ? headers['sec-fetch-site'].trim().toLowerCase() : undefined;
  const origin = typeof headers.origin === 'string' ? headers.origin.trim() : undefined;
  if (site === 'same-origin' || site === 'none') return false;
  if (site !== undefined) return origin !== siteOrigin;
  return origin !== undefined && origin !== siteOrigin;
}

/**
 * Refuses with 403 the state-changing requests (any method but GET, HEAD, OPTIONS) to the routes
 * under `prefix` that a browser sends from another site (fromAnotherSite): a page elsewhere cannot
 * make its visitors' browsers submit forms, buy or upload here (a form post or a multipart fetch
 * needs no CORS preflight). The routes of `exempt` (route patterns) are called server to server and
 * checked otherwise: the payment provider's signed notifications.
 */
export function registerSameSiteWrites(
  app: FastifyInstance,
  options: { siteOrigin: string; prefix: string; exempt: readonly string[] },
): void {
  const exempt = new Set(options.exempt);
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const route = request.routeOptions.url;
    if (route === undefined || !route.startsWith(`${options.prefix}/`) || exempt.has(route)) return;
    if (fromAnotherSite(request.headers, options.siteOrigin)) {
      request.log.warn({ route, origin: request.headers.origin, site: request.headers['sec-fetch-site'] }, 'cross-site request refused');
      return reply.code(403).send({ message: CROSS_SITE_MESSAGE });
    }
  });
}
