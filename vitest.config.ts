import { availableParallelism } from 'node:os';
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
    // Vitest leaves one core free by default: one worker on a two-core machine. Most test files wait
    // on servers, child processes, git and the database, so two workers there run the unit phase in
    // about three quarters of the time (measured: 12m58s -> 9m54s for tests/ on two cores).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
