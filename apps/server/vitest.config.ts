import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // On PostgreSQL every test file has a database of its own (below), so the files a worker runs share
    // its loaded modules instead of loading the whole server again each (import was 18 % of the pass;
    // issue 24: CI time). On PGlite each file's database is a WASM instance of its own, given back with
    // the file's process.
    isolate: !process.env.TEST_DATABASE_URL,
    // One migrated database per run, copied by every test file (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
  },
});
