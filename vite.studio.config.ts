import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/lib/vite-precompress.ts';

/**
 * The studio's browser app (studio/), built apart from the site: its own entry, its own output
 * (dist-studio/, served by the studio's server, server/studio/static.ts), so the site's dist/ and its
 * chunks never change with it. `npm run build` runs it after the site's build.
 */
const production = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('./studio', import.meta.url)),
  publicDir: false,
  plugins: [react(), precompress()],
  resolve: {
    // React Router's package exports its development build to every bundler; its production build is
    // the same code without the development warnings (as the site's build, vite.config.ts).
    alias: [
      { find: /^react-router$/, replacement: production('index.mjs') },
      { find: /^react-router\/dom$/, replacement: production('dom-export.mjs') },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist-studio', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 800,
    // The page's CSP has no 'unsafe-inline' for scripts: Vite's module preload polyfill stays out.
    modulePreload: { polyfill: false },
  },
});
