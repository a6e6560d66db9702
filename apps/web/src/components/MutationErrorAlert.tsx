import { Alert, type AlertProps, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { detailText, errorText } from '../api/errorText';
import { detailsWithoutField, type FormWithFields } from '../forms/serverErrors';

export interface MutationErrorAlertProps extends Omit<AlertProps, 'title' | 'children' | 'color' | 'role'> {
  /** The failed mutation's error; nothing is shown while it is null. */
  error: unknown;
  title?: ReactNode;
  /** The form whose fields already show the error's details: those are not repeated here. */
  form?: Pick<FormWithFields, 'getValues'>;
  /** A detail's field name for the lines it lists (`Name: …`), when it has no field in the form. */
  fieldLabel?: (path: string) => string | undefined;
  /** More to offer under the message, e.g. "resend the e-mail". */
  children?: ReactNode;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
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
  children,
  ...props
}: MutationErrorAlertProps) {
  const { t } = useTranslation();
  // A cancelled request is the user's choice, not a failure.
  if (!error || isAbort(error)) return null;
  const rest = detailsWithoutField(error, form);
  // Every problem is already shown on its field: the fields say it all.
  if (form && rest.length === 0 && detailsWithoutField(error).length > 0) return null;
  return (
    <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />} title={title} {...props}>
      <Text size="sm">{errorText(t, error)}</Text>
      {rest.map((detail, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: details are a fixed list; paths may repeat
        <Text size="sm" key={index}>
          {t('errors.field', {
            field: fieldLabel?.(detail.path) ?? detail.path,
            message: detailText(t, detail),
          })}
        </Text>
      ))}
      {children}
    </Alert>
  );
}
