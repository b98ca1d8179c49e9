import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import type * as Diagnostics from './diagnostics.ts';
import type * as Generate from './generate/run.ts';
import type * as Validate from './validate-project.ts';

/** Imports a pipeline module at run time (`npm run dev` runs under tsx, which loads .ts files). */
function load<T>(root: string, file: string): Promise<T> {
  return import(/* @vite-ignore */ pathToFileURL(join(root, 'scripts/lib', file)).href) as Promise<T>;
}

const WATCHED = /(pages\.config\.json|[\\/]forms[\\/].*\.json|[\\/]schemas[\\/].*\.json|[\\/]src[\\/]blocks[\\/][^\\/]+[\\/]schema\.json)$/;

/**
 * Dev only: when pages.config.json, a form or a schema (a block folder's schema.json too) changes, regenerate the types (and
 * validators) and run the QA gate; problems show in Vite's error overlay with file, line and
 * pointer, so an editor sees a broken config at once instead of a broken page.
 */
export function configGate(root: string): Plugin {
  return {
    name: 'config-gate',
    apply: 'serve',
    configureServer(server) {
      const check = async (file: string) => {
        if (!WATCHED.test(file)) return;
        // Loaded on first use: Vite bundles its config file, and the pipeline is for `dev` only.
        const [{ formatDiagnostic }, { generate }, { validateProject }] = await Promise.all([
          load<typeof Diagnostics>(root, 'diagnostics.ts'),
          load<typeof Generate>(root, 'generate/run.ts'),
          load<typeof Validate>(root, 'validate-project.ts'),
        ]);
        await generate(root);
        const problems = validateProject(root);
        if (problems.length === 0) return;
        const message = problems.map((d) => formatDiagnostic(d)).join('\n');
        server.config.logger.error(message);
        server.ws.send({ type: 'error', err: { message, stack: '', plugin: 'config-gate' } });
      };
      server.watcher.add(['pages.config.json', 'forms', 'schemas']);
      const safeCheck = (file: string) =>
        check(file).catch((error: unknown) => server.config.logger.error(`config gate: ${String(error)}`));
      server.watcher.on('change', (file) => void safeCheck(file));
      server.watcher.on('add', (file) => void safeCheck(file));
    },
  };
}
