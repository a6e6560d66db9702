import { Alert, type AlertProps, Text } from '@mantine/core';
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
 * The alert-circle mark, drawn here: the icon library's machinery would weigh on the sign-in page's first
 * load (this alert is on it; the `size` script keeps that under budget).
 */
function AlertMark() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8v4M12 16h.01" />
    </svg>
  );
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
    <Alert color="red" role="alert" icon={<AlertMark />} title={title} {...props}>
      {asJson ? (
        // Monospace text rather than Mantine's Code: this alert is on the sign-in page, whose initial
        // JS has a budget (the `size` script), and only the admin form uses the JSON form.
        <Text component="pre" size="sm" ff="monospace" m={0} style={{ whiteSpace: 'pre-wrap' }}>
          {JSON.stringify(lines, null, 2)}
        </Text>
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
