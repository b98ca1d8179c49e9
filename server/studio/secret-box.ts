import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets the studio must read back (an account's TOTP secret) kept encrypted at rest: AES-256-GCM
 * with the key of STUDIO_SECRET_KEY (server/settings.ts), a random 12-byte IV at every write, and the
 * row the value belongs to as additional authenticated data, so a value copied to another row does
 * not open. Stored as `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 *
 * Reading also takes a value written before encryption (plain base32) and one sealed with the
 * previous key (STUDIO_SECRET_KEY_PREVIOUS): both open, marked not current, for the caller to seal
 * again with the current key (at the account's next successful sign-in).
 */

/** The keys: the current one seals and opens; the previous one (a rotation) only opens. */
export interface SecretKeys {
  current: Buffer;
  previous?: Buffer;
}

/** What opening a stored value gives: the secret, and whether it is sealed with the current key. */
export type Opened = { ok: true; secret: string; current: boolean } | { ok: false };

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** A value written before encryption: a TOTP secret in base32 (RFC 4648), as otplib makes them. */
const PLAIN_BASE32 = /^[A-Z2-7]{16,128}=*$/;
/** The longest stored value opened: a sealed TOTP secret is about 120 characters. */
const MAX_STORED_LENGTH = 1024;

/** Seals `secret` for the row named by `context` (e.g. `studio_accounts:12`) with the current key. */
export function sealSecret(keys: SecretKeys, secret: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.current, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** Opens a stored value of the row named by `context`: sealed (current or previous key) or plain base32. */
export function openSecret(keys: SecretKeys, stored: string, context: string): Opened {
  if (stored.length > MAX_STORED_LENGTH) return { ok: false };
  if (!stored.startsWith(`${VERSION}.`)) return PLAIN_BASE32.test(stored) ? { ok: true, secret: stored, current: false } : { ok: false };
  const parts = stored.split('.');
  if (parts.length !== 4 || parts.slice(1).some((part) => !/^[\w-]*$/.test(part))) return { ok: false };
  const [iv, tag, sealed] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'));
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return { ok: false };
  const withCurrent = decrypt(keys.current, iv, tag, sealed, context);
  if (withCurrent !== undefined) return { ok: true, secret: withCurrent, current: true };
  const withPrevious = keys.previous && decrypt(keys.previous, iv, tag, sealed, context);
  return withPrevious === undefined ? { ok: false } : { ok: true, secret: withPrevious, current: false };
}

/** The plain text, or undefined when the key, the context or any byte differs from the sealing's. */
function decrypt(key: Buffer, iv: Buffer, tag: Buffer, sealed: Buffer, context: string): string | undefined {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
