import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { Rolldown } from 'vite';

/**
 * Fluent ships two barrels: `@fluentui/react-icons` (about 12,000 icons from one entry) and
 * `@fluentui/react-components` (every component). Vite's dependency optimiser keeps every export of
 * a package's entry, so the editor's first load carried 17 MB of icons and 2.5 MB of components, of
 * which it draws a few dozen. In the editor's dev server only, the optimiser gets entries for these
 * two that export just the names imported by the code that imports them: Fluent's own packages,
 * rjsf's Fluent theme, src/ and editor/. A production build is not concerned: it keeps what is used.
 */
export const SLIMMED_PACKAGES = ['@fluentui/react-icons', '@fluentui/react-components'] as const;

/** Where the importers of those packages are. */
const IMPORTER_DIRS = ['node_modules/@fluentui', 'node_modules/@rjsf/fluentui-rc/lib', 'src', 'editor'];
/** Folders of CommonJS copies, nested packages and the barrels themselves: never importers that count. */
const SKIPPED_DIRS = new Set(['node_modules', 'lib-commonjs', 'lib-amd', 'lib-cjs', 'react-icons', 'react-components']);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');

/** Every source file below `dir`. */
function* sourceFiles(dir: string): Generator<string> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* sourceFiles(file);
    } else if (/\.(?:js|mjs|ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      yield file;
    }
  }
}

/** The first name of each `Name` or `Name as Other` in an import or export list; a `type Name` has none at run time. */
function listedNames(list: string): string[] {
  return withoutComments(list)
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item && !/^type\s/.test(item))
    .map((item) => item.split(/\s+/)[0]);
}

/**
 * The names each of `packages` is imported for by the files under `dirs` (a package imported whole,
 * `import * as`, is left out: its entry stays as it is).
 */
export function importedNames(root: string, packages: readonly string[], dirs = IMPORTER_DIRS): Map<string, Set<string>> {
  const names = new Map(packages.map((name) => [name, new Set<string>()]));
  const whole = new Set<string>();
  const patterns = packages.map((name) => ({
    name,
    // `import type { … }` is left out by the pattern: types are gone at run time.
    named: new RegExp(`\\b(?:import|export)\\s*\\{([^}]*)\\}\\s*from\\s*['"]${escape(name)}['"]`, 'g'),
    star: new RegExp(`\\b(?:import\\s*\\*\\s*as\\s+\\w+|export\\s*\\*)\\s*from\\s*['"]${escape(name)}['"]`),
  }));
  for (const dir of dirs) {
    for (const file of sourceFiles(path.join(root, dir))) {
      const text = readFileSync(file, 'utf8');
      for (const { name, named, star } of patterns) {
        if (!text.includes(name)) continue;
        if (star.test(text)) whole.add(name);
        for (const [, list] of text.matchAll(named)) for (const item of listedNames(list)) names.get(name)!.add(item);
      }
    }
  }
  for (const name of whole) names.delete(name);
  return names;
}

const EXPORT_LIST = /export\s*\{([^}]*)\}\s*from\s*(["'][^"']+["']);?/g;
const EXPORT_ALL = /export\s*\*\s*from\s*(["'](\.[^"']+)["']);?/g;
const EXPORTED_CONST = /^export const (\w+) =/gm;

/**
 * The source of a barrel entry (`indexFile`) that re-exports only `names`:
 *  - `export { a, b } from 'x'` keeps the listed names that are wanted;
 *  - `export * from './file'` of a file that exports only constants becomes the wanted ones of them
 *    (Fluent's icon chunks); any other `export *` is kept whole.
 * A wanted name the barrel does not have makes the bundling fail, naming it.
 */
export function slimBarrel(indexFile: string, names: ReadonlySet<string>): string {
  const dir = path.dirname(indexFile);
  const source = withoutComments(readFileSync(indexFile, 'utf8'));
  const lines: string[] = [];
  for (const [, list, from] of source.matchAll(EXPORT_LIST)) {
    const kept = listedNames(list).filter((name) => names.has(name));
    if (kept.length > 0) lines.push(`export { ${kept.join(', ')} } from ${from};`);
  }
  for (const [, from, relative] of source.matchAll(EXPORT_ALL)) {
    const text = readFileSync(path.join(dir, relative), 'utf8');
    const constants = [...text.matchAll(EXPORTED_CONST)].map((match) => match[1]);
    const onlyConstants = constants.length > 0 && constants.length === (text.match(/^export /gm) ?? []).length;
    if (!onlyConstants) lines.push(`export * from ${from};`);
    else {
      const kept = constants.filter((name) => names.has(name));
      if (kept.length > 0) lines.push(`export { ${kept.join(', ')} } from ${from};`);
    }
  }
  return lines.join('\n');
}

/** The rolldown plugin for `optimizeDeps` that serves the slimmed entries (see SLIMMED_PACKAGES). */
export function slimFluentEntries(root: string): Rolldown.Plugin {
  // The optimiser names modules by their real path; node_modules may hold links (a scratch copy's do).
  const entries = new Map(SLIMMED_PACKAGES.map((name) => [realpathSync(path.join(root, 'node_modules', name, 'lib/index.js')), name]));
  let names: Map<string, Set<string>> | undefined;
  return {
    name: 'telmed-slim-fluent-entries',
    load(id) {
      const name = entries.get(path.resolve(id.split('?')[0]));
      if (!name) return null;
      names ??= importedNames(root, SLIMMED_PACKAGES);
      const wanted = names.get(name);
      return wanted ? slimBarrel(id.split('?')[0], wanted) : null;
    },
  };
}
