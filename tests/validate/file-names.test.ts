import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');

/**
 * The project's one file-naming rule (README, "File names"): a file that exports a React component
 * is named after it in PascalCase (`BillingFormCard.tsx`); every other file is kebab-case
 * (`cart-store.ts`, `rate-limit.test.ts`, `styles.css`). A block's folder is its type as the config
 * spells it (`src/blocks/planGrid/`), and its entry is `index.tsx`.
 */
const PASCAL = /^[A-Z][A-Za-z0-9]*$/;
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe('file names', () => {
  it('are PascalCase for component files and kebab-case for every other source file', () => {
    const files = execFileSync('git', ['ls-files', 'src', 'server', 'domain', 'scripts', 'tests'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((file) => /\.(ts|tsx|css|mjs)$/.test(file) && !file.startsWith('src/generated/') && !file.includes('/fixtures/'));
    expect(files.length).toBeGreaterThan(100);
    const wrong = files.filter((file) => {
      const stem = path.basename(file).split('.')[0];
      return !(KEBAB.test(stem) || (file.endsWith('.tsx') && PASCAL.test(stem)));
    });
    expect(wrong).toEqual([]);
  });
});
