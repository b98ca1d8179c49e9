import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'tests/unit/**/*.test.{ts,tsx}',
      'tests/server/**/*.test.ts',
      'tests/studio/**/*.test.ts',
      'tests/validate/**/*.test.ts',
      'tests/deploy/**/*.test.ts',
      'tests/editor/**/*.test.{ts,tsx}',
    ],
    // A test that needs the built site (dist/, `npm run build`) is named *.built.test.ts and runs
    // after the build, in `npm run test:e2e` (vitest.built.config.ts).
    exclude: [...configDefaults.exclude, '**/*.built.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
