import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/cli', 'apps/platform', 'apps/server', 'apps/web'],
    // One test file per core. Vitest's own default for a run is one fewer, which on a 2-core machine is a
    // single file at a time: the machine sat 40 % idle while server tests waited for PostgreSQL and their
    // timers (issue 24: CI under 25 minutes; 924 s → 592 s for the first pass).
    maxWorkers: availableParallelism(),
  },
});
