import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientKey } from '../render-budget';
import {
  accountByEmail,
  accountById,
  closeSession,
  createPasskeyAccount,
  hasPasswordFactor,
  openInvitation,
  openSession,
  sessionIdOf,
  useInvitation,
  type Account,
} from './accounts';
import { appendAudit, audit, STUDIO_LOCK } from './audit';
import { RECENT_SIGN_IN_MS, SESSION_ABSOLUTE_MS, type StudioContext } from './context';
import { tokenHash } from './factors';
import {
  addPasskey,
  MAX_PASSKEY_NAME,
  newUserHandle,
  passkeyByCredential,
  passkeysOf,
  recordPasskeyUse,
  registrationOptions,
  relyingParty,
  removePasskey,
  setUserHandle,
  signInOptions,
  takeChallenge,
  verifiedAuthentication,
  verifiedRegistration,
  type NewPasskey,
} from './passkeys';
import { rulesFor } from './rights';
import { entry, from, object, throttled, type StudioLimiters } from './route-helpers';
import texts from './texts.json';

/**
 * The studio's passkey routes (WebAuthn, passkeys.ts). Public: options and answer of a sign-in with
 * a passkey (no e-mail: the passkey names its account), and of an enrolment link's passkey. Any
 * signed-in account (Self): its passkeys, adding one, removing one but the last factor. Each answer
 * is checked against a challenge taken (once) from the database, the studio's origin and RP ID, and
 * user verification.
 */

/** base64url text of at most `max` characters (a credential id is at most 1,023 bytes: 1,364). */
const B64 = (max: number) => ({ type: 'string', minLength: 1, maxLength: max, pattern: '^[A-Za-z0-9_-]+={0,2}$' }) as const;
const EXTENSIONS = { type: 'object', maxProperties: 10 } as const;
const ATTACHMENT = { enum: ['platform', 'cross-platform'] } as const;
const CREDENTIAL = { id: B64(1400), rawId: B64(1400), type: { const: 'public-key' }, clientExtensionResults: EXTENSIONS } as const;
const REQUIRED = ['id', 'rawId', 'type', 'response', 'clientExtensionResults'];

/** What navigator.credentials.get() answers, as @simplewebauthn/browser sends it. */
const AUTHENTICATION = object(
  {
    ...CREDENTIAL,
    authenticatorAttachment: ATTACHMENT,
    response: object({ clientDataJSON: B64(4000), authenticatorData: B64(4000), signature: B64(1000), userHandle: B64(100) }, [
      'clientDataJSON',
      'authenticatorData',
      'signature',
    ]),
  },
  REQUIRED,
);

/** What navigator.credentials.create() answers, as @simplewebauthn/browser sends it. */
const REGISTRATION = object(
  {
    ...CREDENTIAL,
    authenticatorAttachment: ATTACHMENT,
    response: object(
      {
        clientDataJSON: B64(4000),
        attestationObject: B64(12_000),
        authenticatorData: B64(4000),
        transports: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 20 } },
        publicKeyAlgorithm: { type: 'integer' },
        publicKey: B64(2000),
      },
      ['clientDataJSON', 'attestationObject'],
    ),
  },
  REQUIRED,
);

const NAME = { type: 'string', minLength: 1, maxLength: MAX_PASSKEY_NAME } as const;
const TOKEN = { type: 'string', minLength: 20, maxLength: 100 } as const;
const PASSKEY_ID = object({ id: { type: 'string', pattern: '^[0-9]{1,12}$' } });
/** A sign-in answer is small (no attestation); a new passkey's may carry an attestation statement. */
const SIGN_IN_BODY_LIMIT = 8 * 1024;
const REGISTRATION_BODY_LIMIT = 16 * 1024;

/** A passkey as its owner sees it. */
const shown = (passkey: { id: number; name: string; created_at: string; last_used_at: string | null }) => ({
  id: passkey.id,
  name: passkey.name,
  created_at: passkey.created_at,
  last_used_at: passkey.last_used_at,
});

export default async function passkeyRoutes(
  app: FastifyInstance,
  { ctx, limiters }: { ctx: StudioContext; limiters: StudioLimiters },
): Promise<void> {
  const { db } = ctx;
  const rp = relyingParty(ctx.studioUrl, ctx.product.name);
  const who = (request: FastifyRequest): Account => request.studio!.account;
  /** A passkey's name as given, trimmed; undefined when nothing is left. */
  const nameOf = (name: string) => name.trim() || undefined;

  app.post('/sign-in/passkey/options', { config: { access: 'public' }, schema: { body: object({}) } }, async (request, reply) => {
    const limited = await throttled(reply, [limiters.challengesPerClient.consume(clientKey(request.ip))]);
    if (limited) return limited;
    return signInOptions(db.query, rp, ctx.now());
  });

  // Sign-in with a passkey: every failure answers the same (an unknown passkey, a disabled account,
  // a challenge used or expired, a signature that does not verify), and is an audit row.
  app.post<{ Body: AuthenticationResponseJSON }>(
    '/sign-in/passkey',
    { config: { access: 'public' }, bodyLimit: SIGN_IN_BODY_LIMIT, schema: { body: AUTHENTICATION } },
    async (request, reply) => {
      const limited = await throttled(reply, [limiters.perClient.consume(clientKey(request.ip))]);
      if (limited) return limited;
      const now = ctx.now();
      const checked = await checkSignIn(request.body, now);
      if ('failure' in checked) {
        await audit(db, entry(request, 'sign-in.failed', { target: checked.email ?? null, after: { passkey: checked.failure } }), now);
        return reply.code(401).send({ message: texts.passkeyFailed });
      }
      const { account, passkey, counter } = checked;
      const previous = sessionIdOf(request.headers.cookie, ctx.cookieName);
      const sessionId = await db.write(STUDIO_LOCK, async (q) => {
        await recordPasskeyUse(q, passkey.id, counter, now);
        await appendAudit(
          q,
          { actor: account.email, ...from(request), action: 'sign-in.passkey', target: account.email, after: { passkey: passkey.name } },
          now,
        );
        return openSession(q, account.id, { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') }, now);
      });
      // A new id at every sign-in; a session the browser held before ends.
      if (previous) await closeSession(db.query, previous);
      reply.header('set-cookie', ctx.cookie(sessionId, SESSION_ABSOLUTE_MS / 1000));
      return { email: account.email, roles: account.roles, rules: rulesFor(account.roles) };
    },
  );

  /** The account and passkey a sign-in answer proves, or why not (for the audit row only). */
  async function checkSignIn(response: AuthenticationResponseJSON, now: Date) {
    const challenge = await takeChallenge(db.query, response.response.clientDataJSON, 'sign-in', now);
    if (!challenge) return { failure: 'challenge' };
    const passkey = await passkeyByCredential(db.query, response.id);
    const account = passkey && (await accountById(db.query, passkey.account_id));
    const handle = response.response.userHandle;
    if (!passkey || !account || (handle !== undefined && handle !== account.webauthn_user_id)) return { failure: 'unknown passkey' };
    if (account.disabled) return { failure: 'disabled', email: account.email };
    const counter = await verifiedAuthentication(rp, response, challenge.challenge, passkey);
    if (counter === undefined) return { failure: 'not verified', email: account.email };
    return { account, passkey, counter };
  }

  /** Refuses a new passkey: its answer's challenge or verification failed, or it is known already. */
  async function newPasskey(reply: FastifyReply, response: RegistrationResponseJSON, challenge: string): Promise<NewPasskey | undefined> {
    const passkey = await verifiedRegistration(rp, response, challenge);
    if (!passkey) return void reply.code(400).send({ message: texts.passkeyRefused });
    if (await passkeyByCredential(db.query, passkey.credentialId)) return void reply.code(409).send({ message: texts.passkeyKnown });
    return passkey;
  }

  // Enrolment with a passkey, through the same single-use link as the password's: the options name
  // the link's e-mail; the answer creates the account (or gives a reset one its new factor) with no
  // password. The person then signs in with the passkey.
  app.post<{ Body: { token: string } }>(
    '/enrolment/passkey/options',
    { config: { access: 'public' }, schema: { body: object({ token: TOKEN }) } },
    async (request, reply) => {
      const limited = await throttled(reply, [limiters.enrolPerClient.consume(clientKey(request.ip))]);
      if (limited) return limited;
      const now = ctx.now();
      const link = await openInvitation(db.query, request.body.token, now);
      if (!link) return reply.code(410).send({ message: texts.linkInvalid });
      const existing = await accountByEmail(db.query, link.email);
      const user = {
        email: link.email,
        userId: existing?.webauthn_user_id ?? newUserHandle(),
        existing: existing ? await passkeysOf(db.query, existing.id) : [],
      };
      return registrationOptions(db.query, rp, user, { purpose: 'enrol', invitationHash: tokenHash(request.body.token) }, now);
    },
  );

  app.post<{ Body: { token: string; name: string; response: RegistrationResponseJSON } }>(
    '/enrolment/passkey/finish',
    {
      config: { access: 'public' },
      bodyLimit: REGISTRATION_BODY_LIMIT,
      schema: { body: object({ token: TOKEN, name: NAME, response: REGISTRATION }) },
    },
    async (request, reply) => {
      const limited = await throttled(reply, [limiters.enrolPerClient.consume(clientKey(request.ip))]);
      if (limited) return limited;
      const now = ctx.now();
      const { token, response } = request.body;
      const name = nameOf(request.body.name);
      if (!name) return reply.code(400).send({ message: texts.passkeyName });
      const link = await openInvitation(db.query, token, now);
      if (!link) return reply.code(410).send({ message: texts.linkInvalid });
      const challenge = await takeChallenge(db.query, response.response.clientDataJSON, 'enrol', now);
      if (!challenge || challenge.invitationHash !== tokenHash(token) || !challenge.userId) {
        return reply.code(400).send({ message: texts.passkeyExpired });
      }
      const passkey = await newPasskey(reply, response, challenge.challenge);
      if (!passkey) return reply;
      const userHandle = challenge.userId;
      const used = await db.write(STUDIO_LOCK, async (q) => {
        if (!(await useInvitation(q, token, now))) return false;
        const existing = await accountByEmail(q, link.email);
        const accountId = existing?.id ?? (await createPasskeyAccount(q, { email: link.email, roles: link.roles, userHandle }, now));
        if (existing) await setUserHandle(q, existing.id, userHandle);
        await addPasskey(q, accountId, { ...passkey, name }, now);
        await appendAudit(
          q,
          {
            actor: link.email,
            ...from(request),
            action: existing ? 'factor.enrolled' : 'account.enrolled',
            target: link.email,
            after: { roles: link.roles, kind: 'passkey', name },
          },
          now,
        );
        return true;
      });
      if (!used) return reply.code(410).send({ message: texts.linkInvalid });
      return reply.code(201).send({ email: link.email });
    },
  );

  // One's own passkeys.
  const self = { access: { action: 'manage', subject: 'Self' } } as const;

  app.get('/me/passkeys', { config: self }, async (request) => (await passkeysOf(db.query, who(request).id)).map(shown));

  /** A 403 when the caller's sign-in is older than RECENT_SIGN_IN_MS: adding a factor asks for a fresh one. */
  const staleSignIn = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const signedInAt = Date.parse(request.studio!.signedInAt);
    if (ctx.now().getTime() - signedInAt <= RECENT_SIGN_IN_MS) return false;
    void reply.code(403).send({ message: texts.signInAgain });
    return true;
  };

  app.post('/me/passkeys/options', { config: self, schema: { body: object({}) } }, async (request, reply) => {
    if (staleSignIn(request, reply)) return reply;
    const account = who(request);
    const user = {
      email: account.email,
      userId: account.webauthn_user_id ?? newUserHandle(),
      existing: await passkeysOf(db.query, account.id),
    };
    return registrationOptions(db.query, rp, user, { purpose: 'register', accountId: account.id }, ctx.now());
  });

  app.post<{ Body: { name: string; response: RegistrationResponseJSON } }>(
    '/me/passkeys',
    { config: self, bodyLimit: REGISTRATION_BODY_LIMIT, schema: { body: object({ name: NAME, response: REGISTRATION }) } },
    async (request, reply) => {
      if (staleSignIn(request, reply)) return reply;
      const account = who(request);
      const now = ctx.now();
      const name = nameOf(request.body.name);
      if (!name) return reply.code(400).send({ message: texts.passkeyName });
      const challenge = await takeChallenge(db.query, request.body.response.response.clientDataJSON, 'register', now);
      if (!challenge || challenge.accountId !== account.id || !challenge.userId) {
        return reply.code(400).send({ message: texts.passkeyExpired });
      }
      const passkey = await newPasskey(reply, request.body.response, challenge.challenge);
      if (!passkey) return reply;
      const userHandle = challenge.userId;
      const id = await db.write(STUDIO_LOCK, async (q) => {
        await setUserHandle(q, account.id, userHandle);
        const added = await addPasskey(q, account.id, { ...passkey, name }, now);
        await appendAudit(q, entry(request, 'factor.enrolled', { target: account.email, after: { kind: 'passkey', name } }), now);
        return added;
      });
      return reply.code(201).send(shown({ id, name, created_at: now.toISOString(), last_used_at: null }));
    },
  );

  // Removing a passkey of one's own, but never the last factor: an account keeps a passkey, or a
  // password with its TOTP factor.
  app.delete<{ Params: { id: string } }>('/me/passkeys/:id', { config: self, schema: { params: PASSKEY_ID } }, async (request, reply) => {
    const account = who(request);
    const now = ctx.now();
    const outcome = await db.write(STUDIO_LOCK, async (q) => {
      const passkeys = await passkeysOf(q, account.id);
      const target = passkeys.find((passkey) => passkey.id === Number(request.params.id));
      if (!target) return 'none';
      const kind = { kind: 'passkey', name: target.name };
      if (passkeys.length === 1 && !hasPasswordFactor(account)) {
        await appendAudit(q, entry(request, 'factor.refused', { target: account.email, after: { ...kind, reason: 'last factor' } }), now);
        return 'last';
      }
      await removePasskey(q, account.id, target.id);
      await appendAudit(q, entry(request, 'factor.removed', { target: account.email, before: kind }), now);
      return 'removed';
    });
    if (outcome === 'none') return reply.code(404).send({ message: texts.noPasskey });
    if (outcome === 'last') return reply.code(409).send({ message: texts.lastFactor });
    return reply.code(204).send();
  });
}
