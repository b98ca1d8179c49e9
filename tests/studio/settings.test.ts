import { describe, expect, it } from 'vitest';
import { DEMO_STUDIO_SECRET_KEY, readSettings, SettingsError } from '../../server/settings';
import { PRODUCTION_SETTINGS } from '../server/helpers';

const PRODUCTION = {
  PUBLIC_URL: PRODUCTION_SETTINGS.publicUrl,
  PAYMENT_WEBHOOK_SECRET: PRODUCTION_SETTINGS.paymentSecret,
  PAYMENT_PROVIDER_URL: PRODUCTION_SETTINGS.paymentProviderUrl,
  SMTP_URL: PRODUCTION_SETTINGS.smtpUrl,
  MAIL_FROM: PRODUCTION_SETTINGS.mailFrom,
};

/** A key as `openssl rand -base64 32` prints one. */
const KEY = 'q83vEjRWeJq8zb7vASNFZ4mrze8BI0VniavN7wEjRWc=';
const STUDIO = { STUDIO_PORT: '8088', STUDIO_URL: 'https://studio.bantaydoc.example', STUDIO_SECRET_KEY: KEY };

const problemsOf = (env: Record<string, string>): string => {
  try {
    readSettings(env);
  } catch (error) {
    if (error instanceof SettingsError) return error.problems.join('\n');
    throw error;
  }
  return '';
};

describe('studio settings: STUDIO_PORT and STUDIO_URL', () => {
  it('runs no studio without STUDIO_PORT', () => {
    expect(readSettings(PRODUCTION)).toMatchObject({ studioPort: undefined, studioUrl: undefined });
  });

  it('refuses a production start with STUDIO_PORT but without an https STUDIO_URL of its own', () => {
    expect(problemsOf({ ...PRODUCTION, STUDIO_PORT: '8088' })).toMatch(/STUDIO_URL is required in production/);
    expect(problemsOf({ ...PRODUCTION, STUDIO_PORT: '8088', STUDIO_URL: 'http://studio.bantaydoc.example' })).toMatch(
      /STUDIO_URL must use https/,
    );
    expect(problemsOf({ ...PRODUCTION, STUDIO_PORT: '8088', STUDIO_URL: 'https://studio.bantaydoc.example/admin' })).toMatch(/origin only/);
    expect(problemsOf({ ...PRODUCTION, STUDIO_PORT: '8088', STUDIO_URL: PRODUCTION.PUBLIC_URL })).toMatch(/not the PUBLIC_URL/);
    expect(problemsOf({ ...PRODUCTION, STUDIO_PORT: '8080', STUDIO_URL: 'https://studio.bantaydoc.example' })).toMatch(
      /STUDIO_PORT must be/,
    );
    expect(readSettings({ ...PRODUCTION, ...STUDIO })).toMatchObject({
      studioPort: 8088,
      studioUrl: 'https://studio.bantaydoc.example',
    });
  });

  it('gives the demo a studio address of its own port', () => {
    // Browsers refuse passkeys on an IP address: the demo's studio is at localhost.
    expect(readSettings({ DEMO: '1', STUDIO_PORT: '8088' })).toMatchObject({ studioUrl: 'http://localhost:8088' });
  });

  it('limits sign-in attempts 5 an account and 20 a client unless set, and refuses a limit that is no count', () => {
    expect(readSettings(PRODUCTION)).toMatchObject({ studioSignInLimits: { perAccount: 5, perClient: 20 } });
    expect(readSettings({ ...PRODUCTION, STUDIO_ACCOUNT_SIGN_IN_LIMIT: '3', STUDIO_SIGN_IN_LIMIT: '50' })).toMatchObject({
      studioSignInLimits: { perAccount: 3, perClient: 50 },
    });
    expect(problemsOf({ ...PRODUCTION, STUDIO_SIGN_IN_LIMIT: '0' })).toMatch(/STUDIO_SIGN_IN_LIMIT/);
    expect(problemsOf({ ...PRODUCTION, STUDIO_ACCOUNT_SIGN_IN_LIMIT: 'many' })).toMatch(/STUDIO_ACCOUNT_SIGN_IN_LIMIT/);
  });
});

describe('studio settings: STUDIO_SECRET_KEY, the key of the TOTP secrets at rest', () => {
  it('refuses a production start of the studio without a key, or with a weak one, naming the setting', () => {
    const { STUDIO_SECRET_KEY: _, ...withoutKey } = STUDIO;
    expect(problemsOf({ ...PRODUCTION, ...withoutKey })).toMatch(/STUDIO_SECRET_KEY is required in production when STUDIO_PORT is set/);
    const weak = {
      'too short': Buffer.alloc(16, 7).toString('base64'),
      'too long': Buffer.from(KEY + KEY).toString('base64'),
      hex: 'ab'.repeat(32),
      'with a newline': `${KEY}\n`,
      'not base64': '#'.repeat(43) + '=',
    };
    for (const [why, key] of Object.entries(weak)) {
      expect(problemsOf({ ...PRODUCTION, ...STUDIO, STUDIO_SECRET_KEY: key }), why).toMatch(
        /STUDIO_SECRET_KEY must be 32 random bytes in base64/,
      );
    }
    expect(problemsOf({ ...PRODUCTION, ...STUDIO, STUDIO_SECRET_KEY: Buffer.alloc(32, 0).toString('base64') })).toMatch(
      /STUDIO_SECRET_KEY is a placeholder/,
    );
    expect(problemsOf({ ...PRODUCTION, ...STUDIO, STUDIO_SECRET_KEY: Buffer.alloc(32, 0xab).toString('base64') })).toMatch(
      /STUDIO_SECRET_KEY is a placeholder/,
    );
    expect(problemsOf({ ...PRODUCTION, ...STUDIO, STUDIO_SECRET_KEY: Buffer.from('abcd'.repeat(8)).toString('base64') })).toMatch(
      /STUDIO_SECRET_KEY is a placeholder/,
    );
    expect(problemsOf({ ...PRODUCTION, ...STUDIO, STUDIO_SECRET_KEY: DEMO_STUDIO_SECRET_KEY })).toMatch(
      /STUDIO_SECRET_KEY is the demo's key/,
    );
    expect(readSettings({ ...PRODUCTION, ...STUDIO }).studioSecretKeys).toEqual({ current: Buffer.from(KEY, 'base64') });
  });

  it('takes the previous key of a rotation, checked as the key is', () => {
    const previous = Buffer.from(Array.from({ length: 32 }, (_, i) => i)).toString('base64');
    expect(readSettings({ ...PRODUCTION, ...STUDIO, STUDIO_SECRET_KEY_PREVIOUS: previous }).studioSecretKeys).toEqual({
      current: Buffer.from(KEY, 'base64'),
      previous: Buffer.from(previous, 'base64'),
    });
    expect(problemsOf({ ...PRODUCTION, ...STUDIO, STUDIO_SECRET_KEY_PREVIOUS: 'old' })).toMatch(
      /STUDIO_SECRET_KEY_PREVIOUS must be 32 random bytes/,
    );
    expect(problemsOf({ ...PRODUCTION, ...STUDIO, STUDIO_SECRET_KEY_PREVIOUS: KEY })).toMatch(
      /STUDIO_SECRET_KEY_PREVIOUS must be the old key/,
    );
    expect(problemsOf({ ...PRODUCTION, STUDIO_SECRET_KEY_PREVIOUS: previous })).toMatch(
      /STUDIO_SECRET_KEY_PREVIOUS is set without STUDIO_SECRET_KEY/,
    );
  });

  it('needs no key without the studio, and gives the demo its documented key unless one is set', () => {
    expect(readSettings(PRODUCTION).studioSecretKeys).toBeUndefined();
    expect(readSettings({ DEMO: '1', STUDIO_PORT: '8088' }).studioSecretKeys).toEqual({
      current: Buffer.from(DEMO_STUDIO_SECRET_KEY, 'base64'),
    });
    expect(readSettings({ DEMO: '1', STUDIO_PORT: '8088', STUDIO_SECRET_KEY: KEY }).studioSecretKeys).toEqual({
      current: Buffer.from(KEY, 'base64'),
    });
    expect(problemsOf({ DEMO: '1', STUDIO_PORT: '8088', STUDIO_SECRET_KEY: 'short' })).toMatch(/STUDIO_SECRET_KEY must be/);
  });
});
