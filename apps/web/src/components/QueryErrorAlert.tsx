import { Alert, Button, Container, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sectionErrorMessage } from '../api/errorText';
import { AlertMark } from './AlertMark';

export interface QueryErrorAlertProps {
  error: unknown;
  onRetry?: () => void;
  /** What failed to load, when the spec names it ('Error: unable to retrieve marketplace app.'). */
  title?: ReactNode;
}

/**
 * A failed load: the response's errors joined by spaces, else the exception message, in the user's
 * language (spec 2 §8; the server's English only for English) and, when possible, a retry.
 */
export function QueryErrorAlert({ error, onRetry, title }: QueryErrorAlertProps) {
  const { t, i18n } = useTranslation();
  return (
    <Container size="sm" py="lg">
      <Alert color="red" role="alert" icon={<AlertMark />} title={title ?? t('errors.loadFailed')}>
        <Text size="sm">{sectionErrorMessage(t, error, { language: i18n.resolvedLanguage })}</Text>
        {onRetry ? (
          <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : null}
      </Alert>
    </Container>
  );
}
