import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { secondsBeforeNext, sharedLimiter } from '../shared-state';
import type { AuditEntry } from './audit';
import type { StudioContext } from './context';
import texts from './texts.json';

/** What the studio's route modules share: body schemas, the audit entry of a request, the limits. */

/** An object schema that takes no field it does not name (every field required unless told). */
export const object = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});

/** The client's address and request id, for the audit trail. */
export const from = (request: FastifyRequest) => ({ ip: request.ip, requestId: request.id });

/** An audit entry of `request`: its signed-in account (if any) did `action`. */
export const entry = (request: FastifyRequest, action: string, rest: Partial<AuditEntry> = {}): AuditEntry => ({
  actor: request.studio?.account.email ?? null,
  ...from(request),
  action,
  target: null,
  ...rest,
});

const QUARTER = 15 * 60;

/**
 * The attempts a client or an account may make a quarter of an hour (sharedLimiter: through Redis
 * when the server has it). Made once per studio: a sign-in by password and one by passkey count
 * against the same per-client limit.
 */
export interface StudioLimiters {
  /** Password sign-ins per account, whatever the client. */
  perAccount: RateLimiterAbstract;
  /** Sign-ins per client (password or passkey), whatever the account. */
  perClient: RateLimiterAbstract;
  /** Enrolment requests per client (start, finish, a passkey's options and answer): as many as sign-ins. */
  enrolPerClient: RateLimiterAbstract;
  /** WebAuthn challenges a client may ask for to sign in (each is a row until answered or expired). */
  challengesPerClient: RateLimiterAbstract;
}

export function studioLimiters(ctx: StudioContext): StudioLimiters {
  const limiter = (keyPrefix: string, points: number) => sharedLimiter(ctx.shared, { keyPrefix, points, duration: QUARTER });
  return {
    perAccount: limiter('studio-sign-in:account', ctx.signInLimits.perAccount),
    perClient: limiter('studio-sign-in:client', ctx.signInLimits.perClient),
    enrolPerClient: limiter('studio-enrol:client', ctx.signInLimits.perClient),
    // A sign-in takes one challenge; three times the sign-ins a client may try leaves room for cancelled prompts.
    challengesPerClient: limiter('studio-challenge:client', 3 * ctx.signInLimits.perClient),
  };
}

/** 429 with Retry-After when a limit is spent; undefined when the attempt may go on. */
export async function throttled(reply: FastifyReply, takes: Array<Promise<unknown>>): Promise<FastifyReply | undefined> {
  const refusals = (await Promise.allSettled(takes)).flatMap((take) => (take.status === 'rejected' ? [take.reason as unknown] : []));
  if (refusals.length === 0) return undefined;
  const seconds = Math.max(...refusals.map((refusal) => (refusal instanceof RateLimiterRes ? secondsBeforeNext(refusal) : 60)));
  return reply.code(429).header('retry-after', String(seconds)).send({ message: texts.tooManyAttempts });
}

/**
 * The one Cache-Control a studio answer may carry besides no-store: bytes that never change under
 * their name (a media library image, named by its hash), kept by the signed-in browser for a day and
 * by no shared cache.
 */
export const KEPT_BY_BROWSER = 'private, max-age=86400, immutable';
