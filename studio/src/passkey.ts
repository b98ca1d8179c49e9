import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import TEXTS from '../texts.json';
import { ApiError, post } from './api';

/**
 * Passkeys in the browser (@simplewebauthn/browser): the studio asks the API for options (a
 * challenge it keeps), lets the browser's passkey prompt answer them, and sends the answer back.
 * The API checks everything; a refusal comes back in its words.
 */

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

/** Signs in with any passkey of the studio (the passkey names the account); answers what the sign-in route answers. */
export async function signInWithPasskey<T>(): Promise<T> {
  const optionsJSON = await post<PublicKeyCredentialRequestOptionsJSON>('/sign-in/passkey/options');
  return post<T>('/sign-in/passkey', await startAuthentication({ optionsJSON }));
}

/**
 * Makes a new passkey: options from `optionsPath` (with `optionsBody`), then the browser's answer
 * sent to `finishPath` with `finishBody`.
 */
export async function createPasskey<T>(optionsPath: string, optionsBody: object, finishPath: string, finishBody: object): Promise<T> {
  const optionsJSON = await post<PublicKeyCredentialCreationOptionsJSON>(optionsPath, optionsBody);
  return post<T>(finishPath, { ...finishBody, response: await startRegistration({ optionsJSON }) });
}

/** The words of a passkey that failed: the API's refusal, a device that has one already, or a prompt closed. */
export function passkeyFailureText(failure: unknown): string {
  if (failure instanceof ApiError) return failure.message;
  if (failure instanceof WebAuthnError && failure.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return TEXTS.passkey.known;
  if (failure instanceof Error && (failure instanceof WebAuthnError || /^(NotAllowed|Abort|Security)Error$/.test(failure.name))) {
    return TEXTS.passkey.cancelled;
  }
  return TEXTS.errors.server;
}
