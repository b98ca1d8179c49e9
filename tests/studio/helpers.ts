import type { FastifyInstance } from 'fastify';
import { generate as totpCode } from 'otplib';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { generate } from '../../scripts/lib/generate/run';
import type { Db } from '../../server/db';
import { createAccount } from '../../server/studio/accounts';
import { buildStudio, type StudioOptions } from '../../server/studio/app';
import { CSRF_HEADER } from '../../server/studio/context';
import { hashPassword, newRecoveryCodes, newTotpSecret, recoveryHashes } from '../../server/studio/factors';
import type { Role } from '../../server/studio/rights';
import { startServer } from '../server/helpers';

export const STUDIO_URL = 'https://studio.bantaydoc.example';
/** What a state-changing request from the studio's own pages carries. */
export const FROM_STUDIO = { origin: STUDIO_URL, [CSRF_HEADER]: '1' } as const;
export const PASSWORD = 'correct horse battery';

/** A clock the tests move forward (sessions' idle and absolute ends; a TOTP code of a new step). */
export function steppingClock(start = new Date('2026-03-02T08:00:00Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms: number) => void (now += ms),
  };
}

export interface TestAccount {
  id: number;
  email: string;
  secret: string;
  recoveryCodes: string[];
}

/** A random studio key (STUDIO_SECRET_KEY's 32 bytes), a new one for each test file. */
const testSecretKeys = (): StudioOptions['secretKeys'] => ({ current: randomBytes(32) });

type StudioExtras = Partial<Pick<StudioOptions, 'signInLimits' | 'secretKeys' | 'logStream' | 'siteUrl'>>;

/** A studio on the database of a started site (`site.app`), with the test's clock. */
export function studioOn(site: FastifyInstance, now: () => Date, extras: StudioExtras & Pick<StudioOptions, 'secretKeys'>) {
  return buildStudio({
    db: site.ctx.db,
    shared: site.ctx.shared,
    mail: site.ctx.mail,
    product: site.ctx.product,
    studioUrl: STUDIO_URL,
    demo: false,
    now,
    signInLimits: extras.signInLimits ?? { perAccount: 1000, perClient: 1000 },
    secretKeys: extras.secretKeys,
    siteUrl: extras.siteUrl,
    ...(extras.logStream ? { logger: 'error', logStream: extras.logStream } : {}),
  });
}

/**
 * A site server (its database) and a studio on it, started before a file's tests and closed after
 * them. Sign-in limits are high unless given: the throttle has tests of its own. Its TOTP secrets are
 * sealed with a random key unless one is given.
 */
export function useStudio(options: StudioExtras = {}) {
  const secretKeys = options.secretKeys ?? testSecretKeys();
  const clock = steppingClock();
  const started = {} as { site: FastifyInstance; studio: FastifyInstance; db: Db; dataDir: string };
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    await generate(resolve(__dirname, '../..'));
    const site = await startServer({ now: clock.now });
    const studio = await studioOn(site.app, clock.now, { ...options, secretKeys });
    Object.assign(started, { site: site.app, studio, db: site.app.ctx.db, dataDir: site.dataDir });
    cleanup = async () => {
      await studio.close();
      await site.cleanup();
    };
  });
  afterAll(async () => cleanup?.());

  /** An enrolled account with `roles` (the password PASSWORD), written by the store the enrolment uses. */
  async function account(email: string, roles: Role[]): Promise<TestAccount> {
    const secret = newTotpSecret();
    const recoveryCodes = newRecoveryCodes();
    const passwordHash = await hashPasswordOnce();
    const id = await started.db.write('studio', (q) =>
      createAccount(
        q,
        secretKeys,
        { email, roles, passwordHash, totpSecret: secret, totpStep: 0, recoveryHashes: recoveryHashes(recoveryCodes) },
        clock.now(),
      ),
    );
    return { id, email, secret, recoveryCodes };
  }

  /** The TOTP code of an account now; the clock first moves to a new 30-second step (a code signs in once). */
  async function code(account: TestAccount): Promise<string> {
    clock.advance(31_000);
    return totpCode({ secret: account.secret, epoch: Math.floor(clock.now().getTime() / 1000) });
  }

  /** Signs in with password and TOTP; returns the Cookie header of the session. */
  async function signIn(account: TestAccount): Promise<string> {
    const response = await started.studio.inject({
      method: 'POST',
      url: '/api/studio/sign-in',
      headers: FROM_STUDIO,
      payload: { email: account.email, password: PASSWORD, code: await code(account) },
    });
    if (response.statusCode !== 200) throw new Error(`sign-in of ${account.email}: ${response.statusCode} ${response.body}`);
    return cookieOf(response.headers['set-cookie']);
  }

  return { started, clock, secretKeys, account, code, signIn };
}

let passwordHash: Promise<string> | undefined;
const hashPasswordOnce = () => (passwordHash ??= hashPassword(PASSWORD));

/** The Cookie header that a Set-Cookie header sets. */
export function cookieOf(setCookie: string | string[] | undefined): string {
  const header = [setCookie ?? []].flat()[0] ?? '';
  return header.split(';')[0];
}

/**
 * Calls a studio of `useStudio` under `prefix` as the session `cookie` (none: signed out), with the
 * studio's own Origin and CSRF header unless `headers` says otherwise; the status and JSON body.
 */
export function studioCaller(studio: () => FastifyInstance, prefix: string) {
  return async (
    cookie: string | undefined,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = FROM_STUDIO,
  ) => {
    const response = await studio().inject({
      method,
      url: `${prefix}${url}`,
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> & { message?: string } };
  };
}
