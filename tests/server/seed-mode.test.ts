import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../scripts/lib/generate/run';
import { openDatabase } from '../../server/db';
import { SettingsError, readSettings } from '../../server/settings';
import { PRODUCTION_SETTINGS, startServer, tempDir } from './helpers';

/**
 * A database remembers the mode it was seeded in: a production start refuses one the demo seeded
 * (its promo codes, keys and partners would be honoured), the demo refuses a production one, and
 * the two have different default data folders.
 */

const ROOT = resolve(__dirname, '../..');
const dirs: string[] = [];
const newDir = () => {
  const dir = tempDir('telmed-seed-mode-');
  dirs.push(dir);
  return dir;
};
beforeAll(async () => generate(ROOT));
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** What starting a server on `dataDir` in the given mode does: 'ok' or the refusal's message. */
async function start(dataDir: string, demo: boolean): Promise<string> {
  try {
    const server = await startServer({ dataDir, demo });
    await server.cleanup();
    return 'ok';
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError);
    return (error as SettingsError).problems.join('\n');
  }
}

const seededMode = (dataDir: string) => {
  const db = openDatabase(dataDir);
  try {
    return (db.prepare("SELECT value FROM meta WHERE key = 'seed_mode'").get() as { value: string } | undefined)?.value;
  } finally {
    db.close();
  }
};

describe('the seed mode of a database', () => {
  it('a production start refuses a database the demo seeded, with what to do', async () => {
    const dataDir = newDir();
    expect(await start(dataDir, true)).toBe('ok');
    expect(seededMode(dataDir)).toBe('demo');
    const refusal = await start(dataDir, false);
    expect(refusal).toContain('was seeded by the demo (npm start)');
    expect(refusal).toContain('Start production on its own data folder');
    // Refused before anything was served: the demo still starts on it.
    expect(await start(dataDir, true)).toBe('ok');
  });

  it('the demo refuses a production database', async () => {
    const dataDir = newDir();
    expect(await start(dataDir, false)).toBe('ok');
    expect(seededMode(dataDir)).toBe('production');
    expect(await start(dataDir, true)).toContain('is a production database');
    expect(await start(dataDir, false)).toBe('ok');
  });

  it('a database of an earlier version is judged by the demo keys every demo start seeded', async () => {
    const demoDir = newDir();
    const productionDir = newDir();
    expect(await start(demoDir, true)).toBe('ok');
    expect(await start(productionDir, false)).toBe('ok');
    for (const dir of [demoDir, productionDir]) {
      const db = openDatabase(dir);
      db.prepare("DELETE FROM meta WHERE key = 'seed_mode'").run();
      db.close();
    }
    expect(await start(demoDir, false)).toContain('was seeded by the demo');
    expect(seededMode(demoDir)).toBe('demo');
    expect(await start(productionDir, false)).toBe('ok');
    expect(seededMode(productionDir)).toBe('production');
  });

  it('the demo and production have different default data folders', () => {
    expect(readSettings({ DEMO: '1' }).dataDir).toBe(resolve('./data/demo'));
    const production = readSettings({
      PUBLIC_URL: 'https://www.bantaydoc.example',
      PAYMENT_WEBHOOK_SECRET: PRODUCTION_SETTINGS.paymentSecret,
      PAYMENT_PROVIDER_URL: 'https://pay.provider.example/payment-requests',
      SMTP_URL: 'smtp://smtp.example.com',
      MAIL_FROM: 'no-reply@bantaydoc.example',
    });
    expect(production.dataDir).toBe(resolve('./data'));
  });
});
