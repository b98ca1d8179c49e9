import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { withoutDependencyMaps } from '../../scripts/lib/editor/plugin';
import { importedNames, SLIMMED_PACKAGES, slimBarrel, slimFluentEntries } from '../../scripts/lib/editor/slim-entries';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'slim-entries-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(file: string, text: string): string {
  const full = path.join(dir, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  return full;
}

/** The names a module's `export { … } from` lines give (what the optimiser would see of a slim entry). */
const exportedBy = (source: string) =>
  new Set([...source.matchAll(/export\s*\{([^}]*)\}/g)].flatMap(([, list]) => list.split(',').map((name) => name.trim())).filter(Boolean));

describe('the names a package is imported for', () => {
  it('reads named imports and re-exports, over lines, with aliases and comments, and no types', () => {
    write('a/src/one.tsx', `import { Alpha, Beta as B } from '@x/icons';\nimport type { Gamma } from "@x/icons";\n`);
    write(
      'a/src/two.js',
      `import {\n  Delta, // a comment\n  /* another */ type Epsilon,\n} from '@x/icons';\nexport { Zeta } from '@x/icons';\n`,
    );
    write('a/src/other.ts', `import { Eta } from '@x/icons-extra';\nimport { Theta } from '@x/parts';\n`);
    write('a/src/nested/node_modules/pkg/index.js', `import { Skipped } from '@x/icons';\n`);
    const names = importedNames(path.join(dir, 'a'), ['@x/icons', '@x/parts'], ['src']);
    expect([...names.get('@x/icons')!].sort()).toEqual(['Alpha', 'Beta', 'Delta', 'Zeta']);
    expect([...names.get('@x/parts')!]).toEqual(['Theta']);
  });

  it('leaves out a package imported whole: its entry is kept as it is', () => {
    write('b/src/star.ts', `import * as Icons from '@x/icons';\nimport { Theta } from '@x/parts';\n`);
    const names = importedNames(path.join(dir, 'b'), ['@x/icons', '@x/parts'], ['src']);
    expect(names.has('@x/icons')).toBe(false);
    expect([...names.get('@x/parts')!]).toEqual(['Theta']);
  });
});

describe('a slim barrel', () => {
  it('keeps the wanted names of export lists and of constant-only chunks, and other export-alls whole', () => {
    write(
      'c/lib/chunk-0.js',
      `import { make } from './make.js';\nexport const AlphaIcon = make('a');\nexport const BetaIcon = make('b');\n`,
    );
    write('c/lib/chunk-1.js', `export const GammaIcon = 1;\n`);
    write('c/lib/helpers.js', `export const helper = 1;\nexport function other() {}\n`);
    const index = write(
      'c/lib/index.js',
      [
        '// Utilities',
        `export { makeStyles, mergeClasses, /* old */ shorthands } from "@griffel/react";`,
        `export {\n  Button,\n  // eslint-disable-next-line\n  buttonClassNames, ButtonProps } from '@x/button';`,
        `export { Unused } from '@x/unused';`,
        `export * from './chunk-0.js';`,
        `export * from './chunk-1.js';`,
        `export * from './helpers.js';`,
      ].join('\n'),
    );
    const slim = slimBarrel(index, new Set(['makeStyles', 'Button', 'AlphaIcon', 'helper']));
    expect(slim.split('\n')).toEqual([
      `export { makeStyles } from "@griffel/react";`,
      `export { Button } from '@x/button';`,
      `export { AlphaIcon } from './chunk-0.js';`,
      `export * from './helpers.js';`,
    ]);
  });

  it.each(SLIMMED_PACKAGES)('of %s exports every name the project and its Fluent packages import', (name) => {
    const wanted = importedNames(REPO, [name]).get(name)!;
    expect(wanted.size).toBeGreaterThan(5);
    const slim = slimBarrel(path.join(REPO, 'node_modules', name, 'lib/index.js'), wanted);
    const exported = exportedBy(slim);
    const missing = [...wanted].filter((item) => !exported.has(item) && !slim.includes('export * from'));
    expect(missing).toEqual([]);
    // And it is a small part of the whole.
    expect(exported.size).toBeLessThan(wanted.size + 50);
  });

  it('is what the optimiser gets for the two entries, and nothing else is touched', () => {
    const plugin = slimFluentEntries(REPO);
    const load = plugin.load as (id: string) => string | null;
    const icons = load.call({}, path.join(REPO, 'node_modules/@fluentui/react-icons/lib/index.js'));
    expect(icons).toContain("from './sizedIcons/");
    expect(icons!.length).toBeLessThan(20_000);
    expect(load.call({}, path.join(REPO, 'node_modules/@fluentui/react-components/lib/index.js'))).toContain('FluentProvider');
    expect(load.call({}, path.join(REPO, 'node_modules/react/index.js'))).toBeNull();
  });
});

describe('dependencies served by the editor', () => {
  it('carry no source map, and the project’s own modules keep theirs', () => {
    const transform = withoutDependencyMaps().transform as (code: string, id: string) => unknown;
    expect(transform.call({}, 'code', '/repo/node_modules/.vite-edit/deps/lib-x.js')).toEqual({ code: 'code', map: { mappings: '' } });
    expect(transform.call({}, 'code', '/repo/src/app/Shell.tsx')).toBeUndefined();
  });
});
