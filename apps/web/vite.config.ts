import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// The Mantine components of the shell, the loading and error pages and the sign-in page: their code is
// the `mantine-base` chunk below and their styles are in src/styles/base.css (keep the two lists alike).
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
  'Stack',
  'Text',
  'TextInput',
  'Title',
  'Transition',
  'UnstyledButton',
];
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// Text assets worth compressing; source maps are left alone (only developer tools fetch them).
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
// Below this a compressed copy saves less than the headers it costs.
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every compressible file of
 * the build, so the server sends them as they are, chosen by Accept-Encoding (@fastify/static
 * `preCompressed`), instead of compressing on every request or not at all. A copy that is not smaller
 * than the original is not written: the server then sends the original.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'lintel:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(file);
          if (source.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * Preloads the sign-in page's lazy chunk, the chunks it imports and its English translations from
 * index.html. Signed-out visitors
 * land on /sign_in, whose chunk was otherwise requested only after the entry had run: one more round
 * trip (and, with six connections per HTTP/1.1 origin, three) before the page could paint.
 */
function preloadSignIn(): Plugin {
  return {
    name: 'lintel:preload-sign-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const signIn = chunks.find(
          (chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.endsWith('/SignInPage.tsx'),
        );
        if (!signIn) {
          this.warn?.('lintel:preload-sign-in: no lazy chunk of SignInPage.tsx; nothing preloaded');
          return html;
        }
        const initial = new Set<string>();
        for (const chunk of chunks.filter((item) => item.isEntry)) {
          initial.add(chunk.fileName);
          for (const file of chunk.imports) initial.add(file);
        }
        const files: string[] = [];
        const visit = (fileName: string) => {
          if (initial.has(fileName) || files.includes(fileName)) return;
          files.push(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') for (const file of chunk.imports) visit(file);
        };
        visit(signIn.fileName);
        // The page renders once its area's translations are in (router.tsx); English is the default
        // language, so its file is preloaded too instead of being requested after the entry has run.
        const authEnglish = chunks.find((chunk) =>
          /[\\/]locales[\\/]en[\\/]auth\.json$/.test(chunk.facadeModuleId ?? ''),
        );
        if (authEnglish) visit(authEnglish.fileName);
        return {
          html,
          tags: files.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}

/**
 * Chunks that keep their name in their file name: the entry's libraries and every lazy page. The ~150
 * small shared chunks (icons, query hooks, helpers) are named by their hash alone: the chunks that import
 * them name them, and their names cost bytes there (bench/RESULTS.md §3).
 */
const KEEP_NAME = /^(react|vendor|mantine-base|rolldown-runtime|index)$/;

export default defineConfig({
  root,
  plugins: [react(), preloadSignIn(), precompress()],
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
    // Every browser the portal supports knows <link rel="modulepreload">; the polyfill cost ~0.4 kB
    // gzip in the entry chunk.
    modulePreload: {
      polyfill: false,
      // index.html (hostType 'html') keeps every preload of the entry's own static imports (react,
      // vendor, mantine-base, the runtime): without them the browser found those only after parsing the
      // entry, one round trip later, and the first paint waited for it (issue 24, first load).
      // For lazy routes (hostType 'js'), the entry's libraries are loaded before any of them, so listing them
      // again in every route's preload list cost the entry chunk bytes for nothing; a route's own JavaScript
      // imports (hash-named shared chunks) are fetched by the route chunk's static imports instead of a list
      // in the entry (that list cost the sign-in route ~1 kB gzip), against one more round trip when a page
      // is first opened. CSS stays listed: the preload helper is what loads a lazy chunk's styles.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
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
        // size script and a reader of the network panel can tell them apart; pages keep their names,
        // shared chunks are their hash (KEEP_NAME).
        chunkFileNames: (chunk) => {
          const locale = chunk.facadeModuleId?.match(/[\\/]locales[\\/](\w+)[\\/](\w+)\.json$/);
          if (locale) return `assets/i18n-${locale[1]}-${locale[2]}-[hash].js`;
          return chunk.isDynamicEntry || KEEP_NAME.test(chunk.name)
            ? 'assets/[name]-[hash].js'
            : 'assets/[hash].js';
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
            // Everything else the entry imports statically, in one chunk: the browser's six connections
            // per HTTP/1.1 origin made 22 small preloads take four round trips before the first paint.
            { name: 'app', tags: ['$initial'], priority: 5 },
          ],
        },
      },
    },
  },
});
