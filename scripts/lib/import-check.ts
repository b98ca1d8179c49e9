import { build, type Metafile } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { IMPORT_RULES, type ImportRule } from './import-rules';

/**
 * The checker of the import boundaries (the rules of import-rules.ts) and of import cycles.
 *
 * The boundaries are checked on esbuild's graph (the bundler's own resolution, type-only imports
 * erased), so what is checked is what ships. Cycles are checked on TypeScript's graph, type-only
 * imports included: a cycle through a type is still two modules that cannot be read one without the
 * other, and becomes a runtime cycle the day a value crosses it (shared types go in a `types.ts`).
 */

export interface ImportViolation {
  rule: string;
  why: string;
  from: string;
  to: string;
}

/**
 * The repo-relative `.ts`/`.tsx` files under `dirs`, declaration files and tests left out: a block's
 * tests sit in its folder but never ship, and may render it through the engine.
 */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = path.posix.join(rel, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(child);
      } else if (/\.tsx?$/.test(entry.name) && !/\.(d|test)\.tsx?$/.test(entry.name)) out.push(child);
    }
  };
  for (const dir of dirs) walk(dir);
  return out.sort();
}

/** The import graph of the files: repo-relative file -> imported files and external packages. */
export async function importGraph(root: string, files: readonly string[]): Promise<Map<string, string[]>> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [...files],
    bundle: true,
    write: false,
    metafile: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    outdir: path.join(root, '.import-graph'),
    logLevel: 'silent',
    jsx: 'automatic',
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.jpg': 'empty', '.webp': 'empty' },
  });
  return graphOf(result.metafile);
}

function graphOf(metafile: Metafile): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, input] of Object.entries(metafile.inputs)) {
    graph.set(
      file,
      input.imports.map((i) => (i.external ? packageName(i.path) : i.path)),
    );
  }
  return graph;
}

/** 'react-dom/client' -> 'npm:react-dom', '@fastify/static/x' -> 'npm:@fastify/static', 'fs' -> 'node:fs'. */
function packageName(specifier: string): string {
  if (specifier.startsWith('node:')) return specifier;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return isBuiltin(name) ? `node:${name}` : `npm:${name}`;
}

const substitute = (pattern: string, groups: RegExpExecArray) =>
  pattern.replace(/\$(\d)/g, (_, n: string) => escapeRegExp(groups[Number(n)] ?? ''));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `file` sits in a folder that holds `other`'s folder (not in that folder itself). */
function isAbove(file: string, other: string): boolean {
  const folder = path.posix.dirname(file);
  return path.posix.dirname(other).startsWith(`${folder}/`);
}

/** Every import of the graph that a rule forbids. */
export function ruleViolations(
  graph: ReadonlyMap<string, readonly string[]>,
  rules: readonly ImportRule[] = IMPORT_RULES,
): ImportViolation[] {
  const violations: ImportViolation[] = [];
  for (const [from, targets] of graph) {
    for (const rule of rules) {
      const groups = rule.from.exec(from);
      if (!groups || rule.fromNot?.test(from)) continue;
      for (const to of targets) {
        if (!rule.to.test(to)) continue;
        if (rule.toParent && !isAbove(to, from)) continue;
        if (rule.toNot?.some((pattern) => new RegExp(substitute(pattern, groups)).test(to))) continue;
        violations.push({ rule: rule.name, why: rule.why, from, to });
      }
    }
  }
  return violations;
}

/**
 * The graph of the files as TypeScript reads them (tsconfig.json's resolution), every import kept:
 * `import type`, `export ... from` and dynamic `import()` included. Files outside `files` are left out.
 */
export function typeImportGraph(root: string, files: readonly string[]): Map<string, string[]> {
  const configFile = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(configFile.config ?? {}, ts.sys, root);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const absolute = path.join(root, file);
    const { importedFiles } = ts.preProcessFile(readFileSync(absolute, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const resolved = ts.resolveModuleName(fileName, absolute, options, ts.sys).resolvedModule?.resolvedFileName;
      const target = resolved && path.relative(root, resolved).split(path.sep).join('/');
      if (target && known.has(target)) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The import cycles among the files matching `within` (default: all checked code) (each once, as a path that returns to its start). */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>, within: RegExp = /^(src|server|domain|scripts)\//): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!within.test(next) || !graph.has(next)) continue;
      if (state.get(next) === 'open') {
        const cycle = stack.slice(stack.indexOf(next));
        const key = [...cycle].sort().join('|');
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push([...cycle, next]);
        }
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (within.test(file) && !state.has(file)) visit(file);
  return cycles;
}

/** Checks the project's code: the rule violations and the import cycles, as printable lines. */
export async function checkImports(
  root: string,
  dirs: readonly string[] = ['src', 'server', 'domain', 'scripts', 'editor', 'studio'],
): Promise<{ files: number; problems: string[] }> {
  const files = sourceFiles(root, dirs);
  const graph = await importGraph(root, files);
  const problems = [
    ...ruleViolations(graph).map((v) => `${v.from}  imports ${v.to}  [${v.rule}] ${v.why}`),
    ...importCycles(typeImportGraph(root, files), /^(src|server|domain|scripts|editor|studio)\//).map(
      (cycle) => `${cycle[0]}  import cycle: ${cycle.join(' -> ')}  [no-cycles] move the shared part down a level`,
    ),
  ];
  return { files: graph.size, problems };
}
