import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import type * as Diagnostics from './diagnostics.ts';
import type * as FormFiles from './generate/form-files.ts';
import type * as PageFiles from './generate/page-files.ts';
import type * as Generate from './generate/run.ts';
import type * as Validate from './validate-project.ts';

/** Imports a pipeline module at run time (`npm run dev` runs under tsx, which loads .ts files). */
function load<T>(root: string, file: string): Promise<T> {
  return import(/* @vite-ignore */ pathToFileURL(join(root, 'scripts/lib', file)).href) as Promise<T>;
}

/** The project files the gate reacts to, relative to the root with forward slashes. */
const WATCHED = /^(pages\.config\.json|forms\/.*\.json|schemas\/.*\.json|content\/.*\.json|src\/blocks\/[^/]+\/schema\.json)$/;
const FORM = /^forms\/.*\.json$/;
const CONFIG = 'pages.config.json';
/** Sent to the page when the files are valid again: it removes the overlay (src/app/main.tsx). */
const GATE_OK = 'config-gate:ok';

/**
 * Dev only: when pages.config.json, a form, a content file or a schema (a block folder's schema.json
 * too) changes, regenerate what the site imports and run the QA gate; problems show in Vite's error
 * overlay with file, line and pointer, so an editor sees a broken config at once instead of a broken
 * page. (A valid content file is taken in by the dev API: scripts/dev.ts.)
 *
 * The site imports pages.config.json through src/generated/site-config.json and page-sections/
 * (generate/page-files.ts), and a form through src/generated/form-files/ (and the precompiled
 * validators): a change to either regenerates its files first (a few ms for the config, ~100 ms for
 * a form), which Vite sends to the open page as a hot update (src/lib/site.ts and
 * src/forms/use-form-definition.ts take them in, main.tsx renders the page anew, no reload); then it
 * validates, then regenerates the rest (types, validators: only what the edit touched).
 *
 * Watched paths are added as absolute paths: chokidar reports a path as it was added, and a
 * relative 'pages.config.json' made Vite look up a module by that name, find none and neither
 * update nor reload the page.
 */
export function configGate(root: string): Plugin {
  return {
    name: 'config-gate',
    apply: 'serve',
    configureServer(server) {
      let queue = Promise.resolve();
      // The last problems found, sent again to a page that connects later (a reload in between).
      let lastError:
        { message: string; stack: string; plugin: string; id: string; loc: { file: string; line: number; column: number } } | undefined;
      server.ws.on('connection', () => {
        if (lastError) server.ws.send({ type: 'error', err: lastError });
      });
      // Loaded at run time (Vite bundles its config file, and the pipeline is for `dev` only), once the watcher is ready.
      let modules: Promise<[typeof Diagnostics, typeof Generate, typeof FormFiles, typeof PageFiles, typeof Validate]> | undefined;
      const pipeline = () =>
        (modules ??= Promise.all([
          load<typeof Diagnostics>(root, 'diagnostics.ts'),
          load<typeof Generate>(root, 'generate/run.ts'),
          load<typeof FormFiles>(root, 'generate/form-files.ts'),
          load<typeof PageFiles>(root, 'generate/page-files.ts'),
          load<typeof Validate>(root, 'validate-project.ts'),
        ]));
      const check = async (abs: string) => {
        const file = relative(root, abs).split(sep).join('/');
        if (!WATCHED.test(file)) return;
        const started = performance.now();
        const [{ formatDiagnostic }, { generate }, { formFiles }, { pageFiles }, { validateProject }] = await pipeline();
        // Checked first (~50 ms): a file with a mistake is not taken in, the open page keeps the
        // last good content under the overlay.
        const problems = validateProject(root);
        if (problems.length > 0) {
          const message = problems.map((d) => formatDiagnostic(d)).join('\n');
          server.config.logger.error(message);
          const [first] = problems;
          const at = join(root, first.file);
          lastError = { message, stack: '', plugin: 'config-gate', id: at, loc: { file: at, line: first.line, column: first.column } };
          server.ws.send({ type: 'error', err: lastError });
          return;
        }
        // What the page imports first (a hot update of the open page), then the rest.
        if (FORM.test(file)) await generate(root, { steps: [formFiles] });
        if (file === CONFIG) await generate(root, { steps: [pageFiles] });
        if (lastError) server.ws.send({ type: 'custom', event: GATE_OK });
        lastError = undefined;
        const taken = performance.now();
        await generate(root);
        server.config.logger.info(
          `config gate: ${file} taken in ${Math.round(taken - started)} ms, generated in ${Math.round(performance.now() - taken)} ms`,
          { timestamp: true },
        );
      };
      server.watcher.add(['pages.config.json', 'forms', 'schemas', 'content'].map((p) => join(root, p)));
      // One check at a time: generate writes files that a second run would read half-written.
      const enqueue = (file: string) => {
        queue = queue.then(() => check(file)).catch((error: unknown) => server.config.logger.error(`config gate: ${String(error)}`));
      };
      server.watcher.on('ready', () => {
        server.config.logger.info('config gate: watching pages.config.json, forms/, content/ and schemas/');
        // Loads the pipeline, checks and generates once now (in the queue), so that the first edit
        // does not wait for the compilers to load.
        queue = queue
          .then(() => pipeline())
          .then(async ([, { generate }, , , { validateProject }]) => {
            validateProject(root);
            await generate(root);
          })
          .catch((error: unknown) => server.config.logger.error(`config gate: ${String(error)}`));
      });
      server.watcher.on('change', enqueue);
      server.watcher.on('add', enqueue);
    },
  };
}
