// Gzip size (level 9) of the JavaScript the sign-in route needs, read from the Vite build output.
// Builds nothing: run `npm run build` first. Usage: see README.md.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { parseArgs, repoRoot, table } from './lib/process';

/** One entry of Vite's .vite/manifest.json (build.manifest: true). */
interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Asset {
  role: string;
  file: string; // relative to dist, with forward slashes
  bytes: number;
  gzip: number;
}

// The page's chunk; the passkey button and the code step (SignInExtras, SignInCodeStep) load after the
// first paint and are not part of the route's initial JavaScript.
const SIGN_IN = 'SignInPage';
const args = parseArgs(process.argv.slice(2));
const dist = path.resolve(args.get('dist') ?? path.join(repoRoot, 'apps', 'web', 'dist'));
// The same budget as apps/web/package.json's `size` limit (issue 24: one unit, kB of 1,000 bytes).
const budgetKb = Number(args.get('budget-kb') ?? 153);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`; // Vite's unit: 1 kB = 1000 bytes

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** The attributes of every <script> and <link> tag of an HTML document. */
function tags(html: string): Array<{ tag: string; attrs: Map<string, string> }> {
  const found: Array<{ tag: string; attrs: Map<string, string> }> = [];
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const match of withoutComments.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attrs = new Map<string, string>();
    for (const attr of (match[2] ?? '').matchAll(
      /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g,
    )) {
      attrs.set((attr[1] ?? '').toLowerCase(), attr[2] ?? attr[3] ?? attr[4] ?? '');
    }
    found.push({ tag: (match[1] ?? '').toLowerCase(), attrs });
  }
  return found;
}

/** Maps a URL of index.html to a file under dist (tolerates a base path such as /portal/). */
function resolveUrl(url: string): string | undefined {
  if (/^(?:[a-z]+:)?\/\//i.test(url) || url.startsWith('data:')) return undefined; // another origin
  const parts = (url.split(/[?#]/)[0] ?? '')
    .replace(/^\.?\//, '')
    .split('/')
    .filter(Boolean);
  for (let skip = 0; skip < parts.length; skip++) {
    const relative = parts.slice(skip).join('/');
    if (existsSync(path.join(dist, relative))) return relative;
  }
  return undefined;
}

const gzipCache = new Map<string, Asset>();
function measure(role: string, file: string): Asset {
  const cached = gzipCache.get(file);
  if (cached) return { ...cached, role };
  const content = readFileSync(path.join(dist, file));
  const asset = {
    role,
    file,
    bytes: content.length,
    gzip: gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length,
  };
  gzipCache.set(file, asset);
  return asset;
}

/** The files of `keys` and of everything they import statically, in manifest order of discovery. */
function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

function readManifest(): { manifest: Manifest; where: string } | undefined {
  for (const where of ['.vite/manifest.json', 'manifest.json']) {
    const file = path.join(dist, where);
    if (!existsSync(file)) continue;
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    // manifest.json may also be a web-app manifest: Vite's has objects with a `file` field.
    if (
      parsed &&
      typeof parsed === 'object' &&
      Object.values(parsed).every((v) => v && typeof v === 'object' && 'file' in v)
    ) {
      return { manifest: parsed as Manifest, where };
    }
  }
  return undefined;
}

function main(): void {
  const indexHtml = path.join(dist, 'index.html');
  if (!existsSync(indexHtml)) {
    fail(`No build output at ${dist} (index.html is missing).\nBuild the web app first: npm run build`);
  }
  if (!Number.isFinite(budgetKb) || budgetKb <= 0) fail('--budget-kb must be a positive number');

  const html = readFileSync(indexHtml, 'utf8');
  const entries: string[] = [];
  const preloads: string[] = [];
  const styles: string[] = [];
  const unresolved: string[] = [];
  for (const { tag, attrs } of tags(html)) {
    const rel = (attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
    const url = tag === 'script' ? attrs.get('src') : attrs.get('href');
    if (!url) continue;
    const list =
      tag === 'script' && attrs.get('type') === 'module' && !attrs.has('nomodule')
        ? entries
        : tag === 'link' && rel.includes('modulepreload')
          ? preloads
          : tag === 'link' && rel.includes('stylesheet')
            ? styles
            : undefined;
    if (!list) continue;
    const file = resolveUrl(url);
    if (file) list.push(file);
    else unresolved.push(url);
  }
  if (entries.length === 0) fail(`No <script type="module" src=…> in ${indexHtml}: is this a Vite build?`);

  const initial: Asset[] = [
    ...entries.map((file) => measure('entry', file)),
    ...preloads.filter((file) => !entries.includes(file)).map((file) => measure('modulepreload', file)),
  ];
  const initialFiles = new Set(initial.map((a) => a.file));
  const lazy: Asset[] = [];
  const notes: string[] = [];
  if (unresolved.length > 0) notes.push(`Not found under dist (not counted): ${unresolved.join(', ')}`);

  const found = readManifest();
  if (found) {
    const { manifest, where } = found;
    // Cross-check: the static imports of the entry per the manifest should be exactly the preloads.
    const entryKeys = Object.keys(manifest).filter(
      (key) => manifest[key]?.isEntry && entries.includes(manifest[key].file),
    );
    const closure = staticClosure(manifest, entryKeys);
    const missing = closure.filter((file) => file.endsWith('.js') && !initialFiles.has(file));
    if (missing.length > 0) {
      notes.push(
        `${where} lists static imports of the entry that index.html does not preload (counted): ${missing.join(', ')}`,
      );
      for (const file of missing) {
        initial.push(measure('static import', file));
        initialFiles.add(file);
      }
    }

    const signInKeys = Object.keys(manifest).filter((key) => {
      const chunk = manifest[key];
      return (
        chunk?.isDynamicEntry &&
        [key, chunk.name ?? '', chunk.src ?? ''].some((text) => text.includes(SIGN_IN))
      );
    });
    if (signInKeys.length === 0) {
      notes.push(
        `${where} has no lazy chunk whose name or source contains "${SIGN_IN}"; only the initial JS is counted.`,
      );
    } else {
      if (signInKeys.length > 1)
        notes.push(`Several lazy chunks match "${SIGN_IN}"; all are counted: ${signInKeys.join(', ')}`);
      const signInFiles = new Set(signInKeys.map((key) => manifest[key]?.file));
      for (const file of staticClosure(manifest, signInKeys)) {
        if (initialFiles.has(file) || !file.endsWith('.js')) continue;
        lazy.push(measure(signInFiles.has(file) ? 'sign-in lazy chunk' : 'its static import', file));
      }
    }
  } else {
    // Without a manifest the lazy chunk can only be found by its file name, and its imports are unknown.
    const assets = path.join(dist, 'assets');
    const candidates = existsSync(assets)
      ? listJs(assets).filter((file) => path.basename(file).includes(SIGN_IN))
      : [];
    for (const file of candidates)
      if (!initialFiles.has(file)) lazy.push(measure('sign-in lazy chunk (by name)', file));
    notes.push(
      `No .vite/manifest.json (set build.manifest: true in vite.config.ts): the sign-in lazy chunk was ${
        candidates.length > 0 ? 'found by file name and its own static imports are not counted' : 'not found'
      }.`,
    );
  }

  const sum = (list: Asset[], key: 'bytes' | 'gzip') => list.reduce((total, a) => total + a[key], 0);
  const initialGzip = sum(initial, 'gzip');
  const lazyGzip = sum(lazy, 'gzip');
  const total = initialGzip + lazyGzip;
  const budget = budgetKb * 1000;

  const shown = dist.startsWith(repoRoot + path.sep) ? path.relative(repoRoot, dist) : dist;
  console.log(`Sign-in route JavaScript in ${shown} (gzip level 9, 1 kB = 1000 bytes)\n`);
  const rows = [...initial, ...lazy].map((a) => [a.role, a.file, kB(a.bytes), kB(a.gzip)]);
  rows.push([
    'initial JS (entry + static imports)',
    `${initial.length} file(s)`,
    kB(sum(initial, 'bytes')),
    kB(initialGzip),
  ]);
  if (lazy.length > 0)
    rows.push(['sign-in lazy JS', `${lazy.length} file(s)`, kB(sum(lazy, 'bytes')), kB(lazyGzip)]);
  rows.push(['total for the sign-in route', '', kB(sum(initial, 'bytes') + sum(lazy, 'bytes')), kB(total)]);
  console.log(table(['', 'file', 'raw', 'gzip'], rows, 2));
  if (styles.length > 0) {
    const css = styles.map((file) => measure('css', file));
    console.log(
      `\nCSS in index.html (not in the JS budget): ${css.map((a) => `${a.file} ${kB(a.gzip)} gzip`).join(', ')}`,
    );
  }
  for (const note of notes) console.log(`\nNote: ${note}`);
  const within = total <= budget;
  console.log(
    `\nBudget ${kB(budget)} gzip for the sign-in route's JS: ${kB(total)} — ${within ? 'within budget' : 'OVER BUDGET'} (${((total / budget) * 100).toFixed(0)}%)`,
  );
  if (!within) process.exitCode = 2;
}

/** The .js files under `dir`, relative to dist, forward slashes. */
function listJs(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.js')) {
      out.push(path.relative(dist, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
    }
  }
  return out.sort();
}

main();
