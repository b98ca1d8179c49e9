import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { randomBytes } from 'node:crypto';
import { all, one, run, sql, type Queryable } from '../db';

/**
 * Passkeys (WebAuthn, @simplewebauthn/server) of the studio's accounts, and the challenges handed
 * out for them (tables of migration 0011-studio-passkeys). The relying party is the studio: its ID
 * is STUDIO_URL's host name, the only origin it takes is STUDIO_URL. Every passkey is discoverable
 * (a resident key: sign-in needs no e-mail) and every use asks for user verification (a PIN, a
 * fingerprint): a passkey is a factor of its own. Challenges live in the database, not in a
 * process, so that any instance checks the answer; each is used once and lasts 5 minutes.
 */

/** How long a challenge may be answered (and the browser's prompt waits). */
export const CHALLENGE_MS = 5 * 60_000;
/** The longest name a person gives a passkey. */
export const MAX_PASSKEY_NAME = 60;

interface RelyingParty {
  /** The RP ID: STUDIO_URL's host name. */
  id: string;
  /** The name the browser shows in its prompt. */
  name: string;
  /** The origin an answer must come from: STUDIO_URL. */
  origin: string;
}

export const relyingParty = (studioUrl: string, productName: string): RelyingParty => ({
  id: new URL(studioUrl).hostname,
  name: `${productName} studio`,
  origin: studioUrl,
});

const TRANSPORTS: readonly AuthenticatorTransportFuture[] = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'];
const isTransport = (value: unknown): value is AuthenticatorTransportFuture => TRANSPORTS.includes(value as AuthenticatorTransportFuture);

const bytes = (base64url: string): Uint8Array<ArrayBuffer> => Uint8Array.from(Buffer.from(base64url, 'base64url'));
const base64url = (data: Uint8Array): string => Buffer.from(data).toString('base64url');

/** A new WebAuthn user handle (64 random bits are plenty: it only tells an account's passkeys apart). */
export const newUserHandle = (): string => randomBytes(16).toString('base64url');

// Passkeys.

export interface Passkey {
  id: number;
  account_id: number;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: AuthenticatorTransportFuture[];
  name: string;
  created_at: string;
  last_used_at: string | null;
}

type PasskeyRow = Omit<Passkey, 'transports'> & { transports: string };

const parsed = (row: PasskeyRow): Passkey => ({
  ...row,
  id: Number(row.id),
  account_id: Number(row.account_id),
  counter: Number(row.counter),
  transports: (JSON.parse(row.transports) as unknown[]).filter(isTransport),
});

export async function passkeysOf(q: Queryable, accountId: number): Promise<Passkey[]> {
  return (await all<PasskeyRow>(q, sql`SELECT * FROM studio_passkeys WHERE account_id = ${accountId} ORDER BY id`)).map(parsed);
}

export async function passkeyByCredential(q: Queryable, credentialId: string): Promise<Passkey | undefined> {
  const row = await one<PasskeyRow>(q, sql`SELECT * FROM studio_passkeys WHERE credential_id = ${credentialId}`);
  return row && parsed(row);
}

/** How many passkeys each account has (the accounts' list). */
export async function passkeyCounts(q: Queryable): Promise<Map<number, number>> {
  const rows = await all<{ account_id: number; n: number }>(
    q,
    sql`SELECT account_id, count(*) AS n FROM studio_passkeys GROUP BY account_id`,
  );
  return new Map(rows.map((row) => [Number(row.account_id), Number(row.n)]));
}

/** A passkey just verified, as it is stored. */
export interface NewPasskey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: AuthenticatorTransportFuture[];
}

export async function addPasskey(q: Queryable, accountId: number, passkey: NewPasskey & { name: string }, now: Date): Promise<number> {
  const row = await one<{ id: number }>(
    q,
    sql`INSERT INTO studio_passkeys (account_id, credential_id, public_key, counter, transports, name, created_at)
        VALUES (${accountId}, ${passkey.credentialId}, ${passkey.publicKey}, ${passkey.counter},
          ${JSON.stringify(passkey.transports)}, ${passkey.name}, ${now.toISOString()})
        RETURNING id`,
  );
  return Number(row!.id);
}

/** Records a sign-in with a passkey: the counter it showed, and when. */
export async function recordPasskeyUse(q: Queryable, id: number, counter: number, now: Date): Promise<void> {
  await run(q, sql`UPDATE studio_passkeys SET counter = ${counter}, last_used_at = ${now.toISOString()} WHERE id = ${id}`);
}

export async function removePasskey(q: Queryable, accountId: number, id: number): Promise<boolean> {
  return (await run(q, sql`DELETE FROM studio_passkeys WHERE id = ${id} AND account_id = ${accountId}`)) === 1;
}

/** Gives an account its WebAuthn user handle, unless it has one. */
export async function setUserHandle(q: Queryable, accountId: number, handle: string): Promise<void> {
  await run(q, sql`UPDATE studio_accounts SET webauthn_user_id = ${handle} WHERE id = ${accountId} AND webauthn_user_id IS NULL`);
}

// Challenges.

type Purpose = 'sign-in' | 'register' | 'enrol';

/** What a challenge was handed out for. */
interface ChallengeFor {
  purpose: Purpose;
  /** 'register': the signed-in account adding a passkey. */
  accountId?: number;
  /** 'enrol': the SHA-256 of the enrolment link's token. */
  invitationHash?: string;
  /** 'register', 'enrol': the user handle the new passkey is made for. */
  userId?: string;
}

interface ChallengeRow {
  purpose: Purpose;
  account_id: number | null;
  invitation_hash: string | null;
  user_id: string | null;
  expires_at: string;
}

async function storeChallenge(q: Queryable, challenge: string, what: ChallengeFor, now: Date): Promise<void> {
  await run(q, sql`DELETE FROM studio_webauthn_challenges WHERE expires_at < ${now.toISOString()}`);
  await run(
    q,
    sql`INSERT INTO studio_webauthn_challenges (challenge, purpose, account_id, invitation_hash, user_id, expires_at)
        VALUES (${challenge}, ${what.purpose}, ${what.accountId ?? null}, ${what.invitationHash ?? null}, ${what.userId ?? null},
          ${new Date(now.getTime() + CHALLENGE_MS).toISOString()})`,
  );
}

/**
 * Takes the challenge an answer signed (from its clientDataJSON) when it was handed out for
 * `purpose` and has not expired: it is deleted whatever follows, so it answers once. Undefined for
 * a challenge never handed out, used already, expired, or of another purpose.
 */
export async function takeChallenge(
  q: Queryable,
  clientDataJSON: string,
  purpose: Purpose,
  now: Date,
): Promise<(ChallengeFor & { challenge: string }) | undefined> {
  const challenge = challengeOf(clientDataJSON);
  if (!challenge) return undefined;
  const row = await one<ChallengeRow>(
    q,
    sql`DELETE FROM studio_webauthn_challenges WHERE challenge = ${challenge} AND purpose = ${purpose}
        RETURNING purpose, account_id, invitation_hash, user_id, expires_at`,
  );
  if (!row || row.expires_at <= now.toISOString()) return undefined;
  return {
    challenge,
    purpose: row.purpose,
    accountId: row.account_id === null ? undefined : Number(row.account_id),
    invitationHash: row.invitation_hash ?? undefined,
    userId: row.user_id ?? undefined,
  };
}

/** The challenge a client data JSON (base64url) carries, when it looks like one of ours. */
function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const { challenge } = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof challenge === 'string' && /^[\w-]{16,128}$/.test(challenge) ? challenge : undefined;
  } catch {
    return undefined;
  }
}

// The ceremonies.

/** Options to sign in with any passkey of this studio (discoverable: no account named). */
export async function signInOptions(q: Queryable, rp: RelyingParty, now: Date): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout: CHALLENGE_MS });
  await storeChallenge(q, options.challenge, { purpose: 'sign-in' }, now);
  return options;
}

/** Options to make a new passkey for `email` (a resident key, verified), none of `existing` again. */
export async function registrationOptions(
  q: Queryable,
  rp: RelyingParty,
  user: { email: string; userId: string; existing: readonly Passkey[] },
  what: Omit<ChallengeFor, 'userId'>,
  now: Date,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.email,
    userID: bytes(user.userId),
    timeout: CHALLENGE_MS,
    attestationType: 'none',
    excludeCredentials: user.existing.map((passkey) => ({ id: passkey.credential_id, transports: passkey.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(q, options.challenge, { ...what, userId: user.userId }, now);
  return options;
}

/** The passkey a registration answer makes, when it answers `challenge` from our origin, verified; else undefined. */
export async function verifiedRegistration(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  challenge: string,
): Promise<NewPasskey | undefined> {
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!result?.verified) return undefined;
  const { credential } = result.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: base64url(credential.publicKey),
    counter: credential.counter,
    transports: (credential.transports ?? []).filter(isTransport).slice(0, TRANSPORTS.length),
  };
}

/** The counter a sign-in answer of `passkey` shows, when it signs `challenge` from our origin, verified; else undefined. */
export async function verifiedAuthentication(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: Passkey,
): Promise<number | undefined> {
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: passkey.credential_id,
      publicKey: bytes(passkey.public_key),
      counter: passkey.counter,
      transports: passkey.transports,
    },
  }).catch(() => undefined);
  return result?.verified ? result.authenticationInfo.newCounter : undefined;
}
