import { type DetailCode, detailsFromIssues, type IssueLike } from '@lintel/shared';
import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import { detailText } from '../api/errorText';

/** What the resolver needs of a zod schema (the shared ones, or a form's own built from them). */
export interface SafeParser {
  safeParse(values: unknown): { success: true } | { success: false; error: { issues: readonly IssueLike[] } };
}

/** A schema, or a loader of one: signed-out pages load zod only once the form is first checked. */
export type SchemaSource = SafeParser | (() => Promise<SafeParser>);

/** A form's own words for a problem code, e.g. `{ mismatch: t('validation.passwordMismatch') }`. */
export type Messages = Partial<Record<DetailCode, string>>;

/** The form's errors from the schema's issues: one per field path, in the words the server would use. */
export function formErrors(
  t: TFunction,
  schema: SafeParser,
  values: unknown,
  messages: Messages = {},
): FormErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FormErrors = {};
  // Unknown keys are the server's business: a form may hold values it does not send.
  const issues = result.error.issues.filter((issue) => issue.code !== 'unrecognized_keys');
  for (const detail of detailsFromIssues(issues))
    errors[detail.path] = messages[detail.code] ?? detailText(t, detail);
  return errors;
}

/**
 * A @mantine/form `validate` that checks the values with a shared zod schema; each message is
 * translated from the issue's code and params (errors.detail.*), as the server's 422 details are.
 */
export function zodResolver<Values>(
  schema: SchemaSource,
  t: TFunction,
  messages: Messages = {},
): (values: Values) => FormErrors | Promise<FormErrors> {
  if (typeof schema !== 'function') return (values) => formErrors(t, schema, values, messages);
  let loaded: Promise<SafeParser> | null = null;
  return async (values) => {
    loaded ??= schema();
    try {
      return formErrors(t, await loaded, values, messages);
    } catch {
      // The schema's chunk did not load (offline, a new deploy): let the server check this time.
      loaded = null;
      return {};
    }
  };
}

// Saved only when modified. It lives here, beside the resolver every settings form already loads,
// rather than in a module of its own: a new shared chunk would grow the entry's chunk map, and the
// sign-in page's initial JS has no bytes to spare.

/**
 * The fields of `next` whose value differs from `saved`: what a settings form sends, so that a save
 * never writes back a value the user did not touch (spec 2 §5 "fields are saved only when modified").
 * Values are compared as JSON, so equal arrays or dates count as unchanged.
 */
export function changedFields<T extends object>(saved: T, next: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (JSON.stringify(next[key]) !== JSON.stringify(saved[key])) changes[key] = next[key];
  }
  return changes;
}

/** True when there is nothing to send. */
export const isUnchanged = (changes: object): boolean => Object.keys(changes).length === 0;
