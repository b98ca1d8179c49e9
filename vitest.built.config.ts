import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config';

/** The Vitest tests that need the built site (dist/): `npm run test:e2e` runs them after its build. */
export default defineConfig({
  ...base,
  test: { ...base.test, include: ['tests/**/*.built.test.ts'], exclude: configDefaults.exclude },
});
