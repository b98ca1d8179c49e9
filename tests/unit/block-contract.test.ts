import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BlockHooks } from '../../src/blocks/types';

/**
 * A block tells the engine what it needs in one typed object, `export const block: BlockHooks<type>`
 * (src/blocks/types.ts). A misspelt hook is a type error (the type-check of `npm test` runs over this
 * file), and no block exports a hook under its old loose name, which the engine would never read.
 */
const BLOCKS = path.resolve(__dirname, '../../src/blocks');
const HOOKS = ['preload', 'sources', 'canonicalParams', 'itemRequired', 'needsScript', 'searchParams'] as const;

describe('the block contract', () => {
  it('refuses a misspelt hook at compile time', () => {
    // @ts-expect-error: 'needScript' is not a hook (needsScript is): tsc fails if this ever compiles.
    const misspelt: BlockHooks<'form'> = { needScript: true };
    const right: BlockHooks<'form'> = { needsScript: true };
    expect([misspelt, right]).toHaveLength(2);
  });

  it('has no block exporting a hook on its own, outside its `block` object', () => {
    for (const type of readdirSync(BLOCKS, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
      const file = path.join(BLOCKS, type.name, 'index.tsx');
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        continue;
      }
      for (const hook of HOOKS) {
        expect(text, `${type.name}/index.tsx exports '${hook}' loose: put it in \`export const block\``).not.toMatch(
          new RegExp(`export (async )?(function|const|let) ${hook}\\b`),
        );
      }
    }
  });
});
