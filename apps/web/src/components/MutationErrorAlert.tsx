import { Alert, type AlertProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ResponseErrorOptions, sectionErrorMessage } from '../api/errorText';
import { detailsWithoutField, type FormWithFields } from '../forms/serverErrors';
import { AlertMark } from './AlertMark';

export interface MutationErrorAlertProps extends Omit<AlertProps, 'title' | 'children' | 'color' | 'role'> {
  /** The failed mutation's error; nothing is shown while it is null. */
  error: unknown;
  title?: ReactNode;
  /** The form whose fields already show the error's details: those are not repeated here. */
  form?: Pick<FormWithFields, 'getValues'>;
  /** A detail's field name for the lines it lists (`Name: …`), when it has no field in the form. */
  fieldLabel?: (path: string) => string | undefined;
  /**
   * Shows the error another way than the section alert's message (the admin notification form's JSON
   * panel, spec 1 §8); `options` say which details the form already shows and in which language.
   */
  format?: (error: unknown, options: ResponseErrorOptions) => ReactNode;
  /** More to offer under the message, e.g. "resend the e-mail". */
  children?: ReactNode;
}

/** A request the user cancelled (fetch or upload: an AbortError, which is not always an Error). */
function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * The one way a failed change is shown (spec 2 §8 per-section alert): a red alert whose message is the
 * response's errors joined by spaces, else the exception message, in the user's language (responseErrors),
 * leaving out the field problems the form already shows on its fields.
 */
export function MutationErrorAlert({
  error,
  title,
  form,
  fieldLabel,
  format,
  children,
  ...props
}: MutationErrorAlertProps) {
  const { t, i18n } = useTranslation();
  // A cancelled request is the user's choice, not a failure.
  if (!error || isAbort(error)) return null;
  const withoutField = detailsWithoutField(error, form);
  // Every problem is already shown on its field: the fields say it all.
  if (form && withoutField.length === 0 && detailsWithoutField(error).length > 0) return null;
  const options = { language: i18n.resolvedLanguage, fieldLabel, withoutField };
  return (
    <Alert color="red" role="alert" icon={<AlertMark />} title={title} {...props}>
      {format ? format(error, options) : <Text size="sm">{sectionErrorMessage(t, error, options)}</Text>}
      {children}
    </Alert>
  );
}
