import type { Plugin } from 'vite';
import { formatDiagnostic } from './diagnostics.ts';
import { generate } from './generate/run.ts';
import { validateProject } from './validate-project.ts';

const WATCHED = /(pages\.config\.json|[\\/]forms[\\/].*\.json|[\\/]schemas[\\/].*\.json)$/;

/**
 * Dev only: when pages.config.json, a form or a schema changes, regenerate the types (and
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
        await generate(root);
        const problems = validateProject(root);
        if (problems.length === 0) return;
        const message = problems.map((d) => formatDiagnostic(d)).join('\n');
        server.config.logger.error(message);
        server.ws.send({ type: 'error', err: { message, stack: '', plugin: 'config-gate' } });
      };
      server.watcher.add(['pages.config.json', 'forms', 'schemas']);
      server.watcher.on('change', (file) => void check(file));
      server.watcher.on('add', (file) => void check(file));
    },
  };
}
