import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/platform', 'apps/server', 'apps/web'],
  },
});
