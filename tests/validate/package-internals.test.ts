import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');

/** The messages of the project's ESLint config for `code` as a server file. */
async function lint(code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, 'server/probe.ts') });
  return result.messages.filter((message) => message.ruleId === 'local/no-package-internals').map((message) => message.message);
}

describe("no import of another package's private files (eslint.config.js)", () => {
  it('refuses a private file by import, export, dynamic import and a createRequire require', async () => {
    const messages = await lint(`
      import { createRequire } from 'node:module';
      import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
      export { thing } from 'some-package/dist/thing.js';
      const require = createRequire(import.meta.url);
      const RedisStore = require('@fastify/rate-limit/store/RedisStore.js');
      const lazy = await import('other-package/lib/internal.js');
      console.log(LocalStore, RedisStore, lazy);
    `);
    expect(messages).toEqual(
      [
        '@fastify/rate-limit/store/LocalStore.js',
        'some-package/dist/thing.js',
        '@fastify/rate-limit/store/RedisStore.js',
        'other-package/lib/internal.js',
      ].map((file) => `'${file}' is a private file of its package: import what the package exports.`),
    );
  });

  it('allows main entries, Node built-ins, relative paths and the subpaths packages publish', async () => {
    const messages = await lint(`
      import fastifyRateLimit from '@fastify/rate-limit';
      import { readFile } from 'node:fs/promises';
      import { createRoot } from 'react-dom/client';
      import { renderToString } from 'react-dom/server';
      import FieldTemplate from '@rjsf/fluentui-rc/lib/FieldTemplate/FieldTemplate.js';
      import { clientKey } from './render-budget';
      console.log(fastifyRateLimit, readFile, createRoot, renderToString, FieldTemplate, clientKey);
    `);
    expect(messages).toEqual([]);
  });
});
