import type { ErrorDetail } from '@lintel/shared';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { isApiError } from '../api/client';
import { detailText } from '../api/errorText';

/** What applyServerErrors needs of a @mantine/form form. */
export interface FormWithFields {
  getValues(): unknown;
  setFieldError(path: string, error: ReactNode): void;
}

/** Whether the form's values hold the dotted path (`pictures.2.description`, `website_link.url`). */
export function hasField(values: unknown, path: string): boolean {
  let node = values;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return node !== undefined;
}

/** The details of a failed call that no field of the form can show; all of them when there is no form. */
export function detailsWithoutField(error: unknown, form?: Pick<FormWithFields, 'getValues'>): ErrorDetail[] {
  if (!isApiError(error)) return [];
  if (!form) return error.details;
  const values = form.getValues();
  return error.details.filter((detail) => !hasField(values, detail.path));
}

/** Several messages of one field, one per line (Mantine shows an error inside a paragraph). */
function lines(messages: readonly string[]): ReactNode {
  if (messages.length === 1) return messages[0];
  return messages.map((message, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of lines, which may repeat
    <span key={index} style={{ display: 'block' }}>
      {message}
    </span>
  ));
}

/**
 * Puts each detail of a failed call on the field its path names, translated (never the server's
 * English; several details of one field, e.g. one per bad line, each on a line); answers the details
 * left over, which the form's MutationErrorAlert lists.
 */
export function applyServerErrors(form: FormWithFields, error: unknown, t: TFunction): ErrorDetail[] {
  if (!isApiError(error)) return [];
  const values = form.getValues();
  const byField = new Map<string, string[]>();
  const rest: ErrorDetail[] = [];
  for (const detail of error.details) {
    if (!hasField(values, detail.path)) rest.push(detail);
    else byField.set(detail.path, [...(byField.get(detail.path) ?? []), detailText(t, detail)]);
  }
  for (const [path, messages] of byField) form.setFieldError(path, lines(messages));
  return rest;
}
