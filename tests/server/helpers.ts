import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { generate } from '../../scripts/lib/generate/run';
import { buildServer, type BuildOptions } from '../../server/app';
import { OrderStore } from '../../server/shop/store';

const ROOT = resolve(__dirname, '../..');

export const PRODUCT = { name: 'Bantay Doc', short: 'bantaydoc' };

export function tempDir(prefix = 'telmed-server-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A server on a fresh temp data dir; `cleanup` closes it and removes the directories it created. */
export async function startServer(options: Partial<BuildOptions> = {}) {
  const dataDir = options.dataDir ?? tempDir();
  const app = await buildServer({ demo: true, product: PRODUCT, ...options, dataDir });
  return {
    app,
    dataDir,
    async cleanup() {
      await app.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function getJson(app: FastifyInstance, url: string) {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, headers: response.headers, body: response.json() as unknown };
}

export type Items = Array<Record<string, unknown>>;

/**
 * A standard-checkout billing as the site sends it (spec section 3): the fields of forms/billing.json
 * without its client-only confirmations (confirm_email, agree), which the browser checks.
 */
export const BILLING_FORM: Readonly<Record<string, unknown>> = {
  country: 'PH',
  first_name: 'Maria',
  last_name: 'Santos',
  address1: '12 Rizal Street',
  city: 'Makati',
  state: 'Metro Manila',
  zip: '1200',
  phone_number: '09171234567',
  email: 'maria@example.com',
  birthdate: '1990-05-01',
  sex: 'female',
};

/**
 * A demo server for a test file's shop tests (schemas generated first, the clock given), with its
 * order store; started before the file's tests and closed after them.
 */
export function useShopServer(now: () => Date): { app: FastifyInstance; store: OrderStore } {
  const shop = {} as { app: FastifyInstance; store: OrderStore };
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    await generate(ROOT);
    const started = await startServer({ now, formRateLimit: 1000 });
    shop.app = started.app;
    shop.store = new OrderStore(started.app.ctx.db);
    cleanup = started.cleanup;
  });
  afterAll(async () => cleanup?.());
  return shop;
}
