import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { configGate } from './scripts/lib/vite-config-gate.ts';
import { loopbackHostsOnly } from './scripts/lib/vite-loopback-hosts.ts';
import { precompress } from './scripts/lib/vite-precompress.ts';

const apiPort = Number(process.env.API_PORT ?? 8081);

/**
 * What every page that runs a script needs besides the entry, in one chunk: React, SWR, the router
 * (src/lib/router.tsx) and the engine's small shared modules. Left to itself the bundler makes a file
 * of each module the entry shares with a lazy chunk (about twenty, half of them under 1 kB), and a
 * browser on HTTP/1.1 fetches six files at a time: on a slow phone network the round trips cost more
 * than the bytes.
 */
const FIRST_LOAD =
  /node_modules[\\/](react|react-dom|react-router|scheduler|swr|dequal|use-sync-external-store)[\\/]|src[\\/](engine[\\/]hydration\.ts|lib[\\/](log|Part|lazy-code|href|hydrated|dialogs|SmartLink|route-code|above-fold|site|route-params)\.tsx?|api[\\/](client|sources)\.ts|generated[\\/]api\.ts)$|[\\/]domain[\\/](guards|paths)\.ts$|vite[\\/](preload-helper|modulepreload-polyfill)/;

/**
 * What a checkout shows at once (its summary, totals, promo code and payment hand-over), in one chunk
 * for the same reason: on a slow phone network the summary waited for a dozen files of 1 kB. The
 * form card's Fluent UI and rjsf code is a part of its own (src/shop/billing-form.part.tsx).
 */
const CHECKOUT =
  /src[\\/](shop[\\/](use-checkout|BillingFormCard|CheckoutParts|use-payment-hand-over|use-promo-code|dependents|payment-form)\.tsx?|api[\\/]shop\.ts|blocks[\\/]checkout[\\/]promo\.ts)$/;

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [loopbackHostsOnly(), react(), configGate(process.cwd()), precompress()],
  resolve: {
    alias: [
      // @rjsf/core imports markdown-to-jsx for markdown descriptions, which our forms never enable.
      { find: /^markdown-to-jsx\/react$/, replacement: fileURLToPath(new URL('./src/forms/markdown-stub.tsx', import.meta.url)) },
      // @rjsf/utils resolves `$id` references with fast-uri; the URL parser does it (src/forms/uri-shim.ts).
      // Builds only: the shim has what rjsf calls, not what Ajv's compiler calls (`parse`), and `npm run
      // dev` pre-bundles all of @rjsf/core, whose test registry constructs an Ajv instance on import
      // (a build leaves it out: nothing uses it). Dev pays fast-uri's few kB instead.
      ...(command === 'build'
        ? [
            { find: /^fast-uri$/, replacement: fileURLToPath(new URL('./src/forms/uri-shim.ts', import.meta.url)) },
            // React Router's package exports its development build to every bundler (no 'production'
            // condition); its production build is the same code without the development warnings.
            {
              find: /^react-router$/,
              replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
            },
            {
              find: /^react-router\/dom$/,
              replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)),
            },
          ]
        : []),
    ],
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/content-images': `http://127.0.0.1:${apiPort}`,
      '/content-media': `http://127.0.0.1:${apiPort}`,
      '/sandbox-pay': `http://127.0.0.1:${apiPort}`,
      '/dev/outbox': `http://127.0.0.1:${apiPort}`,
    },
  },
  // The server bundle (`vite build --ssr`, server/render.ts) carries every dependency, so the server
  // needs nothing of the site's packages at run time and Node never loads their CommonJS/ESM mix.
  // jsdom (DOMPurify's DOM on the server) stays a package the server loads.
  ssr: { noExternal: true, external: ['jsdom'] },
  // React, bundled in, picks its build by process.env.NODE_ENV when it loads, and the server never
  // sets it (NODE_ENV decides nothing here): without this the server rendered with React's development
  // build, its checks and warnings included, about twice as slow. The bundle is a production build.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: isSsrBuild
    ? {
        outDir: 'dist/.ssr',
        emptyOutDir: false,
        copyPublicDir: false,
        sourcemap: false,
        target: 'node20',
        rollupOptions: { input: 'src/app/entry-server.tsx' },
      }
    : {
        outDir: 'dist',
        sourcemap: false,
        target: 'es2022',
        chunkSizeWarningLimit: 600,
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'app', test: FIRST_LOAD },
                { name: 'checkout-core', test: CHECKOUT, includeDependenciesRecursively: false },
              ],
            },
          },
        },
      },
}));
