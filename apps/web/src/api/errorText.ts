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

/** A detail's field name in the user's language: its label (shared field-labels.ts), else its path. */
export function labelText(t: TFunction, { label, path }: Pick<ErrorDetail, 'label' | 'path'>): string {
  // (`number`, the item's number, is among the label's own fields.)
  return label ? t(`fields.${label.key}`, { ...label, defaultValue: path }) : path;
}

/** What went wrong, in the user's language: the error code's text (network failures included). */
export function errorText(t: TFunction, error: unknown): string {
  return isApiError(error) && isKnownCode(t, error.code)
    ? t(`errors.code.${error.code}`)
    : t('errors.generic');
}

export interface ResponseErrorOptions {
  /**
   * The user's language (i18next `resolvedLanguage`, one of the supported codes): the server writes its
   * texts (`errors`, `error.message`) in English, so only English shows them as they are.
   */
  language: string | undefined;
  /** A detail's field name in the user's language, e.g. `Categorías` for `categories`. */
  fieldLabel?: (path: string) => string | undefined;
  /** The details no field of the form shows (the others are not repeated); all of them when absent. */
  withoutField?: readonly ErrorDetail[];
}

/**
 * The response's `errors`, in the user's language: the server's own texts in English; in another
 * language the same entries rebuilt from the error's code and details (one per field problem,
 * `Nombre: Ya está en uso`, else the code's text). Undefined when no response came (network failure,
 * a crash of our own code).
 */
export function responseErrors(
  t: TFunction,
  error: unknown,
  { language, fieldLabel, withoutField }: ResponseErrorOptions,
): string[] | undefined {
  if (!isApiError(error) || error.code === 'network_error') return undefined;
  const { details, errors } = error;
  const english = language === 'en';
  if (details.length === 0) return english ? errors : [errorText(t, error)];
  // With details the server sends one entry per detail, in the same order (http/errors.ts errorBody).
  const own = english && errors.length === details.length;
  return details.flatMap((detail, index) =>
    withoutField && !withoutField.includes(detail)
      ? []
      : [
          (own && errors[index]) ||
            t('errors.field', {
              field: fieldLabel?.(detail.path) ?? labelText(t, detail),
              message: detailText(t, detail),
            }),
        ],
  );
}

/** The exception's own message (a network failure's in the user's language); empty when it has none. */
export function exceptionMessage(t: TFunction, error: unknown, language: string | undefined): string {
  if (isApiError(error) && error.code === 'network_error' && language !== 'en') return errorText(t, error);
  return error instanceof Error ? error.message : '';
}

/**
 * A section's error alert text (spec 2 §8): the response's errors joined by spaces, otherwise the
 * exception message (otherwise the generic text).
 */
export function sectionErrorMessage(t: TFunction, error: unknown, options: ResponseErrorOptions): string {
  const message =
    responseErrors(t, error, options)?.join(' ') ||
    exceptionMessage(t, error, options.language) ||
    t('errors.generic');
  // A server failure names its request, for the user to quote to support (issue 24).
  return isApiError(error) && error.requestId && error.status >= 500
    ? `${message} ${t('errors.requestId', { id: error.requestId })}`
    : message;
}
