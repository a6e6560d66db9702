import { Alert, Code, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';

/**
 * What a failed save shows (spec 1 §8): the response's `errors` as formatted JSON, else the error's
 * message, else "Error occurred".
 */
export function saveErrorText(error: unknown, fallback: string): { json: boolean; text: string } {
  if (isApiError(error) && error.errors.length > 0) {
    return { json: true, text: JSON.stringify(error.errors, null, 2) };
  }
  if (error instanceof Error && error.message) return { json: false, text: error.message };
  return { json: false, text: fallback };
}

export function SaveErrorPanel({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { json, text } = saveErrorText(error, t('adminNotifications.errors.fallback'));
  return (
    <Alert
      color="red"
      role="alert"
      variant="light"
      title={t('adminNotifications.errors.title')}
      icon={<IconAlertTriangle size={18} aria-hidden />}
    >
      {json ? (
        <Code block style={{ whiteSpace: 'pre-wrap' }}>
          {text}
        </Code>
      ) : (
        <Text size="sm">{text}</Text>
      )}
    </Alert>
  );
}
