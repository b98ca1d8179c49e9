import { describe, expect, it } from 'vitest';
import { readSettings, SettingsError } from '../../server/settings';
import { PRODUCTION_SETTINGS } from '../server/helpers';

const PRODUCTION = {
  PUBLIC_URL: PRODUCTION_SETTINGS.publicUrl,
  PAYMENT_WEBHOOK_SECRET: PRODUCTION_SETTINGS.paymentSecret,
  PAYMENT_PROVIDER_URL: PRODUCTION_SETTINGS.paymentProviderUrl,
  SMTP_URL: PRODUCTION_SETTINGS.smtpUrl,
  MAIL_FROM: PRODUCTION_SETTINGS.mailFrom,
};

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
    expect(readSettings({ ...PRODUCTION, STUDIO_PORT: '8088', STUDIO_URL: 'https://studio.bantaydoc.example' })).toMatchObject({
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
