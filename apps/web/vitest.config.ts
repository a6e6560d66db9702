import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    css: false,
    // The files a worker runs share its loaded modules and its DOM instead of loading React, Mantine and
    // the app again each: 539 s → 236 s for the 92 files (issue 24: CI time). What a file leaves behind
    // is reset by the setup file (rendered trees, storage, toasts, imports in flight); the fixtures are
    // whole (a session with every feature), as a lazy section loaded by an earlier file renders at once.
    isolate: false,
    restoreMocks: true,
    unstubGlobals: true,
    // A Mantine form rendered in jsdom can take seconds on a busy 2-core machine; no test asserts timing.
    testTimeout: 15_000,
  },
});
