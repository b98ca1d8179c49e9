import type { FastifyBaseLogger } from 'fastify';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDraftApis, SCRATCH_PREFIX } from '../../server/preview/apis';
import { PRODUCT } from './helpers';

/** The preview APIs' scratch folders (server/preview/apis.ts): a process killed outright leaves its own behind. */

describe('preview API scratch folders', () => {
  it("removes those of a process that ended, and keeps a running process's", async () => {
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    const left = mkdtempSync(join(tmpdir(), SCRATCH_PREFIX));
    writeFileSync(join(left, 'owner'), String(ended));
    const live = mkdtempSync(join(tmpdir(), SCRATCH_PREFIX));
    writeFileSync(join(live, 'owner'), String(process.pid));
    const apis = createDraftApis({
      build: () => Promise.reject(new Error('not started in this test')),
      root: resolve(__dirname, '../..'),
      demo: true,
      product: PRODUCT,
      now: () => new Date(),
      log: { warn: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger,
    });
    try {
      expect(existsSync(left)).toBe(false);
      expect(existsSync(live)).toBe(true);
    } finally {
      await apis.close();
      rmSync(live, { recursive: true, force: true });
    }
  });
});
