import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed payment notifications (docs/decisions.md, "Provider notifications"). The provider sends
 * `X-Payment-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with a secret
 * shared with the site. The site checks the MAC in constant time and refuses a timestamp outside
 * the tolerance (a stale or replayed request); the event id makes handling idempotent (store.ts).
 */
export const SIGNATURE_HEADER = 'x-payment-signature';
/** How far a notification's timestamp may be from the site's clock. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

const mac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest();

/** The header value for `body` signed at `timestamp` (unix seconds). */
export function signatureHeader(body: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${mac(secret, timestamp, body).toString('hex')}`;
}

/** Checks a notification's signature header against its raw body, at `nowSeconds`. */
export function checkSignature(
  header: unknown,
  body: string,
  secret: string,
  nowSeconds: number,
  tolerance = SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  if (typeof header !== 'string' || header === '') return { ok: false, reason: 'missing' };
  // Bounded, linear: at most 200 characters of 't=<digits>,v1=<64 hex>'.
  const match = header.length <= 200 ? /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header.trim()) : null;
  if (!match) return { ok: false, reason: 'malformed' };
  const timestamp = Number(match[1]);
  if (Math.abs(nowSeconds - timestamp) > tolerance) return { ok: false, reason: 'stale' };
  const expected = mac(secret, timestamp, body);
  const given = Buffer.from(match[2], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? { ok: true } : { ok: false, reason: 'mismatch' };
}
