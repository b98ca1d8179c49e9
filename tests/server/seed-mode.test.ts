import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../scripts/lib/generate/run';
import { one, openDatabase, run, sql, type Db } from '../../server/db';
import { SettingsError, readSettings } from '../../server/settings';
import { databaseUrlFor, dropDatabaseOf, PRODUCTION_SETTINGS, startServer, tempDir } from './helpers';

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
afterAll(async () => {
  for (const dir of dirs) {
    rmSync(dir, { recursive: true, force: true });
    await dropDatabaseOf(dir);
  }
});

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

/** `work` on the database of `dataDir`, opened as a server opens it (while no server runs on it). */
async function onDatabase<T>(dataDir: string, work: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDatabase({ dataDir, databaseUrl: await databaseUrlFor(dataDir) });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

const seededMode = (dataDir: string) =>
  onDatabase(dataDir, async (db) => (await one<{ value: string }>(db.query, sql`SELECT value FROM meta WHERE key = 'seed_mode'`))?.value);

describe('the seed mode of a database', () => {
  it('a production start refuses a database the demo seeded, with what to do', async () => {
    const dataDir = newDir();
    expect(await start(dataDir, true)).toBe('ok');
    expect(await seededMode(dataDir)).toBe('demo');
    const refusal = await start(dataDir, false);
    expect(refusal).toContain('was seeded by the demo (npm start)');
    expect(refusal).toContain('Start production on its own data folder');
    // Refused before anything was served: the demo still starts on it.
    expect(await start(dataDir, true)).toBe('ok');
  });

  it('the demo refuses a production database', async () => {
    const dataDir = newDir();
    expect(await start(dataDir, false)).toBe('ok');
    expect(await seededMode(dataDir)).toBe('production');
    expect(await start(dataDir, true)).toContain('is a production database');
    expect(await start(dataDir, false)).toBe('ok');
  });

  it('a database of an earlier version is judged by the demo keys every demo start seeded', async () => {
    const demoDir = newDir();
    const productionDir = newDir();
    expect(await start(demoDir, true)).toBe('ok');
    expect(await start(productionDir, false)).toBe('ok');
    for (const dir of [demoDir, productionDir]) {
      await onDatabase(dir, (db) => run(db.query, sql`DELETE FROM meta WHERE key = 'seed_mode'`));
    }
    expect(await start(demoDir, false)).toContain('was seeded by the demo');
    expect(await seededMode(demoDir)).toBe('demo');
    expect(await start(productionDir, false)).toBe('ok');
    expect(await seededMode(productionDir)).toBe('production');
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
