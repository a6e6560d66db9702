import dayjs from 'dayjs';

/** A timestamp as the admin screens show it (YYYY-MM-DD HH:mm, local time), or null when empty. */
export function formatDateTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = dayjs(value);
  return date.isValid() ? date.format('YYYY-MM-DD HH:mm') : null;
}

/** English ordinal suffixes by plural category (1st, 2nd, 3rd, 4th, 11th, 21st, 22nd, 23rd). */
const ENGLISH_SUFFIXES: Partial<Record<Intl.LDMLPluralRule, string>> = { one: 'st', two: 'nd', few: 'rd' };
const englishOrdinals = new Intl.PluralRules('en', { type: 'ordinal' });

/**
 * A timestamp in spec 1 §9's long format 'MMMM Do YYYY, h:mm:ss a' in local time, e.g. 'November 27th
 * 2026, 4:05:09 am'; or null when empty. Spanish has no such ordinal days: it reads the usual way,
 * '27 de noviembre de 2026, 4:05:09'.
 */
export function formatLongDateTime(value: string | null | undefined, language = 'en'): string | null {
  if (!value) return null;
  const date = dayjs(value);
  if (!date.isValid()) return null;
  const month = new Intl.DateTimeFormat(language, { month: 'long' }).format(date.toDate());
  if (language === 'es') return `${date.date()} de ${month} de ${date.year()}, ${date.format('H:mm:ss')}`;
  const suffix = ENGLISH_SUFFIXES[englishOrdinals.select(date.date())] ?? 'th';
  return `${month} ${date.date()}${suffix} ${date.year()}, ${date.format('h:mm:ss a')}`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number in the user's language (the i18n language): 12,345.5 in English, 12.345,5 in Spanish. At most
 * one decimal unless `maximumFractionDigits` says otherwise.
 */
export function formatNumber(value: number, language: string, maximumFractionDigits = 1): string {
  const key = `${language}|${maximumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits });
    numberFormats.set(key, format);
  }
  return format.format(value);
}
