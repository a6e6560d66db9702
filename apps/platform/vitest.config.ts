import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'platform',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
