import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/cli', 'apps/platform', 'apps/server', 'apps/web'],
  },
});
