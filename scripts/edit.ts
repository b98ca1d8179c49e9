/**
 * `npm run edit`: the visual editor of pages.config.json and forms/*.json, for development only.
 * Starts the reference API in demo mode (EDIT_API_PORT, default 8181, data in DATA_DIR, default
 * ./data/demo, as `npm run dev`) and Vite (EDIT_PORT, default 5180) proxying /api to it, with the
 * editor's plugin (scripts/lib/editor/plugin.ts): the editor's page at /__editor/ (editor/index.html,
 * which a production build leaves out) and its API under /__editor/api/, which saves a file only
 * when the whole project passes the QA gate of `npm run validate`, with minimal text edits. The
 * config gate of `npm run dev` runs too: a saved file regenerates what the site imports and the
 * preview updates. Publish commits the saved files (EDIT_PUBLISH: 'branch', the default, on the
 * current branch; 'review', a new branch each time). Nothing in src/ or server/ imports this file.
 */
import { createServer } from 'vite';
import { buildServer } from '../server/app.ts';
import { DEMO_DATA_DIR } from '../server/db.ts';
import { ProjectGate } from './lib/editor/check.ts';
import { ContentPreview, followSavedContent } from './lib/editor/content-preview.ts';
import { slimFluentEntries } from './lib/editor/slim-entries.ts';
import { editorPlugin, withoutDependencyMaps } from './lib/editor/plugin.ts';

const root = process.cwd();
// EDIT_PUBLISH=review: each Publish is a new branch of its own (edit/…) for review, the current branch untouched.
const publishMode = process.env.EDIT_PUBLISH ?? 'branch';
if (publishMode !== 'branch' && publishMode !== 'review') {
  console.error(
    `EDIT_PUBLISH is 'branch' (the default: commit on the current branch) or 'review' (a new branch each time), not '${publishMode}'`,
  );
  process.exit(2);
}
const editPort = Number(process.env.EDIT_PORT ?? 5180);
const apiPort = Number(process.env.EDIT_API_PORT ?? 8181);
// vite.config.ts proxies to API_PORT and serves on PORT.
process.env.API_PORT = String(apiPort);
process.env.PORT = String(editPort);

const api = await buildServer({
  dataDir: process.env.DATA_DIR ?? DEMO_DATA_DIR,
  demo: true,
  publicUrl: `http://127.0.0.1:${editPort}`,
  logger: 'warn',
});
await api.listen({ port: apiPort, host: '127.0.0.1' });

// React's production build in the editor and its preview: its development build checks and records
// every element, and a keystroke took twice as long. EDIT_REACT=development brings it back (its
// warnings and fast refresh) for work on the editor's own code.
if (process.env.EDIT_REACT !== 'development') process.env.NODE_ENV = 'production';

const gate = new ProjectGate(root);
// The preview's own API, whose content follows the editor's unsaved content files.
const preview = new ContentPreview(root);
// After a save of content files the demo API's database follows them, as on a start.
const onContentSaved = async () => {
  for (const line of await followSavedContent(api, root)) api.log.info(line);
};
const vite = await createServer({
  configFile: 'vite.config.ts',
  // Its own dependency cache: `npm run dev` optimises another set of entries, and sharing one cache
  // would make each start re-optimise what the other left.
  cacheDir: 'node_modules/.vite-edit',
  // The editor's and its preview's modules are transformed at start, not on the first open.
  server: { port: editPort, strictPort: true, warmup: { clientFiles: ['editor/main.tsx', 'editor/src/preview/main.tsx'] } },
  // The editor's pages are scanned for dependencies at start, with the site's: a package first met
  // when a tab opens would make Vite optimise it then and reload the editor, losing unsaved work.
  optimizeDeps: {
    entries: ['index.html', 'editor/index.html', 'editor/preview.html'],
    rolldownOptions: { plugins: [slimFluentEntries(root)] },
    include: ['ajv-errors', '@rjsf/validator-ajv8', '@rjsf/fluentui-rc', '@dnd-kit/core', '@dnd-kit/sortable', '@dnd-kit/utilities'],
  },
  plugins: [editorPlugin({ root, gate, publishMode, preview, onContentSaved }), withoutDependencyMaps()],
});
await vite.listen();
// The address is printed once the editor's and the preview's modules are transformed (the warm-up
// above and the imports it finds). An editor opened before that shared the server with the warm-up
// and took about a second longer to open.
await Promise.all([vite.environments.client.waitForRequestsIdle(), preview.warm()]);

const address = vite.httpServer?.address();
const port = typeof address === 'object' && address ? address.port : editPort;
console.log(`  ➜  Editor:  http://127.0.0.1:${port}/__editor/`);
console.log(`  ➜  Site:    http://127.0.0.1:${port}/`);
console.log(`  ➜  API:     http://127.0.0.1:${apiPort}/api/v1/`);

// A signal closes the editor once; the same signal again meanwhile (npm passing on the terminal's
// Ctrl-C, which already reached the whole process group) is ignored rather than killing it halfway
// through. The scratch copies go first, at once: a server slow to close (a dependency optimisation
// under way, an open browser tab) cannot keep them. The closing is bounded: after CLOSE_MS the
// process ends anyway. `npm run edit` runs this file in one node process (`node --import tsx`): tsx's
// own command line sits between, passes a signal on and kills its child outright when the child is
// slow to answer, and a killed editor removes nothing.
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
const CLOSE_MS = 5_000;
let closing = false;
const removeScratch = () => {
  gate.dispose();
  preview.removeNow();
};
const onSignal = (signal: NodeJS.Signals) => void close(signal);
const close = async (signal: NodeJS.Signals) => {
  if (closing) return;
  closing = true;
  removeScratch();
  const bound = new Promise((resolve) => setTimeout(resolve, CLOSE_MS).unref());
  await Promise.race([Promise.allSettled([vite.close(), api.close(), preview.dispose()]), bound]);
  for (const name of SIGNALS) process.off(name, onSignal);
  process.kill(process.pid, signal);
};
for (const signal of SIGNALS) process.on(signal, onSignal);
// A normal end (the servers closed, an uncaught error) removes them too.
process.once('exit', removeScratch);
