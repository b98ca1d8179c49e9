import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One path grammar: domain/paths.ts reads the ':param' segments of a template, the trailing slash a
 * path keeps and the ':param' a source's query names, and calls React Router's path functions (ESLint
 * refuses those elsewhere). No other code of the site, the server, the scripts or the editor reads a
 * path by hand.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const OWNER = 'domain/paths.ts';
const FOLDERS = ['src', 'server', 'scripts', 'editor', 'domain'];

/** What reads a path by hand: a ':param' segment by its ':' or by a regex, or a path's trailing slash. */
const READS_A_PATH: ReadonlyArray<[string, RegExp]> = [
  ["a segment's leading ':'", /startsWith\(\s*['"`]:['"`]\s*\)/],
  ["a ':param' regex", /:\(?\[?\\w/],
  ['a trailing slash', /endsWith\(\s*['"`]\/['"`]\s*\)/],
];

/** The code of a file without its comments (which may well name what they explain). */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'generated' || entry.name === 'node_modules' ? [] : sourceFiles(file);
    return /\.(tsx?|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('one path grammar', () => {
  const files = FOLDERS.flatMap(sourceFiles);

  it('is read in domain/paths.ts only', () => {
    expect(files).toContain(OWNER);
    const found = files
      .filter((file) => file !== OWNER)
      .flatMap((file) => {
        const code = withoutComments(readFileSync(path.join(ROOT, file), 'utf8'));
        return READS_A_PATH.filter(([, pattern]) => pattern.test(code)).map(([what]) => `${file}: ${what}`);
      });
    expect(found).toEqual([]);
  });

  it('finds each way of reading a path (the check is not blind)', () => {
    const owner = withoutComments(readFileSync(path.join(ROOT, OWNER), 'utf8'));
    expect(READS_A_PATH.filter(([, pattern]) => !pattern.test(owner)).map(([what]) => what)).toEqual(["a segment's leading ':'"]);
    expect(READS_A_PATH[0][1].test("segment.startsWith(':')")).toBe(true);
  });
});
