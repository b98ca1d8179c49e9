import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { configGate } from './scripts/lib/vite-config-gate.ts';

const apiPort = Number(process.env.API_PORT ?? 8081);

export default defineConfig({
  plugins: [react(), configGate(process.cwd())],
  resolve: {
    // @rjsf/core imports markdown-to-jsx for markdown descriptions, which our forms never enable.
    alias: [{ find: /^markdown-to-jsx\/react$/, replacement: fileURLToPath(new URL('./src/forms/markdown-stub.tsx', import.meta.url)) }],
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/content-images': `http://127.0.0.1:${apiPort}`,
      '/sandbox-pay': `http://127.0.0.1:${apiPort}`,
      '/dev/outbox': `http://127.0.0.1:${apiPort}`,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
  },
});
