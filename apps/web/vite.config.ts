import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

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
    // The sign-in route's initial JS must stay under 200 KB gzip: every page is a lazy route
    // (src/router.tsx), and the libraries only some pages need get chunks of their own so they
    // never land in the entry chunk.
    rolldownOptions: {
      treeshake: {
        // packages/shared is pure (schemas and rules); without this, importing one constant from it
        // would keep every zod schema, and zod itself, in the page that imports it.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]shared[\\/]src[\\/]/.test(id),
      },
      output: {
        codeSplitting: {
          groups: [
            // Needed by every page; a chunk of its own stays cached across deploys of the app code.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
