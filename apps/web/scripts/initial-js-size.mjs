// Gzipped size of the JavaScript a first visit to a route downloads before the page works: the
// entry chunk, the route's chunk, the chunks the route loads with it (its translations, named
// i18n-<language>-<namespace>-…js by vite.config.ts), and every chunk they import statically.
// Usage (after `vite build`): node scripts/initial-js-size.mjs [RouteChunkPrefix [MoreChunkPrefix…]] [--limit=KB]
// e.g. node scripts/initial-js-size.mjs SignInPage i18n-en-auth --limit=150
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const assets = path.join(dist, 'assets');
const args = process.argv.slice(2);
const prefixes = args.filter((arg) => !arg.startsWith('--'));
const route = prefixes[0] ?? 'SignInPage';
const limitKb = Number(args.find((arg) => arg.startsWith('--limit='))?.slice('--limit='.length) ?? 200);

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = html.match(/<script[^>]+src="\/assets\/([^"]+\.js)"/)?.[1];
const chunkOf = (prefix) =>
  fs.readdirSync(assets).find((file) => file.startsWith(`${prefix}-`) && file.endsWith('.js'));
const routeChunks = (prefixes.length > 0 ? prefixes : [route]).map((prefix) => [prefix, chunkOf(prefix)]);
const missing = routeChunks.filter(([, file]) => !file).map(([prefix]) => prefix);
if (!entry || missing.length > 0) {
  console.error(`entry or route chunk not found (entry: ${entry}, chunks not found: ${missing.join(', ')})`);
  process.exit(2);
}

const staticImports = (file) => {
  const code = fs.readFileSync(path.join(assets, file), 'utf8');
  return [...code.matchAll(/(?:^|[;}\s])import\s*(?:[\w${}\s,*]+from\s*)?["']\.\/([^"']+\.js)["']/g)].map(
    (m) => m[1],
  );
};

const files = new Set();
const stack = [entry, ...routeChunks.map(([, file]) => file)];
while (stack.length > 0) {
  const file = stack.pop();
  if (files.has(file)) continue;
  files.add(file);
  stack.push(...staticImports(file));
}

let total = 0;
for (const file of [...files].sort()) {
  const size = zlib.gzipSync(fs.readFileSync(path.join(assets, file))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KiB  ${file}`);
}
const totalKb = total / 1024;
console.log(
  `initial JS of ${route}: ${totalKb.toFixed(2)} KiB gzip (limit ${limitKb} KiB; 1 KiB = 1,024 bytes)`,
);
process.exit(totalKb <= limitKb ? 0 : 1);
