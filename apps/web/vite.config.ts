import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

const MANTINE_BASE = [
  'Alert',
  'ActionIcon',
  'Anchor',
  'Burger',
  'Button',
  'Center',
  'CloseButton',
  'Container',
  'Group',
  'Input',
  'InputBase',
  'Loader',
  'Paper',
  'PasswordInput',
  'Progress',
  'Stack',
  'Text',
  'TextInput',
  'Title',
  'Transition',
  'UnstyledButton',
];

export default defineConfig({
  root,
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The sign-in route's initial JS must stay under the limit of the `size` script (package.json): every
    // page is a lazy route (src/router.tsx), and the libraries only some pages need get chunks of their
    // own so they never land in the entry chunk.
    rolldownOptions: {
      treeshake: {
        // packages/shared is pure (schemas and rules); without this, importing one constant from it
        // would keep every zod schema, and zod itself, in the page that imports it.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]shared[\\/]src[\\/]/.test(id),
      },
      output: {
        // Translation files are named after their language and namespace (i18n-es-auth-…js), so the
        // size script and a reader of the network panel can tell them apart.
        chunkFileNames: (chunk) => {
          const locale = chunk.facadeModuleId?.match(/[\\/]locales[\\/](\w+)[\\/](\w+)\.json$/);
          return locale ? `assets/i18n-${locale[1]}-${locale[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
        codeSplitting: {
          // Every first visit needs these; left to the default splitting they came as ~30 files of
          // 0.2–9 kB, which gzip worse one by one (~7 kB more for the sign-in route) and cost requests.
          // Each group stays cached across deploys of the app code.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 10 },
            {
              // <Trans> (and its HTML parser) stays with the pages that use it.
              name: 'vendor',
              test: /node_modules[\\/](react-router|i18next|@tanstack|react-i18next[\\/](?!.*Trans))[\\/]?/,
              priority: 9,
            },
            {
              // Mantine's core and the components of the shell and the signed-out pages; the other
              // components stay with the pages that use them.
              name: 'mantine-base',
              test: new RegExp(
                `node_modules[\\\\/]@mantine[\\\\/]core[\\\\/]esm[\\\\/](core|components[\\\\/](${MANTINE_BASE.join('|')}))[\\\\/]`,
              ),
              priority: 8,
            },
          ],
        },
      },
    },
  },
});
