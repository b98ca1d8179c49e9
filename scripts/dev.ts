/**
 * `npm run dev`: the reference API (API_PORT, default 8081, data in DATA_DIR) and Vite with hot
 * reload (PORT, default 5173) proxying /api to it. Editing pages.config.json or forms/ reloads the page.
 */
import { createServer } from 'vite';
import { buildServer } from '../server/app.ts';
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
