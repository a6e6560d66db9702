import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DETAIL_CODES, ERROR_CODES, PERMISSION_MATRIX } from '@lintel/shared';
import { describe, expect, it, vi } from 'vitest';
import { allBundles } from '../test/i18n';
import type { Resources } from './i18next';
import {
  AREA_NAMESPACES,
  changeLanguage,
  createI18n,
  LANGUAGES,
  loadAreaNamespaces,
  loadNamespaces,
  missingKeyText,
  NAMESPACES,
  STARTUP_NAMESPACES,
} from './index';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [child, text] of flatten(value, path)) out.set(child, text);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

// The bundles with their English types, to compare texts without repeating them here.
const en = allBundles.en as unknown as Resources;
const es = allBundles.es as unknown as Resources;

const locales = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');

describe('translation files', () => {
  it('has one file per namespace in every language, and no other file', () => {
    for (const { code } of LANGUAGES) {
      const files = readdirSync(path.join(locales, code)).sort();
      expect(files, code).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
    expect(readdirSync(locales).sort()).toEqual(LANGUAGES.map(({ code }) => code).sort());
  });

  describe.each(NAMESPACES)('namespace %s', (namespace) => {
    const english = flatten(allBundles.en[namespace] as Tree);
    const spanish = flatten(allBundles.es[namespace] as Tree);

    it('has every English key in Spanish', () => {
      expect([...english.keys()].filter((key) => !spanish.has(key))).toEqual([]);
    });

    it('has every Spanish key in English', () => {
      expect([...spanish.keys()].filter((key) => !english.has(key))).toEqual([]);
    });

    it('has no empty texts', () => {
      const empty = [...english, ...spanish].filter(([, text]) => text.trim() === '').map(([key]) => key);
      expect(empty).toEqual([]);
    });

    it('uses the same interpolation variables in both languages', () => {
      const mismatched = [...english].filter(([key, text]) => {
        const other = spanish.get(key);
        return other !== undefined && placeholders(text).join() !== placeholders(other).join();
      });
      expect(mismatched.map(([key]) => key)).toEqual([]);
    });
  });
});

describe('keys built at run time', () => {
  it('has a text for every error code and detail code of packages/shared', () => {
    expect(ERROR_CODES.filter((code) => !(code in en.errors.code))).toEqual([]);
    expect('network_error' in en.errors.code).toBe(true);
    expect(DETAIL_CODES.filter((code) => !(code in en.errors.detail))).toEqual([]);
  });

  it('has a label for every action of the permission matrix', () => {
    const labels = en.developerApps.collaborators.matrix.actions;
    expect(PERMISSION_MATRIX.map((row) => row.action).filter((action) => !(action in labels))).toEqual([]);
  });
});

describe('i18n setup', () => {
  it('renders a missing key as [missing "{key}" translation]', () => {
    const i18n = createI18n('en');
    expect(i18n.t('common.no.such.key' as never)).toBe('[missing "common.no.such.key" translation]');
    expect(missingKeyText('a.b')).toBe('[missing "a.b" translation]');
  });

  it('renders a missing key the same way in Spanish', () => {
    const i18n = createI18n('es', { preloaded: allBundles });
    expect(i18n.t('shell.nav.nothing' as never)).toBe('[missing "shell.nav.nothing" translation]');
  });

  it('picks the namespace from the first part of the key', () => {
    const i18n = createI18n('en', { preloaded: allBundles });
    expect(i18n.t('developerApps.list.title')).toBe(en.developerApps.list.title);
    expect(i18n.t('common.cancel')).toBe('Cancel');
  });

  it('translates into the chosen language', () => {
    expect(createI18n('en').t('shell.nav.reference')).toBe('Reference');
    expect(createI18n('es', { preloaded: allBundles }).t('shell.nav.reference')).toBe('Referencia');
  });

  it('starts with the shell namespaces only; an area namespace loads on demand', async () => {
    const i18n = createI18n('en');
    for (const ns of STARTUP_NAMESPACES) expect(i18n.hasResourceBundle('en', ns)).toBe(true);
    for (const ns of AREA_NAMESPACES) expect(i18n.hasResourceBundle('en', ns)).toBe(false);
    expect(i18n.t('auth.signIn.title')).toBe('[missing "auth.signIn.title" translation]');

    await loadNamespaces(i18n, ['auth']);
    expect(i18n.t('auth.signIn.title')).toBe(en.auth.signIn.title);
    expect(i18n.hasResourceBundle('es', 'auth')).toBe(false);
  });

  it('loads an area into the instances the app renders with (what a lazy route does)', async () => {
    const i18n = createI18n('en');
    await loadAreaNamespaces(['legal']);
    expect(i18n.hasResourceBundle('en', 'legal')).toBe(true);
  });

  it('fetches Spanish on demand when it was not shipped with the page', async () => {
    const i18n = createI18n('es');
    expect(i18n.language).toBe('en');
    await vi.waitFor(() => expect(i18n.language).toBe('es'));
    expect(i18n.t('shell.nav.reference')).toBe('Referencia');
    expect(document.documentElement.lang).toBe('es');
  });

  it('changeLanguage loads the language before switching', async () => {
    const i18n = createI18n('en');
    await changeLanguage(i18n, 'es');
    expect(i18n.t('shell.nav.reference')).toBe('Referencia');
    expect(localStorage.getItem('lintel.language')).toBe('es');
  });

  it('switching to Spanish loads the Spanish namespace of every area loaded so far', async () => {
    const i18n = createI18n('en');
    await loadNamespaces(i18n, ['developerApps']);
    expect(i18n.hasResourceBundle('es', 'developerApps')).toBe(false);

    await changeLanguage(i18n, 'es');
    expect(i18n.hasResourceBundle('es', 'developerApps')).toBe(true);
    expect(i18n.t('developerApps.list.title')).toBe(es.developerApps.list.title);
    // Areas not visited yet stay unloaded until their page opens, then come in Spanish.
    expect(i18n.hasResourceBundle('es', 'legal')).toBe(false);
    await loadNamespaces(i18n, ['legal']);
    expect(i18n.hasResourceBundle('es', 'legal')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'legal')).toBe(false);
  });

  it('a switch also loads, in the new language, every area the page holds in the current one', async () => {
    // What a page loaded before the app's instance existed (the first route) holds without having asked.
    const i18n = createI18n('en');
    i18n.addResourceBundle('en', 'auth', en.auth, true, false);
    await changeLanguage(i18n, 'es');
    expect(i18n.hasResourceBundle('es', 'auth')).toBe(true);
    expect(i18n.t('auth.signIn.title')).toBe(es.auth.signIn.title);
  });

  it('an area asked for during a switch is loaded in both languages', async () => {
    const i18n = createI18n('en');
    const switching = changeLanguage(i18n, 'es');
    await loadNamespaces(i18n, ['notifications']);
    expect(i18n.hasResourceBundle('en', 'notifications')).toBe(true);
    expect(i18n.hasResourceBundle('es', 'notifications')).toBe(true);
    await switching;
    expect(i18n.language).toBe('es');
  });
});
