import { all, one, run, sql, type Queryable } from '../db';
import { isRole, type Role } from './rights';
import { randomToken, tokenHash } from './factors';
import { openSecret, sealSecret, type Opened, type SecretKeys } from './secret-box';

/**
 * The studio's accounts, sessions and enrolment links in the database (tables of migration
 * 0010-studio-accounts). Session ids and link tokens are random 32-byte values handed out once; the
 * database keeps only their SHA-256.
 */

export interface Account {
  id: number;
  email: string;
  roles: Role[];
  disabled: boolean;
  password_hash: string | null;
  /** The TOTP secret sealed (secret-box.ts; plain base32 in a row written before that): open it with accountTotpSecret. */
  totp_secret: string | null;
  totp_last_step: number | null;
  recovery_codes: string[];
  created_at: string;
  /** The WebAuthn user handle of its passkeys (base64url), set by its first one. */
  webauthn_user_id: string | null;
}

interface AccountRow extends Omit<Account, 'roles' | 'disabled' | 'recovery_codes'> {
  roles: string;
  disabled: number;
  recovery_codes: string;
}

const parsed = (row: AccountRow | undefined): Account | undefined =>
  row && {
    ...row,
    id: Number(row.id),
    totp_last_step: row.totp_last_step === null ? null : Number(row.totp_last_step),
    roles: (JSON.parse(row.roles) as unknown[]).filter(isRole),
    disabled: Number(row.disabled) === 1,
    recovery_codes: JSON.parse(row.recovery_codes) as string[],
  };

/** An e-mail as accounts are keyed: trimmed, lower case. */
export const accountEmail = (email: string): string => email.trim().toLowerCase();

export async function accountByEmail(q: Queryable, email: string): Promise<Account | undefined> {
  return parsed(await one<AccountRow>(q, sql`SELECT * FROM studio_accounts WHERE email = ${accountEmail(email)}`));
}

export async function accountById(q: Queryable, id: number): Promise<Account | undefined> {
  return parsed(await one<AccountRow>(q, sql`SELECT * FROM studio_accounts WHERE id = ${id}`));
}

export async function listAccounts(q: Queryable): Promise<Account[]> {
  return (await all<AccountRow>(q, sql`SELECT * FROM studio_accounts ORDER BY email`)).map((row) => parsed(row)!);
}

/** What the TOTP secret of account `id` is sealed for: a value copied to another row does not open. */
const accountContext = (id: number): string => `studio_accounts:${id}`;

/** The TOTP secret of an account opened (secret-box.ts); `current: false` asks for sealing it again. */
export const accountTotpSecret = (keys: SecretKeys, account: Pick<Account, 'id' | 'totp_secret'>): Opened =>
  account.totp_secret === null ? { ok: false } : openSecret(keys, account.totp_secret, accountContext(account.id));

/** Stores the TOTP secret of account `id`, sealed with the current key. */
export async function storeTotpSecret(q: Queryable, keys: SecretKeys, id: number, secret: string): Promise<void> {
  await run(q, sql`UPDATE studio_accounts SET totp_secret = ${sealSecret(keys, secret, accountContext(id))} WHERE id = ${id}`);
}

/** Creates an account with its factors (the TOTP secret sealed for its id, known once inserted); returns its id. */
export async function createAccount(
  q: Queryable,
  keys: SecretKeys,
  account: { email: string; roles: readonly Role[]; passwordHash: string; totpSecret: string; totpStep: number; recoveryHashes: string[] },
  now: Date,
): Promise<number> {
  const row = await one<{ id: number }>(
    q,
    sql`INSERT INTO studio_accounts (email, roles, password_hash, totp_last_step, recovery_codes, created_at)
        VALUES (${accountEmail(account.email)}, ${JSON.stringify(account.roles)}, ${account.passwordHash},
          ${account.totpStep}, ${JSON.stringify(account.recoveryHashes)}, ${now.toISOString()})
        RETURNING id`,
  );
  const id = Number(row!.id);
  await storeTotpSecret(q, keys, id, account.totpSecret);
  return id;
}

/** Whether an account has the password factor: a password with its TOTP second factor. */
export const hasPasswordFactor = (account: Pick<Account, 'password_hash' | 'totp_secret'>): boolean =>
  account.password_hash !== null && account.totp_secret !== null;

/** Creates an account with no password, whose factor is the passkey added next (passkeys.ts); returns its id. */
export async function createPasskeyAccount(
  q: Queryable,
  account: { email: string; roles: readonly Role[]; userHandle: string },
  now: Date,
): Promise<number> {
  const row = await one<{ id: number }>(
    q,
    sql`INSERT INTO studio_accounts (email, roles, webauthn_user_id, created_at)
        VALUES (${accountEmail(account.email)}, ${JSON.stringify(account.roles)}, ${account.userHandle}, ${now.toISOString()})
        RETURNING id`,
  );
  return Number(row!.id);
}

/** Gives an existing account new factors (after an admin reset them). */
export async function setFactors(
  q: Queryable,
  keys: SecretKeys,
  id: number,
  factors: { passwordHash: string; totpSecret: string; totpStep: number; recoveryHashes: string[] },
): Promise<void> {
  await run(
    q,
    sql`UPDATE studio_accounts SET password_hash = ${factors.passwordHash}, totp_secret = ${sealSecret(keys, factors.totpSecret, accountContext(id))},
          totp_last_step = ${factors.totpStep}, recovery_codes = ${JSON.stringify(factors.recoveryHashes)} WHERE id = ${id}`,
  );
}

/** Removes every factor of an account, its passkeys too: it cannot sign in until it enrols again. */
export async function clearFactors(q: Queryable, id: number): Promise<void> {
  await run(
    q,
    sql`UPDATE studio_accounts SET password_hash = NULL, totp_secret = NULL, totp_last_step = NULL, recovery_codes = '[]' WHERE id = ${id}`,
  );
  await run(q, sql`DELETE FROM studio_passkeys WHERE account_id = ${id}`);
  await run(q, sql`DELETE FROM studio_webauthn_challenges WHERE account_id = ${id}`);
}

export async function setRoles(q: Queryable, id: number, roles: readonly Role[]): Promise<void> {
  await run(q, sql`UPDATE studio_accounts SET roles = ${JSON.stringify(roles)} WHERE id = ${id}`);
}

export async function setDisabled(q: Queryable, id: number, disabled: boolean): Promise<void> {
  await run(q, sql`UPDATE studio_accounts SET disabled = ${disabled ? 1 : 0} WHERE id = ${id}`);
}

/** Records the TOTP step just used (a code signs in once) or the recovery codes left. */
export async function recordFactorUse(q: Queryable, id: number, use: { totpStep: number } | { recoveryHashes: string[] }): Promise<void> {
  if ('totpStep' in use) await run(q, sql`UPDATE studio_accounts SET totp_last_step = ${use.totpStep} WHERE id = ${id}`);
  else await run(q, sql`UPDATE studio_accounts SET recovery_codes = ${JSON.stringify(use.recoveryHashes)} WHERE id = ${id}`);
}

// Sessions.

/** The session id a Cookie header carries under `name`, when it has the form of one (32 random bytes, base64url). */
export function sessionIdOf(cookieHeader: string | undefined, name: string): string | undefined {
  if (typeof cookieHeader !== 'string') return undefined;
  for (const part of cookieHeader.split(';')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === name) return value !== undefined && /^[\w-]{43}$/.test(value) ? value : undefined;
  }
  return undefined;
}

export interface Session {
  account_id: number;
  created_at: string;
  last_seen_at: string;
}

/** Opens a session for an account; returns the id for the cookie (stored only as its hash). */
export async function openSession(q: Queryable, accountId: number, client: { ip: string; userAgent: string }, now: Date): Promise<string> {
  const id = randomToken();
  const at = now.toISOString();
  await run(
    q,
    sql`INSERT INTO studio_sessions (id_hash, account_id, created_at, last_seen_at, ip, user_agent)
        VALUES (${tokenHash(id)}, ${accountId}, ${at}, ${at}, ${client.ip}, ${client.userAgent.slice(0, 300)})`,
  );
  return id;
}

export async function sessionById(q: Queryable, id: string): Promise<Session | undefined> {
  const row = await one<Session>(q, sql`SELECT account_id, created_at, last_seen_at FROM studio_sessions WHERE id_hash = ${tokenHash(id)}`);
  return row && { ...row, account_id: Number(row.account_id) };
}

export async function touchSession(q: Queryable, id: string, now: Date): Promise<void> {
  await run(q, sql`UPDATE studio_sessions SET last_seen_at = ${now.toISOString()} WHERE id_hash = ${tokenHash(id)}`);
}

export async function closeSession(q: Queryable, id: string): Promise<void> {
  await run(q, sql`DELETE FROM studio_sessions WHERE id_hash = ${tokenHash(id)}`);
}

/** Ends every session of an account (sign out everywhere, a reset of its factors); returns how many. */
export async function closeSessionsOf(q: Queryable, accountId: number): Promise<number> {
  return run(q, sql`DELETE FROM studio_sessions WHERE account_id = ${accountId}`);
}

/** Removes sessions past their idle or absolute end. */
export async function closeExpiredSessions(q: Queryable, idleBefore: Date, createdBefore: Date): Promise<number> {
  return run(
    q,
    sql`DELETE FROM studio_sessions WHERE last_seen_at < ${idleBefore.toISOString()} OR created_at < ${createdBefore.toISOString()}`,
  );
}

// Enrolment links.

/** How long an enrolment link works. */
export const LINK_HOURS = 48;

export interface Invitation {
  email: string;
  roles: Role[];
  expires_at: string;
  used_at: string | null;
  /** The TOTP secret offered by the enrolment's start, sealed for this link (secret-box.ts). */
  totp_secret: string | null;
}

/** What the TOTP secret offered on a link is sealed for: the link's token hash. */
const invitationContext = (token: string): string => `studio_invitations:${tokenHash(token)}`;

/** Writes a single-use link for `email` with `roles`, valid LINK_HOURS; returns its token. */
export async function createInvitation(q: Queryable, email: string, roles: readonly Role[], now: Date): Promise<string> {
  const token = randomToken();
  await run(
    q,
    sql`INSERT INTO studio_invitations (token_hash, email, roles, created_at, expires_at)
        VALUES (${tokenHash(token)}, ${accountEmail(email)}, ${JSON.stringify(roles)}, ${now.toISOString()},
          ${new Date(now.getTime() + LINK_HOURS * 3_600_000).toISOString()})`,
  );
  return token;
}

/** The link of `token` when it is unused and not expired at `now`. */
export async function openInvitation(q: Queryable, token: string, now: Date): Promise<Invitation | undefined> {
  if (!/^[\w-]{20,100}$/.test(token)) return undefined;
  const row = await one<Omit<Invitation, 'roles'> & { roles: string }>(
    q,
    sql`SELECT email, roles, expires_at, used_at, totp_secret FROM studio_invitations
        WHERE token_hash = ${tokenHash(token)} AND used_at IS NULL AND expires_at > ${now.toISOString()}`,
  );
  return row && { ...row, roles: (JSON.parse(row.roles) as unknown[]).filter(isRole) };
}

/** Keeps the TOTP secret offered on the link of `token`, sealed for that link. */
export async function offerTotpSecret(q: Queryable, keys: SecretKeys, token: string, secret: string): Promise<void> {
  await run(
    q,
    sql`UPDATE studio_invitations SET totp_secret = ${sealSecret(keys, secret, invitationContext(token))} WHERE token_hash = ${tokenHash(token)}`,
  );
}

/** The TOTP secret offered on the link of `token`, opened. */
export const offeredTotpSecret = (keys: SecretKeys, token: string, link: Invitation): Opened =>
  link.totp_secret === null ? { ok: false } : openSecret(keys, link.totp_secret, invitationContext(token));

/** Marks the link used; false when it was used meanwhile (two tabs at once: one wins). */
export async function useInvitation(q: Queryable, token: string, now: Date): Promise<boolean> {
  return (
    (await run(
      q,
      sql`UPDATE studio_invitations SET used_at = ${now.toISOString()} WHERE token_hash = ${tokenHash(token)} AND used_at IS NULL`,
    )) === 1
  );
}

// What an admin sees of the accounts beside their own fields.

/** When each account last signed in (any way but a failed one), by e-mail, as the audit trail records it. */
export async function lastSignIns(q: Queryable): Promise<Map<string, string>> {
  const rows = await all<{ target: string; at: string }>(
    q,
    sql`SELECT target, MAX(at) AS at FROM studio_audit
        WHERE (action = 'sign-in' OR action LIKE 'sign-in.%') AND action <> 'sign-in.failed' AND target IS NOT NULL
        GROUP BY target`,
  );
  return new Map(rows.map((row) => [row.target, row.at]));
}

/** How many sessions each account has open at `now` (within their idle and absolute ends), by account id. */
export async function openSessionCounts(q: Queryable, idleBefore: Date, createdBefore: Date): Promise<Map<number, number>> {
  const rows = await all<{ account_id: number; sessions: number }>(
    q,
    sql`SELECT account_id, COUNT(*) AS sessions FROM studio_sessions
        WHERE last_seen_at >= ${idleBefore.toISOString()} AND created_at >= ${createdBefore.toISOString()}
        GROUP BY account_id`,
  );
  return new Map(rows.map((row) => [Number(row.account_id), Number(row.sessions)]));
}

/** An enrolment link not used yet and not expired (its token is never kept, so it cannot be shown). */
export interface OpenLink {
  email: string;
  roles: Role[];
  created_at: string;
  expires_at: string;
}

/** The links still usable at `now`, the newest of each e-mail, in the order of their e-mails. */
export async function openLinks(q: Queryable, now: Date): Promise<OpenLink[]> {
  const rows = await all<Omit<OpenLink, 'roles'> & { roles: string }>(
    q,
    sql`SELECT email, roles, created_at, expires_at FROM studio_invitations
        WHERE used_at IS NULL AND expires_at > ${now.toISOString()} ORDER BY email, created_at DESC`,
  );
  const newest = new Map<string, OpenLink>();
  for (const row of rows) {
    if (!newest.has(row.email)) newest.set(row.email, { ...row, roles: (JSON.parse(row.roles) as unknown[]).filter(isRole) });
  }
  return [...newest.values()];
}
