/**
 * `npm start`: builds the site when it is missing or older than its sources, then serves the site
 * and the reference API together in demo mode (server/main.ts: PORT, default 8080; DATA_DIR,
 * default ./data/demo, never production's ./data), and the studio beside it (STUDIO_PORT, default
 * 8088; its address is printed). A production start is `npm run serve` without DEMO (README: Production).
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = process.cwd();
/** Where `npm start` serves the studio unless STUDIO_PORT says otherwise. */
const DEMO_STUDIO_PORT = 8088;
/** The site's build and the studio's browser app (npm run build makes both). */
const builds = [join(root, 'dist', 'index.html'), join(root, 'dist-studio', 'index.html')];
const sources = [
  'src',
  'forms',
  'schemas',
  'public',
  'pages.config.json',
  'index.html',
  'vite.config.ts',
  'studio',
  'vite.studio.config.ts',
  'package.json',
];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

const builtAt = Math.min(...builds.map((built) => (existsSync(built) ? statSync(built).mtimeMs : 0)));
const changedAt = Math.max(...sources.map((source) => newest(join(root, source))));
if (builtAt < changedAt) {
  console.log(builtAt ? 'Sources changed since the last build: building…' : 'No build yet: building…');
  execSync('npm run build', { stdio: 'inherit' });
}

// The demo backend: sandbox payment provider, outbox, demo partners and codes (asked for explicitly).
process.env.DEMO = '1';
// The studio beside it, on a port of its own (STUDIO_PORT; STUDIO_PORT= with nothing turns it off).
process.env.STUDIO_PORT ??= String(DEMO_STUDIO_PORT);
await import('../server/main.ts');
