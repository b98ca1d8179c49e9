/**
 * `npm run dev`: the reference API (API_PORT, default 8081, data in DATA_DIR) and Vite with hot
 * reload (PORT, default 5173) proxying /api to it. Editing pages.config.json or forms/ updates the
 * open page; editing content/ brings the API's database to the files and the page fetches again.
 */
import { relative, sep } from 'node:path';
import { createServer } from 'vite';
import { buildServer } from '../server/app.ts';
import { checkedContent, ContentError, followContent } from '../server/content/follow.ts';
import { DEMO_DATA_DIR } from '../server/db.ts';

const apiPort = Number(process.env.API_PORT ?? 8081);
process.env.API_PORT = String(apiPort);

// Demo mode; links point at the Vite server, which proxies /api, /sandbox-pay and /dev to the API.
const api = await buildServer({
  dataDir: process.env.DATA_DIR ?? DEMO_DATA_DIR,
  demo: true,
  publicUrl: `http://127.0.0.1:${process.env.PORT ?? 5173}`,
  logger: 'info',
});
await api.listen({ port: apiPort, host: '127.0.0.1' });

const vite = await createServer({ configFile: 'vite.config.ts' });
await vite.listen();
vite.printUrls();
console.log(`  ➜  API:     http://127.0.0.1:${apiPort}/api/v1/`);

/**
 * A content file saved: checked as a start checks it, then the database follows the files and the
 * open page is told to fetch again. A file with a mistake changes nothing: the config gate shows it
 * in the overlay (scripts/lib/vite-config-gate.ts).
 */
const root = process.cwd();
const followContentFiles = async (abs: string) => {
  const file = relative(root, abs).split(sep).join('/');
  if (!/^content\/.*\.json$/.test(file)) return;
  try {
    const now = new Date();
    const resources = checkedContent({ root, demo: true, product: api.ctx.product, now });
    for (const line of await followContent(api.ctx.repo, resources, { demo: true, now })) api.log.info(line);
    vite.ws.send({ type: 'custom', event: 'content:changed' });
  } catch (error) {
    if (error instanceof ContentError) api.log.warn(`content: ${file} not taken in (its problems are in the overlay)`);
    else api.log.error(error);
  }
};
for (const event of ['change', 'add', 'unlink'] as const) vite.watcher.on(event, (file) => void followContentFiles(file));
