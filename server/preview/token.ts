import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The preview token: what lets a studio editor's browser see their draft on the site's origin
 * (/__preview/<token>/<page path>) without a session there. It names the account, when it ends and,
 * for a preview as of a date, that date (nothing else), and is signed with HMAC-SHA256 under a key derived from STUDIO_SECRET_KEY (HKDF,
 * its own label): the studio that issues it and the site that reads it hold the same key, and a
 * token changed in any character, or past its time, does not open.
 */

/** Where the site serves previews; nothing else lives under it. */
export const PREVIEW_PREFIX = '/__preview';
/** How long a preview link works after it is issued. */
export const PREVIEW_TTL_MS = 10 * 60_000;

const KEY_LABEL = 'content preview token v1';
const VERSION = 'p1';
/**
 * `p1.<account id>.<expiry>[.<as of>].<signature, base64url>`, the times in ms since 1970, base 36:
 * URL-safe as a path segment.
 */
const SHAPE = /^p1\.([1-9][0-9]{0,11})\.([0-9a-z]{1,12})(?:\.([0-9a-z]{1,12}))?\.([\w-]{43})$/;

/** What a valid token grants: the account's draft, shown as the site will be at `asOf` when given. */
export interface PreviewGrant {
  accountId: number;
  asOf?: Date;
}

/** The preview's signing key, derived from the studio's secret key (32 bytes). */
export function previewKey(studioSecretKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', studioSecretKey, Buffer.alloc(0), KEY_LABEL, 32));
}

const signature = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/** A token for `accountId` that ends at `expiresAt`, showing the site as of `asOf` when given. */
export function signPreviewToken(key: Buffer, accountId: number, expiresAt: Date, asOf?: Date): string {
  const at = asOf === undefined ? '' : `.${asOf.getTime().toString(36)}`;
  const body = `${VERSION}.${accountId}.${expiresAt.getTime().toString(36)}${at}`;
  return `${body}.${signature(key, body)}`;
}

/** What a token grants, or undefined when it is malformed, tampered with or expired at `now`. */
export function readPreviewGrant(key: Buffer, token: string, now: Date): PreviewGrant | undefined {
  const parts = SHAPE.exec(token);
  if (!parts) return undefined;
  const [, account, expiry, at, given] = parts;
  const expected = Buffer.from(signature(key, `${VERSION}.${account}.${expiry}${at === undefined ? '' : `.${at}`}`));
  if (!timingSafeEqual(expected, Buffer.from(given))) return undefined;
  if (Number.parseInt(expiry, 36) <= now.getTime()) return undefined;
  return { accountId: Number(account), ...(at === undefined ? {} : { asOf: new Date(Number.parseInt(at, 36)) }) };
}

/** The account a token was issued to, or undefined when it is malformed, tampered with or expired at `now`. */
export function readPreviewToken(key: Buffer, token: string, now: Date): number | undefined {
  return readPreviewGrant(key, token, now)?.accountId;
}
