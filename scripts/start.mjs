// `npm start`: builds the web app when its sources are newer than the build, then runs the server in
// this very process (one process: signals reach the server directly).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const sources = ['src', 'index.html', 'vite.config.ts', 'postcss.config.cjs', 'package.json']
  .map((entry) => path.join(web, entry))
  .concat(path.join(root, 'packages/shared/src'));
const sourceTime = Math.max(...sources.map(newestMtime));
const buildTime = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;

if (process.env.WEB_DIST_DIR === undefined && sourceTime > buildTime) {
  console.log('Building the web app (its sources changed since the last build)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@lintel/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import(pathToFileURL(path.join(root, 'apps/server/src/main.ts')).href);
