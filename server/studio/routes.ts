import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientKey } from '../render-budget';
import {
  accountByEmail,
  accountById,
  accountTotpSecret,
  accountEmail,
  clearFactors,
  closeSession,
  closeSessionsOf,
  createAccount,
  hasPasswordFactor,
  lastSignIns,
  listAccounts,
  offerTotpSecret,
  offeredTotpSecret,
  openInvitation,
  openLinks,
  openSessionCounts,
  openSession,
  recordFactorUse,
  setDisabled,
  setFactors,
  sessionIdOf,
  setRoles,
  storeTotpSecret,
  useInvitation,
  type Account,
} from './accounts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, type StudioContext } from './context';
import { appendAudit, audit, auditCsv, listAudit, STUDIO_LOCK, type AuditFilter } from './audit';
import {
  hashPassword,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  passwordGuessable,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  passwordMatches,
  recoveryCodeIndex,
  recoveryHashes,
  totpStep,
} from './factors';
import { inviteByMail } from './invite';
import passkeyRoutes from './passkey-routes';
import { passkeyCounts } from './passkeys';
import { ROLES, rulesFor, type Role } from './rights';
import type { Opened } from './secret-box';
import { entry, from, object, studioLimiters, throttled } from './route-helpers';
import texts from './texts.json';

/**
 * The studio's API (under /api/studio). Public: health, sign-in, enrolment. Any signed-in account
 * (Self): itself, sign out, sign out everywhere, new recovery codes (with a TOTP code). Admins
 * (Account, Audit): the accounts, invitations, roles, disabling, resetting another's factors, the
 * audit trail and its export. Passkeys (WebAuthn) sign in beside the password route, creating the
 * same session: their routes are passkey-routes.ts.
 */

const EMAIL = { type: 'string', minLength: 3, maxLength: 254, pattern: '^[^@\\s]+@[^@\\s]+$' } as const;
const ROLE_LIST = { type: 'array', minItems: 1, maxItems: ROLES.length, uniqueItems: true, items: { enum: ROLES } } as const;
const PASSWORD = { type: 'string', minLength: 1, maxLength: MAX_PASSWORD_LENGTH } as const;
/** A TOTP code (6 digits) or a recovery code (20 letters and digits, dashes and spaces allowed). */
const CODE = { type: 'string', minLength: 6, maxLength: 40 } as const;
const TOKEN = { type: 'string', minLength: 20, maxLength: 100 } as const;
const ACCOUNT_ID = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9]{1,12}$' } },
} as const;

export default async function studioRoutes(app: FastifyInstance, { ctx }: { ctx: StudioContext }): Promise<void> {
  const { db } = ctx;
  const limiters = studioLimiters(ctx);
  const { perAccount, perClient, enrolPerClient } = limiters;
  await app.register(passkeyRoutes, { ctx, limiters });

  const who = (request: FastifyRequest): Account => request.studio!.account;
  /**
   * The account's TOTP secret opened. One that does not open (a wrong STUDIO_SECRET_KEY, a row changed
   * or copied from another account) is logged as an error naming the account, never the value.
   */
  const totpSecretOf = (request: FastifyRequest, account: Account): Opened => {
    const opened = accountTotpSecret(ctx.secretKeys, account);
    if (!opened.ok) {
      request.log.error(
        { studioAccountId: account.id },
        `studio: the TOTP secret of account ${account.id} does not decrypt (STUDIO_SECRET_KEY or STUDIO_SECRET_KEY_PREVIOUS wrong, or the row changed); its sign-ins with a code fail`,
      );
    }
    return opened;
  };
  /** An account an admin acts on: not their own (another admin does that), and one that exists. */
  const otherAccount = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const target = await accountById(db.query, Number(request.params.id));
    if (!target) return void reply.code(404).send({ message: texts.noAccount });
    if (target.id === who(request).id) return void reply.code(403).send({ message: texts.notYourOwn });
    return target;
  };

  app.get('/health', { config: { access: 'public' } }, async () => ({ ok: true }));

  // Sign-in: e-mail, password and a TOTP code or a recovery code. Every failure answers the same,
  // an unknown e-mail after the same argon2 work as a wrong password.
  app.post<{ Body: { email: string; password: string; code: string } }>(
    '/sign-in',
    { config: { access: 'public' }, schema: { body: object({ email: EMAIL, password: PASSWORD, code: CODE }) } },
    async (request, reply) => {
      const email = accountEmail(request.body.email);
      const limited = await throttled(reply, [perAccount.consume(email), perClient.consume(clientKey(request.ip))]);
      if (limited) return limited;
      const now = ctx.now();
      const account = await accountByEmail(db.query, email);
      const usable = account && !account.disabled && account.totp_secret ? account : undefined;
      const passwordOk = await passwordMatches(usable?.password_hash, request.body.password);
      let use: { totpStep: number } | { recoveryHashes: string[] } | undefined;
      // A secret that does not open answers as a wrong code; the log tells the operator.
      const totp = usable && passwordOk ? totpSecretOf(request, usable) : undefined;
      if (usable && passwordOk) {
        const code = request.body.code.trim();
        if (/^\d{6}$/.test(code)) {
          const step = totp?.ok ? await totpStep(totp.secret, code, now, usable.totp_last_step) : undefined;
          if (step !== undefined) use = { totpStep: step };
        } else {
          const index = recoveryCodeIndex(usable.recovery_codes, code);
          if (index >= 0) use = { recoveryHashes: usable.recovery_codes.filter((_, i) => i !== index) };
        }
      }
      if (!usable || !use) {
        await audit(db, entry(request, 'sign-in.failed', { target: email.slice(0, 254) }), now);
        return reply.code(401).send({ message: texts.signInFailed });
      }
      const previous = sessionIdOf(request.headers.cookie, ctx.cookieName);
      const sessionId = await db.write(STUDIO_LOCK, async (q) => {
        await recordFactorUse(q, usable.id, use);
        // A secret stored plain (before encryption) or sealed with the previous key is sealed with the current one.
        if (totp?.ok && !totp.current) await storeTotpSecret(q, ctx.secretKeys, usable.id, totp.secret);
        const left = 'recoveryHashes' in use ? use.recoveryHashes.length : undefined;
        await appendAudit(
          q,
          {
            actor: usable.email,
            ...from(request),
            action: left === undefined ? 'sign-in' : 'sign-in.recovery-code',
            target: usable.email,
            ...(left === undefined ? {} : { after: { recoveryCodesLeft: left } }),
          },
          now,
        );
        return openSession(q, usable.id, { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') }, now);
      });
      // A new id at every sign-in; a session the browser held before ends.
      if (previous) await closeSession(db.query, previous);
      reply.header('set-cookie', ctx.cookie(sessionId, SESSION_ABSOLUTE_MS / 1000));
      return { email: usable.email, roles: usable.roles, rules: rulesFor(usable.roles) };
    },
  );

  // Enrolment through a single-use link: start offers a TOTP secret, finish sets the password and
  // takes the secret once a code of it is typed, and hands out the recovery codes, shown once.
  app.post<{ Body: { token: string } }>(
    '/enrolment/start',
    { config: { access: 'public' }, schema: { body: object({ token: TOKEN }) } },
    async (request, reply) => {
      const limited = await throttled(reply, [enrolPerClient.consume(clientKey(request.ip))]);
      if (limited) return limited;
      const link = await openInvitation(db.query, request.body.token, ctx.now());
      if (!link) return reply.code(410).send({ message: texts.linkInvalid });
      const secret = newTotpSecret();
      await offerTotpSecret(db.query, ctx.secretKeys, request.body.token, secret);
      return {
        email: link.email,
        roles: link.roles,
        totpSecret: secret,
        otpauthUrl: otpauthUrl(`${ctx.product.name} studio`, link.email, secret),
      };
    },
  );

  app.post<{ Body: { token: string; password: string; code: string } }>(
    '/enrolment/finish',
    { config: { access: 'public' }, schema: { body: object({ token: TOKEN, password: PASSWORD, code: CODE }) } },
    async (request, reply) => {
      const limited = await throttled(reply, [enrolPerClient.consume(clientKey(request.ip))]);
      if (limited) return limited;
      const now = ctx.now();
      const { token, password, code } = request.body;
      const link = await openInvitation(db.query, token, now);
      const offered = link && offeredTotpSecret(ctx.secretKeys, token, link);
      if (!link || !offered?.ok) return reply.code(410).send({ message: texts.linkInvalid });
      if ([...password].length < MIN_PASSWORD_LENGTH) return reply.code(400).send({ message: texts.passwordShort });
      if (passwordGuessable(password, link.email)) return reply.code(400).send({ message: texts.passwordGuessable });
      const step = await totpStep(offered.secret, code.trim(), now);
      if (step === undefined) return reply.code(400).send({ message: texts.codeWrong });
      const recoveryCodes = newRecoveryCodes();
      const factors = {
        passwordHash: await hashPassword(password),
        totpSecret: offered.secret,
        totpStep: step,
        recoveryHashes: recoveryHashes(recoveryCodes),
      };
      const used = await db.write(STUDIO_LOCK, async (q) => {
        if (!(await useInvitation(q, token, now))) return false;
        const existing = await accountByEmail(q, link.email);
        if (existing) await setFactors(q, ctx.secretKeys, existing.id, factors);
        else await createAccount(q, ctx.secretKeys, { email: link.email, roles: link.roles, ...factors }, now);
        await appendAudit(
          q,
          {
            actor: link.email,
            ...from(request),
            action: existing ? 'factor.enrolled' : 'account.enrolled',
            target: link.email,
            after: { roles: link.roles },
          },
          now,
        );
        return true;
      });
      if (!used) return reply.code(410).send({ message: texts.linkInvalid });
      return reply.code(201).send({ email: link.email, recoveryCodes });
    },
  );

  const self = { access: { action: 'manage', subject: 'Self' } } as const;

  app.get('/me', { config: self }, async (request) => {
    const account = who(request);
    return {
      email: account.email,
      roles: account.roles,
      password: hasPasswordFactor(account),
      recoveryCodesLeft: account.recovery_codes.length,
      rules: rulesFor(account.roles),
    };
  });

  app.post('/sign-out', { config: self }, async (request, reply) => {
    await db.write(STUDIO_LOCK, async (q) => {
      await closeSession(q, request.studio!.sessionId);
      await appendAudit(q, entry(request, 'sign-out', { target: who(request).email }), ctx.now());
    });
    return reply.header('set-cookie', ctx.cookie('', 0)).code(204).send();
  });

  app.post('/sign-out-everywhere', { config: self }, async (request, reply) => {
    const closed = await db.write(STUDIO_LOCK, async (q) => {
      const count = await closeSessionsOf(q, who(request).id);
      await appendAudit(q, entry(request, 'sign-out.everywhere', { target: who(request).email, after: { sessions: count } }), ctx.now());
      return count;
    });
    return reply.header('set-cookie', ctx.cookie('', 0)).send({ sessionsClosed: closed });
  });

  // New recovery codes for oneself: only with a TOTP code (no one changes their factors without one).
  app.post<{ Body: { code: string } }>(
    '/me/recovery-codes',
    { config: self, schema: { body: object({ code: { type: 'string', pattern: '^[0-9]{6}$' } }) } },
    async (request, reply) => {
      const account = who(request);
      const now = ctx.now();
      const totp = account.totp_secret === null ? undefined : totpSecretOf(request, account);
      const step = totp?.ok ? await totpStep(totp.secret, request.body.code, now, account.totp_last_step) : undefined;
      if (step === undefined) {
        await audit(db, entry(request, 'factor.refused', { target: account.email }), now);
        return reply.code(403).send({ message: texts.codeWrong });
      }
      const recoveryCodes = newRecoveryCodes();
      await db.write(STUDIO_LOCK, async (q) => {
        await recordFactorUse(q, account.id, { totpStep: step });
        await recordFactorUse(q, account.id, { recoveryHashes: recoveryHashes(recoveryCodes) });
        await appendAudit(q, entry(request, 'factor.recovery-codes', { target: account.email }), now);
      });
      return { recoveryCodes };
    },
  );

  const accounts = (action: 'read' | 'manage') => ({ access: { action, subject: 'Account' } }) as const;

  // Every account as an admin needs it: its roles and state, its factors (a password with TOTP,
  // passkeys), when it last signed in, its open sessions, and the expiry of the enrolment link it
  // waits on (after a reset of its factors).
  app.get('/accounts', { config: accounts('read') }, async () => {
    const now = ctx.now();
    const [list, signIns, sessions, links, passkeys] = await Promise.all([
      listAccounts(db.query),
      lastSignIns(db.query),
      openSessionCounts(db.query, new Date(now.getTime() - SESSION_IDLE_MS), new Date(now.getTime() - SESSION_ABSOLUTE_MS)),
      openLinks(db.query, now),
      passkeyCounts(db.query),
    ]);
    const linkOf = new Map(links.map((link) => [link.email, link.expires_at]));
    return list.map((account) => ({
      id: account.id,
      email: account.email,
      roles: account.roles,
      disabled: account.disabled,
      enrolled: hasPasswordFactor(account) || passkeys.has(account.id),
      factors: [
        ...(account.password_hash === null ? [] : ['password']),
        ...(account.totp_secret === null ? [] : ['totp']),
        ...(passkeys.has(account.id) ? ['passkey'] : []),
      ],
      passkeys: passkeys.get(account.id) ?? 0,
      recoveryCodesLeft: account.recovery_codes.length,
      created_at: account.created_at,
      lastSignInAt: signIns.get(account.email) ?? null,
      sessions: sessions.get(account.id) ?? 0,
      linkExpiresAt: linkOf.get(account.email) ?? null,
    }));
  });

  // The invitations not taken up yet: people with a usable link and no account so far.
  app.get('/invitations', { config: accounts('read') }, async () => {
    const [list, links] = await Promise.all([listAccounts(db.query), openLinks(db.query, ctx.now())]);
    const known = new Set(list.map((account) => account.email));
    return links.filter((link) => !known.has(link.email));
  });

  app.post<{ Body: { email: string; roles: Role[] } }>(
    '/invitations',
    { config: accounts('manage'), schema: { body: object({ email: EMAIL, roles: ROLE_LIST }) } },
    async (request, reply) => {
      const email = accountEmail(request.body.email);
      if (await accountByEmail(db.query, email)) return reply.code(409).send({ message: texts.accountExists });
      const expires = await inviteByMail(ctx, email, request.body.roles, (q, now) =>
        appendAudit(q, entry(request, 'invitation.sent', { target: email, after: { roles: request.body.roles } }), now),
      );
      return reply.code(201).send({ email, roles: request.body.roles, expires_at: expires });
    },
  );

  app.put<{ Params: { id: string }; Body: { roles: Role[] } }>(
    '/accounts/:id/roles',
    { config: accounts('manage'), schema: { params: ACCOUNT_ID, body: object({ roles: ROLE_LIST }) } },
    async (request, reply) => {
      const target = await otherAccount(request, reply);
      if (!target) return reply;
      await db.write(STUDIO_LOCK, async (q) => {
        await setRoles(q, target.id, request.body.roles);
        await appendAudit(
          q,
          entry(request, 'account.roles', { target: target.email, before: { roles: target.roles }, after: { roles: request.body.roles } }),
          ctx.now(),
        );
      });
      return { id: target.id, roles: request.body.roles };
    },
  );

  app.put<{ Params: { id: string }; Body: { disabled: boolean } }>(
    '/accounts/:id/disabled',
    { config: accounts('manage'), schema: { params: ACCOUNT_ID, body: object({ disabled: { type: 'boolean' } }) } },
    async (request, reply) => {
      const target = await otherAccount(request, reply);
      if (!target) return reply;
      const { disabled } = request.body;
      await db.write(STUDIO_LOCK, async (q) => {
        await setDisabled(q, target.id, disabled);
        if (disabled) await closeSessionsOf(q, target.id);
        await appendAudit(
          q,
          entry(request, disabled ? 'account.disabled' : 'account.enabled', {
            target: target.email,
            before: { disabled: target.disabled },
            after: { disabled },
          }),
          ctx.now(),
        );
      });
      return { id: target.id, disabled };
    },
  );

  // Resetting another account's factors: they are removed (password, TOTP, recovery codes and
  // passkeys), its sessions end, and a new enrolment link goes to its e-mail address.
  app.post<{ Params: { id: string } }>(
    '/accounts/:id/reset-factors',
    { config: accounts('manage'), schema: { params: ACCOUNT_ID } },
    async (request, reply) => {
      const target = await otherAccount(request, reply);
      if (!target) return reply;
      const expires = await inviteByMail(ctx, target.email, target.roles, async (q, now) => {
        await clearFactors(q, target.id);
        await closeSessionsOf(q, target.id);
        await appendAudit(q, entry(request, 'factor.reset', { target: target.email }), now);
      });
      return { id: target.id, expires_at: expires };
    },
  );

  const AUDIT_QUERY = {
    type: 'object',
    additionalProperties: false,
    properties: {
      action: { type: 'string', maxLength: 60, pattern: '^[a-z.-]+$' },
      actor: { type: 'string', maxLength: 254 },
      from: { type: 'string', format: 'date-time' },
      to: { type: 'string', format: 'date-time' },
      before: { type: 'string', pattern: '^[0-9]{1,12}$' },
      limit: { type: 'string', pattern: '^[0-9]{1,4}$' },
    },
  } as const;
  type AuditQuery = { action?: string; actor?: string; from?: string; to?: string; before?: string; limit?: string };
  const filterOf = (query: AuditQuery, most: number): AuditFilter => ({
    action: query.action,
    actor: query.actor,
    from: query.from && new Date(query.from).toISOString(),
    to: query.to && new Date(query.to).toISOString(),
    before: query.before === undefined ? undefined : Number(query.before),
    limit: Math.min(most, Math.max(1, Number(query.limit ?? most))),
  });

  app.get<{ Querystring: AuditQuery }>(
    '/audit',
    { config: { access: { action: 'read', subject: 'Audit' } }, schema: { querystring: AUDIT_QUERY } },
    async (request) => listAudit(db.query, filterOf(request.query, 200)),
  );

  app.get<{ Querystring: AuditQuery }>(
    '/audit.csv',
    { config: { access: { action: 'export', subject: 'Audit' } }, schema: { querystring: AUDIT_QUERY } },
    async (request, reply) => {
      const filter = filterOf(request.query, 100_000);
      const rows = await listAudit(db.query, filter);
      await audit(db, entry(request, 'audit.export', { after: { rows: rows.length, ...request.query } }), ctx.now());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="studio-audit.csv"')
        .send(auditCsv(rows));
    },
  );
}
