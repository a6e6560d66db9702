// Gzipped size of the JavaScript a first visit to a route downloads before the page works: the
// entry chunk, the route's chunk, the chunks the route loads with it (its translations, named
// i18n-<language>-<namespace>-…js by vite.config.ts), and every chunk they import statically.
// Sizes are gzip (zlib's default level, as a server compressing on the fly) in kB of 1,000 bytes, the unit
// Vite's build report, bench/bundle-size.ts, Lighthouse and RESULTS.md use (issue 24: one unit).
// Usage (after `vite build`): node scripts/initial-js-size.mjs [RouteChunkPrefix [MoreChunkPrefix…]] [--limit=kB]
// e.g. node scripts/initial-js-size.mjs SignInPage i18n-en-auth --limit=153
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
  console.log(`${(size / 1000).toFixed(1).padStart(7)} kB  ${file}`);
}
const totalKb = total / 1000;
console.log(
  `initial JS of ${route}: ${totalKb.toFixed(1)} kB gzip, ${total.toLocaleString('en')} bytes (limit ${limitKb} kB; 1 kB = 1,000 bytes)`,
);
process.exit(totalKb <= limitKb ? 0 : 1);
