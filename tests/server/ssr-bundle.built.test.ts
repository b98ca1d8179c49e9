import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server bundle (dist/.ssr, `vite build --ssr`) is a production build whatever the server's
 * environment: React picks its build by process.env.NODE_ENV when it loads, and the server never
 * sets it, so a bundle that still asks renders every page with React's development build.
 */

const SSR_DIR = join('dist', '.ssr');
const scripts = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? scripts(join(dir, entry.name)) : entry.name.endsWith('.js') ? [join(dir, entry.name)] : [],
  );

describe('the server bundle', () => {
  it("holds React's production build and never asks NODE_ENV", () => {
    const files = scripts(SSR_DIR);
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toContain('process.env.NODE_ENV');
      // Names only React's development build has: its JSX checks and its warnings about DOM props.
      expect(text, file).not.toMatch(/\bjsxDEV\b|warnUnknownProperties/);
    }
  });
});
