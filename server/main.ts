import { resolve } from 'node:path';
import { buildServer } from './app';

/** Starts the reference server: PORT (8080), HOST (127.0.0.1), DATA_DIR (./data), STATIC_DIR (./dist). */
async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '127.0.0.1';
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  const staticDir = resolve(process.env.STATIC_DIR ?? './dist');
  const demo = process.env.NODE_ENV !== 'production';

  const app = await buildServer({ dataDir, staticDir, demo, logger: process.env.LOG !== 'off' });
  const close = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = address && typeof address === 'object' ? address.port : port;
  const shown = host.includes(':') ? `[${host}]` : host;
  console.log(`Listening on http://${shown}:${actualPort}${demo ? ' (demo mode)' : ''}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
