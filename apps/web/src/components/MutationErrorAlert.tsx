import { Alert, type AlertProps, Code, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client';
import { errorLines } from '../api/errorText';
import { detailsWithoutField, type FormWithFields } from '../forms/serverErrors';

export interface MutationErrorAlertProps extends Omit<AlertProps, 'title' | 'children' | 'color' | 'role'> {
  /** The failed mutation's error; nothing is shown while it is null. */
  error: unknown;
  title?: ReactNode;
  /** The form whose fields already show the error's details: those are not repeated here. */
  form?: Pick<FormWithFields, 'getValues'>;
  /** A detail's field name for the lines it lists (`Name: …`), when it has no field in the form. */
  fieldLabel?: (path: string) => string | undefined;
  /** The lines as formatted JSON (spec 1 §8: the admin notification form's "An error occurred" panel). */
  asJson?: boolean;
  /** More to offer under the message, e.g. "resend the e-mail". */
  children?: ReactNode;
}

/** A request the user cancelled (fetch or upload: an AbortError, which is not always an Error). */
function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * The one way a failed change is shown: a red alert with the error in the user's language and any
 * field problem the form cannot show on a field (ApiError code and details, never the server's English).
 */
export function MutationErrorAlert({
  error,
  title,
  form,
  fieldLabel,
  asJson = false,
  children,
  ...props
}: MutationErrorAlertProps) {
  const { t } = useTranslation();
  // A cancelled request is the user's choice, not a failure.
  if (!error || isAbort(error)) return null;
  const rest = detailsWithoutField(error, form);
  // Every problem is already shown on its field: the fields say it all.
  if (form && rest.length === 0 && detailsWithoutField(error).length > 0) return null;
  const shownOnFields = isApiError(error)
    ? error.details.filter((detail) => !rest.includes(detail)).map((detail) => detail.path)
    : [];
  const lines = errorLines(t, error, { fieldLabel, shownOnFields });
  return (
    <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />} title={title} {...props}>
      {asJson ? (
        <Code block style={{ whiteSpace: 'pre-wrap' }}>
          {JSON.stringify(lines, null, 2)}
        </Code>
      ) : (
        lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of lines, which may repeat
          <Text size="sm" key={index}>
            {line}
          </Text>
        ))
      )}
      {children}
    </Alert>
  );
}
