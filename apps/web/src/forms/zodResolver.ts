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
