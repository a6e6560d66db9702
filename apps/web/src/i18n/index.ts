import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from './locales/en/common.json';
import components from './locales/en/components.json';
import errors from './locales/en/errors.json';
import kit from './locales/en/kit.json';
import shell from './locales/en/shell.json';
import validation from './locales/en/validation.json';
import {
  type AreaNamespace,
  NAMESPACES,
  type Namespace,
  STARTUP_NAMESPACES,
  type StartupNamespace,
} from './namespaces';

export type { AreaNamespace, Namespace, StartupNamespace } from './namespaces';
export { AREA_NAMESPACES, FALLBACK_NAMESPACES, NAMESPACES, STARTUP_NAMESPACES } from './namespaces';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const LANGUAGE_STORAGE_KEY = 'lintel.language';
type Bundle = Record<string, unknown>;
type BundleId = `${LanguageCode}/${Namespace}`;

// English text of the shell ships in the entry chunk. Every other file (other languages, areas) is a
// chunk of its own, fetched with the page or component that needs it: see loadNamespaces.
const startupEnglish: Record<StartupNamespace, Bundle> = {
  common,
  validation,
  errors,
  components,
  kit,
  shell,
};
const lazyFiles = import.meta.glob<Bundle>(
  [
    './locales/*/*.json',
    '!./locales/en/common.json',
    '!./locales/en/validation.json',
    '!./locales/en/errors.json',
    '!./locales/en/components.json',
    '!./locales/en/kit.json',
    '!./locales/en/shell.json',
  ],
  { import: 'default' },
);

/** The file of one namespace in one language; ships with the entry or is fetched once. */
async function fetchBundle(language: LanguageCode, namespace: Namespace): Promise<Bundle> {
  if (language === 'en' && namespace in startupEnglish) return startupEnglish[namespace as StartupNamespace];
  const id: BundleId = `${language}/${namespace}`;
  const load = lazyFiles[`./locales/${id}.json`];
  if (!load) throw new Error(`No translations for ${id}`);
  return load();
}

/** What one instance holds or is about to hold. */
interface LoadState {
  /** Every namespace some page or component asked for; a language switch loads them all. */
  wanted: Set<Namespace>;
  /** The language a switch is loading; namespaces asked for meanwhile are loaded for it too. */
  switchingTo?: LanguageCode;
  inFlight: Map<string, Promise<void>>;
}
const states = new WeakMap<I18n, LoadState>();
function stateOf(instance: I18n): LoadState {
  let state = states.get(instance);
  if (!state) {
    state = { wanted: new Set(STARTUP_NAMESPACES), inFlight: new Map() };
    states.set(instance, state);
  }
  return state;
}

function loadBundle(instance: I18n, language: LanguageCode, namespace: Namespace): Promise<void> {
  if (instance.hasResourceBundle(language, namespace)) return Promise.resolve();
  const { inFlight } = stateOf(instance);
  const id = `${language}/${namespace}`;
  let loading = inFlight.get(id);
  if (!loading) {
    loading = fetchBundle(language, namespace)
      .then((bundle) => {
        instance.addResourceBundle(language, namespace, bundle, true, false);
      })
      .finally(() => inFlight.delete(id));
    inFlight.set(id, loading);
  }
  return loading;
}

function currentLanguage(instance: I18n): LanguageCode {
  return isLanguage(instance.language) ? instance.language : 'en';
}

/**
 * Loads namespaces into an instance for its current language (and for the language it is switching
 * to), so that a page rendered afterwards finds every key. Resolves at once when they are loaded.
 */
export async function loadNamespaces(instance: I18n, namespaces: readonly Namespace[]): Promise<void> {
  const state = stateOf(instance);
  for (const namespace of namespaces) state.wanted.add(namespace);
  const languages = new Set([currentLanguage(instance), state.switchingTo ?? currentLanguage(instance)]);
  await Promise.all(
    [...languages].flatMap((language) => namespaces.map((ns) => loadBundle(instance, language, ns))),
  );
}

// The instances the app renders with (one in the app, one per render in tests). Lazy routes load their
// area's namespaces into each before the page renders: router.tsx has no access to React context.
const live = new Set<WeakRef<I18n>>();
/** Namespaces pages asked for, applied to instances built later. */
const askedBeforeInstance = new Set<Namespace>();

/** Loads an area's namespaces into every live instance; router.tsx awaits it with the page's chunk. */
export async function loadAreaNamespaces(namespaces: readonly AreaNamespace[]): Promise<void> {
  const loads: Promise<void>[] = [];
  for (const ref of live) {
    const instance = ref.deref();
    if (instance) loads.push(loadNamespaces(instance, namespaces));
    else live.delete(ref);
  }
  // The first route may load before main.tsx has built the instance: remember what it asked for.
  if (loads.length === 0) for (const namespace of namespaces) askedBeforeInstance.add(namespace);
  await Promise.all(loads);
}

/** Loads a language for every namespace the instance holds, then switches to it. */
async function switchLanguage(instance: I18n, language: LanguageCode): Promise<void> {
  const state = stateOf(instance);
  state.switchingTo = language;
  try {
    // A page may ask for a namespace while the switch loads; loop until nothing new was asked for.
    // Whatever the current language holds is wanted too, however it got there (a page loaded before the
    // instance existed, a preload): a switch must never leave part of a page in the old language.
    const current = currentLanguage(instance);
    for (const ns of Object.keys(instance.store?.data?.[current] ?? {})) {
      if ((NAMESPACES as readonly string[]).includes(ns)) state.wanted.add(ns as Namespace);
    }
    let loaded = 0;
    while (loaded < state.wanted.size) {
      const wanted = [...state.wanted];
      loaded = wanted.length;
      await Promise.all(wanted.map((ns) => loadBundle(instance, language, ns)));
    }
  } finally {
    if (state.switchingTo === language) state.switchingTo = undefined;
  }
  await instance.changeLanguage(language);
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

export interface CreateI18nOptions {
  /** Bundles to hold from the start (tests pass every namespace of both languages). */
  preloaded?: Partial<Record<LanguageCode, Partial<Record<Namespace, Bundle>>>>;
}

/**
 * Builds an initialised i18next instance; the app uses one, tests may build their own. It starts in
 * English with the shell's namespaces; another language is switched to once its files are loaded.
 */
export function createI18n(
  language: LanguageCode = storedLanguage() ?? browserLanguage(),
  { preloaded = {} }: CreateI18nOptions = {},
): I18n {
  const instance = i18next.createInstance();
  const resources: Record<string, Partial<Record<Namespace, Bundle>>> = {
    ...preloaded,
    en: { ...startupEnglish, ...preloaded.en },
  };
  const ready = STARTUP_NAMESPACES.every((ns) => resources[language]?.[ns] !== undefined);
  void instance.use(initReactI18next).init({
    resources,
    lng: ready ? language : 'en',
    fallbackLng: 'en',
    supportedLngs: LANGUAGES.map((item) => item.code),
    // `t('developerApps.list.title')`: namespace developerApps, key list.title. i18next splits at the
    // first '.' only when the first part is a namespace listed here.
    ns: [...NAMESPACES],
    defaultNS: 'common',
    nsSeparator: '.',
    keySeparator: '.',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    appendNamespaceToMissingKey: true,
    // A call that names its own default (`t(key, {defaultValue})`) gets it.
    parseMissingKeyHandler: (key: string, defaultValue?: string) => defaultValue ?? missingKeyText(key),
    react: { useSuspense: false },
  });
  for (const code of Object.keys(preloaded)) {
    const state = stateOf(instance);
    for (const ns of Object.keys(preloaded[code as LanguageCode] ?? {})) state.wanted.add(ns as Namespace);
  }
  instance.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  if (typeof document !== 'undefined') document.documentElement.lang = ready ? language : 'en';
  live.add(new WeakRef(instance));
  if (askedBeforeInstance.size > 0) void loadNamespaces(instance, [...askedBeforeInstance]);
  if (!ready) void switchLanguage(instance, language);
  return instance;
}

/** Switches the language and remembers the choice for the next visit. */
export async function changeLanguage(instance: I18n, language: LanguageCode): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be unavailable (private mode); the switch still applies to this visit.
  }
  await switchLanguage(instance, language);
}
