import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { secondsBeforeNext, sharedLimiter, type SharedState } from '../shared-state';

/**
 * Wrong activation codes for one access key from one client (an IP address, an IPv6 /64) that lock
 * the key for that client, and for how long. Other clients are not locked by them: the buyer on their
 * own phone still gets in.
 */
export const KEY_LOCKOUT = { failures: 5, minutes: 15 } as const;

/** Wrong activation codes for one access key from all clients together that lock it for everyone (a guess spread over many addresses). */
export const KEY_CEILING = { failures: 50, minutes: 15 } as const;

/** Tries are counted for this long from the first one; then the count starts afresh. */
export const ATTEMPT_WINDOW_MINUTES = 60;

/** What a locked key tells the client: how long until it may try again. */
export interface KeyLock {
  retryAfterSeconds: number;
}

/** A try that may go on to check its code, with the counts it took. */
export interface KeyTry {
  accessKey: string;
  client: string;
  /** The try was the last its client may make before the lock (so a wrong code locks). */
  lastOfClient: boolean;
  /** The try was the last all clients together may make before the lock. */
  lastOfAll: boolean;
}

const seconds = (minutes: number) => minutes * 60;

/** The seconds left of the lock that refused a try (rate-limiter-flexible rejects with a RateLimiterRes). */
const lockOf = (refusal: unknown): KeyLock => ({ retryAfterSeconds: secondsBeforeNext(refusal) });

/**
 * Guessing of activation codes, limited per access key as typed (known or not, so a lock never tells
 * that a key exists) and client: KEY_LOCKOUT per client, KEY_CEILING for all clients together.
 *
 * The counts are rate-limiter-flexible's (shared-state.ts sharedLimiter): in Redis, so every instance
 * counts against one limit, and in this process while Redis is away (each instance then allows its
 * own 5 tries per client); in the process alone without REDIS_URL.
 *
 * Every try takes its point before its code is checked, so requests sent at once cannot check more
 * codes than the limit between them: the count is the store's atomic increment, not a read followed
 * by a write. A right code gives its points back (its client's count is cleared, the key-wide one
 * keeps the wrong ones); a wrong code that was the last try locks at once.
 */
export class KeyLockout {
  private readonly perClient: RateLimiterAbstract;
  private readonly perKey: RateLimiterAbstract;

  constructor(shared: SharedState) {
    const window = seconds(ATTEMPT_WINDOW_MINUTES);
    this.perClient = sharedLimiter(shared, {
      keyPrefix: 'key-lockout:client',
      points: KEY_LOCKOUT.failures,
      duration: window,
      blockDuration: seconds(KEY_LOCKOUT.minutes),
    });
    this.perKey = sharedLimiter(shared, {
      keyPrefix: 'key-lockout:key',
      points: KEY_CEILING.failures,
      duration: window,
      blockDuration: seconds(KEY_CEILING.minutes),
    });
  }

  /** The count of `accessKey` for `client` (JSON, so that no pair of values shares a name). */
  private static clientCount = (accessKey: string, client: string) => JSON.stringify([client, accessKey]);

  /** Takes a try at `accessKey` for `client`: the try, or the lock in force for this client. */
  async take(accessKey: string, client: string): Promise<KeyTry | KeyLock> {
    const count = KeyLockout.clientCount(accessKey, client);
    let mine: RateLimiterRes;
    try {
      mine = await this.perClient.consume(count);
    } catch (refusal) {
      return lockOf(refusal);
    }
    try {
      const everyone = await this.perKey.consume(accessKey);
      return { accessKey, client, lastOfClient: mine.remainingPoints === 0, lastOfAll: everyone.remainingPoints === 0 };
    } catch (refusal) {
      // Refused by the key-wide lock: no code was checked, so the client's count keeps nothing of it.
      await this.perClient.reward(count);
      return lockOf(refusal);
    }
  }

  /** A wrong code for the try: the lock it sets, when it was a last try. */
  async failed(attempt: KeyTry): Promise<KeyLock | undefined> {
    const locks: number[] = [];
    if (attempt.lastOfClient) {
      await this.perClient.block(KeyLockout.clientCount(attempt.accessKey, attempt.client), seconds(KEY_LOCKOUT.minutes));
      locks.push(seconds(KEY_LOCKOUT.minutes));
    }
    if (attempt.lastOfAll) {
      await this.perKey.block(attempt.accessKey, seconds(KEY_CEILING.minutes));
      locks.push(seconds(KEY_CEILING.minutes));
    }
    return locks.length === 0 ? undefined : { retryAfterSeconds: Math.max(...locks) };
  }

  /** The right code for the try: its client's count is cleared, and the key-wide count gives back its point. */
  async succeeded(attempt: KeyTry): Promise<void> {
    await this.perClient.delete(KeyLockout.clientCount(attempt.accessKey, attempt.client));
    await this.perKey.reward(attempt.accessKey);
  }
}

export const isLock = (outcome: KeyTry | KeyLock): outcome is KeyLock => 'retryAfterSeconds' in outcome;
