import { hash, verify as verifyHash } from '@node-rs/argon2';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEnglish from '@zxcvbn-ts/language-en';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';

/**
 * The sign-in factors of a password account: a password kept as an argon2id hash, a TOTP secret
 * (RFC 6238, 6 digits every 30 s, as every authenticator app reads it) and 10 single-use recovery
 * codes kept as SHA-256 hashes. Passkeys (WebAuthn) come as another factor beside these.
 */

/** The shortest password accepted. */
export const MIN_PASSWORD_LENGTH = 12;
/** The longest: argon2 takes any length, and a megabyte password is work for nothing. */
export const MAX_PASSWORD_LENGTH = 256;
/** Recovery codes an account gets at enrolment (each signs in once, in place of a TOTP code). */
export const RECOVERY_CODE_COUNT = 10;

/** argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane): about 30 ms a hash on a server core. */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

/**
 * zxcvbn's lowest score a password may have (0-4; 3: "safely unguessable: moderate protection from
 * an offline slow-hash attack"). Its dictionaries hold the passwords most seen in breaches, English
 * words and names, and keyboard patterns, so a long but common password ("passwordpassword",
 * "qwertyuiop123") scores under it.
 */
const MIN_PASSWORD_SCORE = 3;

/** zxcvbn with its breached-password and English dictionaries, made at the first check (about 0.5 s). */
let guesser: ZxcvbnFactory | undefined;

/**
 * Whether a password is among the common, breached or easily guessed ones: zxcvbn scores it under
 * MIN_PASSWORD_SCORE, knowing the account's e-mail (its parts are easy guesses too).
 */
export function passwordGuessable(password: string, email: string): boolean {
  guesser ??= new ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEnglish.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
  });
  return guesser.check(password.slice(0, MAX_PASSWORD_LENGTH), [email, ...email.split(/[@.+_-]/)]).score < MIN_PASSWORD_SCORE;
}

/** A hash of a random password: an unknown e-mail is checked against it, so it takes as long as a wrong password. */
const dummyHash = hashPassword(randomBytes(16).toString('hex'));

/** Whether `password` matches `stored`; without a stored hash, the same work against a dummy one, then false. */
export async function passwordMatches(stored: string | null | undefined, password: string): Promise<boolean> {
  const target = stored ?? (await dummyHash);
  const matches = await verifyHash(target, password.slice(0, MAX_PASSWORD_LENGTH)).catch(() => false);
  return stored ? matches : false;
}

/** How many 30-second steps either side of now a code still counts for (a phone's clock a little off). */
const TOTP_TOLERANCE_SECONDS = 30;

export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// URL an authenticator app reads (from a QR code of it, or typed). */
export const otpauthUrl = (issuer: string, email: string, secret: string): string => generateURI({ issuer, label: email, secret });

/**
 * The time step a TOTP code is valid for at `now`, or undefined. A code of a step at or before
 * `lastStep` (one already used) is refused: a code signs in once.
 */
export async function totpStep(secret: string, code: string, now: Date, lastStep?: number | null): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verifyTotp({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(lastStep === null || lastStep === undefined ? {} : { afterTimeStep: lastStep }),
  }).catch(() => undefined);
  return result?.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** The SHA-256 of a random token or code, hex: what is stored of session ids, links and recovery codes. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A random token of 32 bytes (base64url): a session id, an enrolment link. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Recovery codes: 4 groups of 5 base32 letters and digits (100 random bits each: a SHA-256 hash is enough). */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(20)].map((byte) => alphabet[byte % 32]).join('');
    return chars.match(/.{5}/g)!.join('-');
  });
}

/** A recovery code as typed (case, spaces and dashes aside), for hashing. */
export const normalRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

/** What is stored of recovery codes. */
export const recoveryHashes = (codes: readonly string[]): string[] => codes.map((code) => tokenHash(normalRecoveryCode(code)));

/** The index of the stored hash `code` matches, or -1 (each hash compared in constant time). */
export function recoveryCodeIndex(hashes: readonly string[], code: string): number {
  const given = Buffer.from(tokenHash(normalRecoveryCode(code)), 'hex');
  let found = -1;
  hashes.forEach((stored, index) => {
    const candidate = Buffer.from(stored, 'hex');
    if (candidate.length === given.length && timingSafeEqual(candidate, given) && found < 0) found = index;
  });
  return found;
}
