import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    // examples/ holds files for users to copy (they test servers this repository does not have).
    exclude: ['node_modules/**', 'dist/**', 'examples/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
