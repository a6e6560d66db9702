import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const LANGUAGE_STORAGE_KEY = 'lintel.language';
type Translations = Record<string, unknown>;

// English ships with the app; other languages are fetched when chosen, so their text does not weigh
// on every first page load.
const loaders: Record<LanguageCode, () => Promise<Translations>> = {
  en: async () => en,
  es: async () => (await import('./es.json')).default,
};

/** Loads a language's translations into the instance once. */
export async function ensureLanguage(instance: I18n, language: LanguageCode): Promise<void> {
  if (instance.hasResourceBundle(language, 'translation')) return;
  instance.addResourceBundle(language, 'translation', await loaders[language]());
}

/** What a key missing from every language renders as (spec 1 §8). */
export function missingKeyText(key: string): string {
  return `[missing "${key}" translation]`;
}

export function isLanguage(value: unknown): value is LanguageCode {
  return LANGUAGES.some((language) => language.code === value);
}

function storedLanguage(): LanguageCode | null {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

function browserLanguage(): LanguageCode {
  const preferred = globalThis.navigator?.language?.slice(0, 2);
  return isLanguage(preferred) ? preferred : 'en';
}

/** Builds an initialised i18next instance; the app uses one, tests may build their own. */
export function createI18n(
  language: LanguageCode = storedLanguage() ?? browserLanguage(),
  preloaded: Partial<Record<LanguageCode, Translations>> = {},
): I18n {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(
    Object.entries({ en, ...preloaded }).map(([code, translation]) => [code, { translation }]),
  );
  const ready = language in resources;
  void instance.use(initReactI18next).init({
    resources,
    lng: ready ? language : 'en',
    fallbackLng: 'en',
    supportedLngs: LANGUAGES.map((item) => item.code),
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    parseMissingKeyHandler: (key: string) => missingKeyText(key),
    react: { useSuspense: false },
  });
  instance.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  if (typeof document !== 'undefined') document.documentElement.lang = ready ? language : 'en';
  if (!ready) void ensureLanguage(instance, language).then(() => instance.changeLanguage(language));
  return instance;
}

/** Switches the language and remembers the choice for the next visit. */
export async function changeLanguage(instance: I18n, language: LanguageCode): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be unavailable (private mode); the switch still applies to this visit.
  }
  await ensureLanguage(instance, language);
  await instance.changeLanguage(language);
}
