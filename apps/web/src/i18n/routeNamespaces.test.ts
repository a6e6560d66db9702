// Every page loads the namespaces its code uses: a key of a namespace the route does not load would
// render as [missing "…" translation] in the app, while component tests (which preload every file)
// would not notice. This reads the sources: the keys each route's modules use, against router.tsx.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FALLBACK_NAMESPACES, NAMESPACES, STARTUP_NAMESPACES } from './namespaces';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(file, 'utf8');

function resolveModule(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [`${base}.tsx`, `${base}.ts`, path.join(base, 'index.ts')].find((file) => existsSync(file));
}

/** The source files a module reaches through relative imports (dynamic ones too, unless `staticOnly`). */
function closure(entry: string, staticOnly = false): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || path.relative(src, file).startsWith(`i18n${path.sep}`)) return;
    seen.add(file);
    const code = read(file);
    const specifiers = [...code.matchAll(/from '(\.[^']+)'/g)].map((match) => match[1]);
    if (!staticOnly)
      specifiers.push(...[...code.matchAll(/import\('(\.[^']+)'\)/g)].map((match) => match[1]));
    for (const specifier of specifiers) {
      if (!specifier || /\.(css|json)$/.test(specifier)) continue;
      const resolved = resolveModule(file, specifier);
      if (resolved) visit(resolved);
    }
  };
  visit(entry);
  return seen;
}

const keyPattern = new RegExp(`['"\`](${NAMESPACES.join('|')})\\.[\\w$]`, 'g');
/** Namespaces whose keys a set of files writes, with the files that write them. */
function namespacesUsed(files: Iterable<string>): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const file of files) {
    if (/\.test\.tsx?$/.test(file)) continue;
    for (const [, ns] of read(file).matchAll(keyPattern)) {
      if (!ns) continue;
      const users = used.get(ns) ?? [];
      if (!users.includes(file)) users.push(file);
      used.set(ns, users);
    }
  }
  return used;
}

/**
 * Namespaces a lazy part loads itself, beside its import (`loadAreaNamespaces(['account'])`, see
 * features/notifications/NotificationBellSlot.tsx): its keys need not be the route's.
 */
function loadedByLazyParts(files: Iterable<string>): string[] {
  const loaded: string[] = [];
  for (const file of files) {
    for (const [, list] of read(file).matchAll(/loadAreaNamespaces\(\[([^\]]*)\]\)/g)) {
      loaded.push(...[...(list ?? '').matchAll(/'(\w+)'/g)].map((match) => match[1] ?? ''));
    }
  }
  return loaded;
}

/** The lazy pages of router.tsx: the namespaces each loads and the module it imports. */
function routePages(): { namespaces: string[]; module: string }[] {
  const router = path.join(src, 'router.tsx');
  const code = read(router);
  const constants = new Map(
    [...code.matchAll(/const (\w+) = \[([^\]]*)\] as const/g)].map(([, name, list]) => [
      name,
      [...(list ?? '').matchAll(/'(\w+)'/g)].map((match) => match[1] ?? ''),
    ]),
  );
  return [...code.matchAll(/page\(\s*(\w+|\[[^\]]*\])\s*,[^;]*?import\('([^']+)'\)/g)].map(
    ([, namespaces = '', specifier = '']) => ({
      namespaces: namespaces.startsWith('[')
        ? [...namespaces.matchAll(/'(\w+)'/g)].map((match) => match[1] ?? '')
        : (constants.get(namespaces) ?? [`unknown constant ${namespaces}`]),
      module: resolveModule(router, specifier) ?? `unresolved ${specifier}`,
    }),
  );
}

// FALLBACK_NAMESPACES are read only with a default (errorText.ts labelText: the path), so code that
// every page shares may read them; the pages with forms load them (router.tsx).
const startup: readonly string[] = [...STARTUP_NAMESPACES, ...FALLBACK_NAMESPACES];
const relative = (file: string) => path.relative(src, file);

describe('namespaces loaded by each page', () => {
  const pages = routePages();

  it('finds the lazy pages of router.tsx and the keys they use', () => {
    expect(pages.length).toBeGreaterThan(15);
    for (const page of pages) expect(existsSync(page.module), page.module).toBe(true);
    const signIn = pages.find((page) => page.module.endsWith('SignInPage.tsx'));
    expect(signIn?.namespaces).toEqual(['auth']);
    expect([...namespacesUsed(closure(signIn?.module ?? ''))].map(([ns]) => ns)).toContain('auth');
  });

  it.each(pages.map((page) => [relative(page.module), page] as const))('%s', (_, page) => {
    const files = closure(page.module);
    const ownLoads = loadedByLazyParts(files);
    const missing = [...namespacesUsed(files)]
      .filter(([ns]) => !startup.includes(ns) && !page.namespaces.includes(ns) && !ownLoads.includes(ns))
      .map(([ns, files]) => `${ns} (${files.map(relative).join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('the entry and the shell use only the startup namespaces (lazy parts load their own)', () => {
    const missing = [...namespacesUsed(closure(path.join(src, 'main.tsx'), true))]
      .filter(([ns]) => !startup.includes(ns))
      .map(([ns, files]) => `${ns} (${files.map(relative).join(', ')})`);
    expect(missing).toEqual([]);
  });
});
