import type { LanguageCode, Namespace } from '../i18n';

// Every translation file of every language, read at once: component tests render real text for any
// area without going through the lazy loading that the app does.
const files = import.meta.glob<Record<string, unknown>>('../i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});

export type AllBundles = Record<LanguageCode, Record<Namespace, Record<string, unknown>>>;

export const allBundles = {} as AllBundles;
for (const [file, bundle] of Object.entries(files)) {
  const [, language, namespace] = file.match(/locales\/(\w+)\/(\w+)\.json$/) ?? [];
  allBundles[language as LanguageCode] ??= {} as AllBundles[LanguageCode];
  allBundles[language as LanguageCode][namespace as Namespace] = bundle;
}
