/**
 * Runs one TypeScript script of the project with plain Node, without tsx: the script is bundled
 * with esbuild once into node_modules/.cache/scripts/ and the bundle is imported. tsx costs about
 * 0.4 s a start on these 2-core machines (a second process and loader hooks that transpile every
 * file); an unchanged bundle starts in a few milliseconds. `npm run generate` and `npm run validate`
 * run through it (the QA gate under a second).
 *
 *   node scripts/run-script.mjs scripts/validate.ts [args of the script...]
 *
 * The bundle is rebuilt when any project file it was built from changes (content hashes of the
 * inputs esbuild's metafile lists), esbuild itself does, or it was built for another checkout.
 * Packages stay outside the bundle and load from node_modules as usual. Every bundled file keeps its
 * own `import.meta.url`, so paths worked out from it stay right. The bundle has a source map:
 * `node --enable-source-maps scripts/run-script.mjs ...` gives stack traces at the .ts sources (not
 * on by default: reading the maps costs 20-30 ms a run).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'scripts');

const sha1 = (text) => createHash('sha1').update(text).digest('hex');
const esbuildVersion = () => JSON.parse(readFileSync(path.join(ROOT, 'node_modules/esbuild/package.json'), 'utf8')).version;

/** Whether the bundle's stamp still matches esbuild's version and every input's content. */
function fresh(stampFile) {
  try {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    // Another checkout sharing node_modules (a linked worktree) has bundles of its own files.
    if (stamp.esbuild !== esbuildVersion() || stamp.root !== ROOT) return false;
    return Object.entries(stamp.inputs).every(([file, hash]) => sha1(readFileSync(path.join(ROOT, file))) === hash);
  } catch {
    return false;
  }
}

/** esbuild plugin: `import.meta.url` of each project file becomes that file's own URL. */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

async function bundle(entry, outFile, stampFile) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    outfile: outFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node}`,
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'error',
    plugins: [ownImportMetaUrl],
    absWorkingDir: ROOT,
    write: false,
  });
  const inputs = Object.fromEntries(Object.keys(result.metafile.inputs).map((file) => [file, sha1(readFileSync(path.join(ROOT, file)))]));
  // Written beside, then renamed: two processes bundling at once never read half a file.
  for (const out of result.outputFiles) writeAtomically(out.path, out.contents);
  writeAtomically(stampFile, JSON.stringify({ esbuild: esbuildVersion(), root: ROOT, inputs }));
}

function writeAtomically(file, contents) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

const [entryArg] = process.argv.splice(2, 1);
if (!entryArg) {
  process.stderr.write('usage: node scripts/run-script.mjs <script.ts> [args...]\n');
  process.exit(2);
}
const entry = path.resolve(entryArg);
const name = path
  .relative(ROOT, entry)
  .replace(/\.[cm]?tsx?$/, '')
  .replace(/[\\/]/g, '__');
const outFile = path.join(CACHE, `${name}.mjs`);
const stampFile = path.join(CACHE, `${name}.json`);
mkdirSync(CACHE, { recursive: true });
if (!fresh(stampFile)) await bundle(entry, outFile, stampFile);
await import(pathToFileURL(outFile).href);
