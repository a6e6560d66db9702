import { z } from 'zod';
import { LIMITS } from './limits';

// NUL and the other C0/C1 control characters; a multi-line field may hold tab, line feed and return.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Whether a text is fit to store: no control characters (NUL above all) and no lone UTF-16 surrogates. */
export function isCleanText(value: string, multiline = false): boolean {
  return !(multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(value) && value.isWellFormed();
}

const clean = (multiline: boolean) =>
  [
    (value: string) => isCleanText(value, multiline),
    { message: 'must not contain control characters', params: { code: 'control_characters' } },
  ] as const;

export interface TextOptions {
  /** Longest accepted length, after trimming. */
  max: number;
  /** Line breaks and tabs allowed (descriptions, notes, lists of URIs). */
  multiline?: boolean;
}

/** A text that must be filled in: trimmed, at least one character, at most `max`, no control characters. */
export function requiredText({ max, multiline = false }: TextOptions) {
  return z
    .string()
    .trim()
    .min(1, { message: "can't be blank" })
    .max(max, { message: `must be at most ${max} characters` })
    .refine(...clean(multiline));
}

/** A text that may be empty: trimmed, at most `max`, no control characters. */
export function optionalText({ max, multiline = false }: TextOptions) {
  return z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max} characters` })
    .refine(...clean(multiline));
}

/** Any text up to `max` characters, kept exactly as typed (passwords), without control characters. */
export function rawText(max: number) {
  return z
    .string()
    .max(max, { message: `must be at most ${max} characters` })
    .refine(...clean(false));
}

/** An e-mail address: trimmed, lower-cased, well-formed, at most LIMITS.email characters (blank: required). */
export const emailAddress = z
  .string()
  .trim()
  .min(1, { message: "can't be blank" })
  .max(LIMITS.email, { message: `must be at most ${LIMITS.email} characters` })
  .pipe(z.email({ message: 'is not a valid e-mail address' }))
  .transform((value) => value.toLowerCase());

/** A new password: LIMITS.passwordMin to LIMITS.passwordMax characters, nothing else imposed. */
export const newPassword = z
  .string()
  .min(LIMITS.passwordMin, { message: `must be at least ${LIMITS.passwordMin} characters` })
  .max(LIMITS.passwordMax, { message: `must be at most ${LIMITS.passwordMax} characters` })
  .refine(...clean(false));

/** A real calendar date written YYYY-MM-DD, in years 1 to 9999 (2026-02-30 and 0000-01-01 are not). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** An optional date field: YYYY-MM-DD, or empty/null for none. */
export const optionalDate = z
  .union([z.string(), z.null()])
  .transform((value) => (value === null || value.trim() === '' ? null : value.trim()))
  .refine((value) => value === null || isCalendarDate(value), {
    message: 'must be a real date written YYYY-MM-DD',
    params: { code: 'invalid_date' },
  });
