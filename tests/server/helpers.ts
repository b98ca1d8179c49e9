import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer, type BuildOptions } from '../../server/app';

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
