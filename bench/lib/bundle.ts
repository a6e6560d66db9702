// The server as a deployment runs it: one esbuild bundle of apps/server/src/main.ts run by plain node
// (not under tsx's loader, whose transpiler and caches add tens of MB), with `npm start`'s Node flags.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { nodeBin, repoRoot, type ServerProcess } from './process';

/** The flags `npm start` runs the server with (package.json). */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];

const BUILD_DIR = path.join(repoRoot, 'apps/server/.bench-build');

/**
 * The server as one ESM bundle (dependencies stay in node_modules), run by plain node. `outdir` must be
 * inside apps/server (node resolves the externals from the bundle's folder upwards).
 */
export async function bundleServer(outdir = BUILD_DIR): Promise<string> {
  await fs.rm(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(repoRoot, 'apps/server/src/main.ts')],
    outdir,
    outExtension: { '.js': '.mjs' },
    // The server's dynamic imports stay chunks loaded on first use (SMTP, PGlite, S3, the Markdown
    // toolchain), as under `npm start`: without splitting esbuild hoists their packages' imports into
    // the one file and a server on PostgreSQL would load PGlite at start.
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // Every package stays external except the workspace's own TypeScript package, dayjs and
    // @node-oauth/oauth2-server (the platform imports their files by extensionless paths, which only a
    // bundler resolves).
    plugins: [
      {
        name: 'external-packages',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (resolve) =>
            /^(@lintel\/|dayjs|@node-oauth\/)/.test(resolve.path)
              ? undefined
              : { path: resolve.path, external: true },
          );
        },
      },
    ],
    // The bundle lives outside the repository: resolve the externals from the server's folder.
    nodePaths: [path.join(repoRoot, 'node_modules')],
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return path.join(outdir, 'main.mjs');
}

/** Builds the bundle and starts it on `port` with the given environment added. */
export async function spawnBundle(port: number, env: Record<string, string>): Promise<ServerProcess> {
  return spawnBuilt(await bundleServer(), port, env);
}

/** Starts a bundle built by `bundleServer` on `port` with the given environment added. */
export function spawnBuilt(bundle: string, port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(nodeBin, [...SERVER_NODE_FLAGS, bundle], {
    cwd: path.join(repoRoot, 'apps/server'),
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, port, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Removes the bundle. */
export function removeBundle(): Promise<void> {
  return fs.rm(BUILD_DIR, { recursive: true, force: true });
}

/** A process's resident set size in MB (0 once it has ended). */
export function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}
