import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server renders a page from its path and only the query parameters its blocks declare
 * (`searchParams` export, src/engine/registry.ts), and caches it under that key. A block that read
 * another parameter would get a page rendered without it (and the browser would disagree on
 * hydration), so reading the query is confined to blocks that declare what they read.
 */

const SRC = path.resolve(import.meta.dirname, '../../src');
/** What reads the query of the page's address. */
const READS_QUERY = /\buseSearchParams\b|\blocation\.search\b|\{[^}]*\bsearch\b[^}]*\}\s*=\s*useLocation\(/;
/**
 * Code outside blocks that may touch the query: the server entry (it computes the key), the router's
 * trailing-slash redirect, which passes the query on unread (the server answers that URL with a 301
 * and caches nothing), and the keeper of scroll positions, which names a history entry by its
 * address (it renders nothing from it).
 */
const ALLOWED = new Set(['app/entry-server.tsx', 'app/router.tsx', 'app/keep-place.ts']);

/** The code of a file without its comments (which may well name what they explain). */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('reading the query of the address', () => {
  const readers = sourceFiles(SRC)
    .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
    .filter((file) => READS_QUERY.test(withoutComments(readFileSync(path.join(SRC, file), 'utf8'))));

  it('the pattern finds the one block known to read it (the payment result)', () => {
    expect(readers).toContain('blocks/paymentResult/index.tsx');
  });

  it('happens only in blocks that list the parameters they read', async () => {
    for (const file of readers.filter((reader) => !ALLOWED.has(reader))) {
      const block = /^blocks\/(\w+)\//.exec(file)?.[1];
      expect(block, `${file} reads the query but is not a block: move it into a block that declares searchParams`).toBeDefined();
      const module = (await import(path.join(SRC, 'blocks', block!, 'index.tsx'))) as { block?: { searchParams?: readonly string[] } };
      expect(
        module.block?.searchParams?.length,
        `src/blocks/${block}/index.tsx reads the query: list the names it reads in its block's searchParams`,
      ).toBeGreaterThan(0);
    }
  });

  it("the payment result's status is declared", async () => {
    const { block } = await import('../../src/blocks/paymentResult/index');
    expect(block.searchParams).toEqual(['status']);
  });
});
