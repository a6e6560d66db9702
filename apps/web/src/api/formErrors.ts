import { isApiError } from './client';

interface FormLike {
  setFieldError: (path: string, error: string) => void;
}

/** Puts the server's 422 details on the form's fields (field names match the API's paths). */
export function applyServerErrors(form: FormLike, error: unknown, fields: readonly string[]): void {
  if (!isApiError(error)) return;
  for (const detail of error.details) {
    if (fields.includes(detail.path)) form.setFieldError(detail.path, detail.message);
  }
}

/** Whether the failure is fully explained by field messages, so no separate alert is needed. */
export function onlyFieldErrors(error: unknown, fields: readonly string[]): boolean {
  return (
    isApiError(error) &&
    error.details.length > 0 &&
    error.details.every((detail) => fields.includes(detail.path))
  );
}

/** The text to show for a failed call. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.message || fallback;
  return fallback;
}
