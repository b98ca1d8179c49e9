import { randomBytes, randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
const KEY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const ACTIVATION_CODE_DIGITS = 8;

/** The access-key prefix: the initials of the product's name ('Bantay Doc' -> 'BD'), else 'KEY'. */
export function keyPrefix(productName: string): string {
  const initials = productName
    .split(/\s+/)
    .map((word) =>
      word
        .normalize('NFD')
        .replace(/[^A-Za-z]/g, '')
        .charAt(0)
        .toUpperCase(),
    )
    .join('')
    .slice(0, 3);
  return initials.length > 0 ? initials : 'KEY';
}

const group = () => Array.from({ length: 4 }, () => KEY_ALPHABET[randomInt(KEY_ALPHABET.length)]).join('');

/** A random access key, e.g. 'BD-7KQ2-M4XA-P9TW' (about 60 bits of randomness). */
export function newAccessKey(prefix: string): string {
  return `${prefix}-${group()}-${group()}-${group()}`;
}

/** A random activation code of 8 digits (leading zeros kept). */
export function newActivationCode(): string {
  return String(randomInt(10 ** ACTIVATION_CODE_DIGITS)).padStart(ACTIVATION_CODE_DIGITS, '0');
}

/** A payment token: 32 random bytes, URL-safe (it appears in the sandbox checkout's path). */
export function newPaymentToken(): string {
  return randomBytes(32).toString('base64url');
}
