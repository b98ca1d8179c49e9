import { build, type Metafile } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

/**
 * The import boundaries (docs/architecture.md, Import boundaries), checked on the real import graph:
 * app -> engine -> blocks -> (forms, shop) -> (lib, api) -> generated; a block never imports another
 * block; `domain/` is pure and shared; the server never imports the site and the site never the
 * server, the scripts or Node-only packages; no import cycles.
 *
 * The boundaries are checked on esbuild's graph (the bundler's own resolution, type-only imports
 * erased), so what is checked is what ships. Cycles are checked on TypeScript's graph, type-only
 * imports included: a cycle through a type is still two modules that cannot be read one without the
 * other, and becomes a runtime cycle the day a value crosses it (shared types go in a `types.ts`).
 */

/** One rule: an import from a file matching `from` to a file or package matching `to` is forbidden. */
export interface ImportRule {
  name: string;
  /** Why, and what to do instead (printed with each violation). */
  why: string;
  from: RegExp;
  fromNot?: RegExp;
  /** Matched against the repo-relative path of a file, `npm:<package>` or `node:<builtin>`. */
  to: RegExp;
  /** May use `$1`.. for the groups of `from` (a block may import its own folder). */
  toNot?: string[];
  /** Only an import of a file in a folder above the importing file's own folder (its parent, or further up) is forbidden. */
  toParent?: boolean;
}

/**
 * The generated part of the engine: the block registry and the chunk module of each block
 * (scripts/lib/generate/registry.ts), which import the block folders as the engine's own code would.
 */
const ENGINE_GENERATED = /^src\/generated\/(registry\.ts$|block-chunks\/)/;

/**
 * The parts of editor/src that only `npm run edit` runs (regular expressions of paths under it): the
 * studio's Content, Pages and Forms screens never reach them, directly or through the editor's shared modules.
 */
export const STUDIO_EDITOR_DEV_ONLY = [
  'preview/',
  'pages/PreviewPane\\.tsx$',
  'forms/preview-validator\\.ts$',
  'content/ContentPreview\\.tsx$',
  'content/ContentWithPreview\\.tsx$',
  'App\\.tsx$',
  'TopBar\\.tsx$',
  'Publish\\.tsx$',
  'DevFormsTab\\.tsx$',
];

const IMPORT_RULES: readonly ImportRule[] = [
  {
    name: 'blocks-isolated',
    why: 'a block never imports another block: move what two blocks share down to src/lib, src/shop or src/forms',
    from: /^src\/blocks\/([^/]+)\//,
    to: /^src\/blocks\//,
    toNot: ['^src/blocks/$1/', '^src/blocks/types\\.ts$'],
  },
  {
    name: 'app-is-top',
    why: 'src/app composes the site; nothing below it imports it',
    from: /^src\//,
    fromNot: /^src\/app\//,
    to: /^src\/app\//,
  },
  {
    name: 'engine-from-app-only',
    why: 'only src/app uses the engine; blocks get what they need as props',
    from: /^src\/(blocks|forms|shop|lib|api|generated)\//,
    to: /^src\/engine\//,
  },
  {
    name: 'blocks-from-engine-only',
    why: 'blocks are reached through the engine registry, never imported by the layers below',
    from: /^src\/(forms|shop|lib|api|generated)\//,
    fromNot: ENGINE_GENERATED,
    to: /^src\/blocks\//,
  },
  {
    name: 'registry-from-engine-only',
    why: "the generated block registry and block chunks are the engine's: only src/engine loads them",
    from: /^src\//,
    fromNot: /^src\/(engine|generated)\//,
    to: ENGINE_GENERATED,
  },
  {
    name: 'lib-api-below-forms-shop',
    why: 'src/lib and src/api serve forms and shop; they do not import them back',
    from: /^src\/(lib|api|generated)\//,
    to: /^src\/(forms|shop)\//,
  },
  {
    name: 'generated-is-a-leaf',
    why: "generated code is rebuilt from schemas/ and the block folders and depends on nothing of the site (but the registry's block chunks, which start from their folders)",
    from: /^src\/generated\//,
    fromNot: ENGINE_GENERATED,
    to: /^src\//,
    toNot: ['^src/generated/'],
  },
  {
    name: 'domain-is-pure',
    why: 'domain/ holds the rules the site and the server share: no site, server or script code, no packages but json-schema-traverse and react-router',
    from: /^domain\//,
    // json-schema-traverse: the one schema walker (domain/schema-walk.ts) serves the scripts, the
    // server and the editor, and domain/ is the one place all three may import. It is a few dozen
    // lines without dependencies, runs in Node and the browser alike, and Ajv already ships it.
    // react-router: its path functions are the one path grammar (domain/paths.ts), the router's own;
    // the site ships it anyway, and the server and the scripts fill and match the same paths.
    to: /^(src\/|server\/|scripts\/|npm:(?!(json-schema-traverse|react-router)$)|node:)/,
  },
  {
    name: 'server-not-site',
    why: 'the server imports schemas/, forms/, domain/ and generated code, never the site',
    from: /^server\//,
    to: /^src\//,
    toNot: ['^src/generated/'],
  },
  {
    name: 'site-not-server',
    why: 'the browser bundle never pulls in the server, the scripts or Node-only packages (the SSR entry and its render scope run only in the server bundle)',
    from: /^src\//,
    fromNot: /^src\/app\/(entry-server\.tsx|render-layout\.ts|render-forms\.ts)$/,
    to: /^(server\/|scripts\/|node:|npm:(fastify|@fastify\/|better-sqlite3|esbuild|tsx)($|\/))/,
  },
  {
    name: 'render-scope-is-ssr-only',
    why: "src/app/render-layout.ts and render-forms.ts scope a server render with Node's AsyncLocalStorage: only the SSR entry imports them, never a module of the browser bundle",
    from: /^src\//,
    fromNot: /^src\/app\/entry-server\.tsx$/,
    to: /^src\/app\/render-(layout|forms)\.ts$/,
  },
  {
    name: 'studio-apart',
    why: "the studio (server/studio) is an app of its own on its own port: only server/main.ts starts it, the site's server never imports it or its account packages",
    from: /^(src|server|domain)\//,
    fromNot: /^server\/(studio\/|main\.ts$)/,
    to: /^(server\/studio\/|npm:(@casl\/ability|@node-rs\/argon2|otplib|@simplewebauthn\/server|@simplewebauthn\/browser|@zxcvbn-ts\/[\w-]+)$)/,
  },
  {
    name: 'studio-app-apart',
    why: "the studio's browser app (studio/) is built and served apart from the site: the site, the server, the editor and domain/ never import it",
    from: /^(src|server|domain|editor|scripts)\//,
    to: /^studio\//,
  },
  {
    name: 'studio-app-browser-only',
    why: "the studio's browser app talks to the studio's API only: it imports domain/, its own folder and the site's editor (editor/src, its Content screen), never the site, the server, the scripts or Node",
    from: /^studio\//,
    to: /^(src\/|server\/|scripts\/|editor\/|node:|npm:(fastify|@fastify\/|better-sqlite3|esbuild|tsx|@node-rs\/argon2|otplib|@simplewebauthn\/server)($|\/))/,
    toNot: ['^editor/src/'],
  },
  {
    name: 'studio-editor-not-dev',
    why: "the studio takes the editor's shared parts only: its preview frame, the forms preview's compiler (Ajv in the browser), the dev app's shell and git publishing are development builds of `npm run edit`",
    from: /^studio\//,
    to: new RegExp(`^editor/src/(${STUDIO_EDITOR_DEV_ONLY.join('|')})`),
  },
  {
    name: 'editor-folders-below-root',
    why: "the editor's folders (core/, pages/, forms/, content/, preview/) are composed by the modules of editor/src and never import them: what two folders share moves down to editor/src/core (messages.json is the editor's texts)",
    from: /^editor\/src\/[^/]+\//,
    to: /^editor\/src\/[^/]+$/,
    toNot: ['^editor/src/messages\\.json$'],
  },
  {
    name: 'editor-folder-not-parent',
    why: 'a folder of the editor never imports the folder it sits in (content/widgets/ never imports content/): the parent composes its folders, and what both use moves down to editor/src/core',
    from: /^editor\/src\/.+\/.+\//,
    to: /^editor\/src\//,
    toNot: ['^editor/src/messages\\.json$'],
    toParent: true,
  },
  {
    name: 'editor-folders-apart',
    why: "the editor's pages/, forms/ and content/ never import each other: what they share moves down to editor/src/core",
    from: /^editor\/src\/(pages|forms|content)\//,
    to: /^editor\/src\/(pages|forms|content)\//,
    toNot: ['^editor/src/$1/'],
  },
  {
    name: 'editor-core-is-a-leaf',
    why: "editor/src/core is what the editor's folders share: it imports only itself and the editor's texts (messages.json), never the folders or the modules that compose them",
    from: /^editor\/src\/core\//,
    to: /^editor\/src\//,
    toNot: ['^editor/src/core/', '^editor/src/messages\\.json$'],
  },
  {
    name: 'editor-development-only',
    why: "the visual editor (editor/, scripts/lib/editor/) runs under `npm run edit`: the site and the server never import it, except the server's content releases and the studio's editor API, which use the editor's gate, project snapshot, text edits and a layout change in words (check.ts, project.ts, paths.ts, content-catalogue.ts, json-edit.ts, config-changes.ts)",
    from: /^(src|server|domain)\//,
    to: /^(editor\/|scripts\/lib\/editor\/|npm:@dnd-kit\/)/,
    toNot: ['^scripts/lib/editor/(check|project|paths|content-catalogue|json-edit|config-changes)\\.ts$'],
  },
];

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
