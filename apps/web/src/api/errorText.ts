import type { ERROR_CODES, ErrorDetail } from '@lintel/shared';
import type { TFunction } from 'i18next';
import { isApiError } from './client';

type KnownCode = (typeof ERROR_CODES)[number] | 'network_error';
// The translation table knows every code (i18n.test.ts checks it against ERROR_CODES), so the list
// itself stays out of the entry chunk, which carries this file to every page.
function isKnownCode(t: TFunction, code: string): code is KnownCode {
  const unknown = '\u0000';
  return t(`errors.code.${code as KnownCode}`, { defaultValue: unknown }) !== unknown;
}

/** One field's problem in the user's language, from its code and params (never the server's English). */
export function detailText(t: TFunction, detail: Pick<ErrorDetail, 'code' | 'params'>): string {
  return t(`errors.detail.${detail.code}`, { ...detail.params, defaultValue: t('errors.detail.invalid') });
}

/** What went wrong, in the user's language: the error code's text (network failures included). */
export function errorText(t: TFunction, error: unknown): string {
  if (isApiError(error)) {
    return isKnownCode(t, error.code) ? t(`errors.code.${error.code}`) : t('errors.generic');
  }
  if (error instanceof Error && error.name === 'AbortError') return t('errors.generic');
  return t('errors.generic');
}

/**
 * The lines an alert shows for a failed call: the error's text, then one line per field problem
 * (`Name: Must be at most 120 characters`) unless the form already shows it on the field.
 */
export function errorLines(
  t: TFunction,
  error: unknown,
  options: { fieldLabel?: (path: string) => string | undefined; shownOnFields?: readonly string[] } = {},
): string[] {
  const lines = [errorText(t, error)];
  if (!isApiError(error)) return lines;
  for (const detail of error.details) {
    if (options.shownOnFields?.includes(detail.path)) continue;
    const field = options.fieldLabel?.(detail.path) ?? detail.path;
    lines.push(t('errors.field', { field, message: detailText(t, detail) }));
  }
  return lines;
}
