import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Activation codes are stored only as scrypt hashes, written `scrypt$N$r$p$<salt>$<hash>` (salt and
 * hash in base64url, a random 16-byte salt per code), so the parameters can change later and codes
 * hashed with older ones still verify. An 8-digit code has 10^8 values: the hash cannot make a leaked
 * one unguessable, it makes each cost 10^8 scrypt runs (about 10 ms each here, so days of CPU) instead
 * of a read, and no two codes can be attacked together.
 */
export const CODE_HASH = { N: 2048, r: 8, p: 1, saltBytes: 16, keyBytes: 32 } as const;

interface Parsed {
  options: ScryptOptions;
  salt: Buffer;
  hash: Buffer;
}

/** Memory scrypt needs is about 128 * N * r bytes: allowed twice that. */
const scryptOptions = (N: number, r: number, p: number): ScryptOptions => ({ N, r, p, maxmem: 256 * N * r });

/** The stored form of `code`: a fresh salt, the current parameters. */
export function hashActivationCode(code: string): string {
  const { N, r, p } = CODE_HASH;
  const salt = randomBytes(CODE_HASH.saltBytes);
  const hash = scryptSync(code, salt, CODE_HASH.keyBytes, scryptOptions(N, r, p));
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/**
 * Fresh activation codes with their stored form, hashed in libuv's thread pool: issuing keys then
 * costs the event loop nothing (hashing one costs about 10 ms of CPU).
 */
export async function newCodeHashes(count: number, newCode: () => string): Promise<Array<{ code: string; hash: string }>> {
  const { N, r, p } = CODE_HASH;
  return Promise.all(
    Array.from({ length: count }, async () => {
      const code = newCode();
      const salt = randomBytes(CODE_HASH.saltBytes);
      const hash = await scryptAsync(code, salt, CODE_HASH.keyBytes, scryptOptions(N, r, p));
      return { code, hash: ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$') };
    }),
  );
}

/** Whether a stored value is a code hash (the migration hashes what is not). */
export const isCodeHash = (stored: string): boolean => parse(stored) !== undefined;

/** Reads a stored hash; undefined when it is not one, or asks for parameters out of bounds. */
function parse(stored: string): Parsed | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map((part) => (/^[1-9]\d{0,6}$/.test(part) ? Number(part) : 0));
  // N a power of two; bounds keep a stored value from asking for gigabytes or minutes.
  if (N < 2 || N > 2 ** 20 || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return undefined;
  const salt = Buffer.from(parts[4], 'base64url');
  const hash = Buffer.from(parts[5], 'base64url');
  if (salt.length < 8 || hash.length < 16) return undefined;
  return { options: scryptOptions(N, r, p), salt, hash };
}

/** A hash of a random code with the current parameters: what an unknown key is checked against. */
let dummy: Parsed | undefined;
const dummyHash = (): Parsed => (dummy ??= parse(hashActivationCode(randomBytes(8).toString('hex')))!);

const scryptAsync = (code: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scrypt(code, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))));

/**
 * Whether `code` is the one `stored` was made from, compared in constant time. `stored` undefined
 * (no such key) or not a hash runs the same work against a dummy hash and answers false, so the time
 * does not tell an unknown key from a wrong code. Runs in libuv's thread pool, not on the event loop.
 */
export async function verifyActivationCode(code: string, stored: string | undefined): Promise<boolean> {
  const parsed = stored === undefined ? undefined : parse(stored);
  const against = parsed ?? dummyHash();
  const computed = await scryptAsync(code, against.salt, against.hash.length, against.options);
  return timingSafeEqual(computed, against.hash) && parsed !== undefined;
}
