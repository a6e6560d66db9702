import { describe, expect, it, vi } from 'vitest';
import en from './en.json';
import es from './es.json';
import { changeLanguage, createI18n, missingKeyText } from './index';

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

describe('translations', () => {
  const english = flatten(en as Tree);
  const spanish = flatten(es as Tree);

  it('has every English key in Spanish', () => {
    const missing = [...english.keys()].filter((key) => !spanish.has(key));
    expect(missing).toEqual([]);
  });

  it('has every Spanish key in English', () => {
    const missing = [...spanish.keys()].filter((key) => !english.has(key));
    expect(missing).toEqual([]);
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

describe('i18n setup', () => {
  it('renders a missing key as [missing "{key}" translation]', () => {
    const i18n = createI18n('en');
    expect(i18n.t('no.such.key')).toBe('[missing "no.such.key" translation]');
    expect(missingKeyText('a.b')).toBe('[missing "a.b" translation]');
  });

  it('renders a missing key the same way in Spanish', () => {
    const i18n = createI18n('es', { es });
    expect(i18n.t('shell.nav.nothing')).toBe('[missing "shell.nav.nothing" translation]');
  });

  it('translates into the chosen language', () => {
    expect(createI18n('en').t('shell.nav.reference')).toBe('Reference');
    expect(createI18n('es', { es }).t('shell.nav.reference')).toBe('Referencia');
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
});
