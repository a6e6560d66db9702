import { Alert, Button, Container, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface QueryErrorAlertProps {
  error: unknown;
  onRetry?: () => void;
}

/** A failed load: the server's message and, when possible, a retry. */
export function QueryErrorAlert({ error, onRetry }: QueryErrorAlertProps) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="lg">
      <Alert color="red" role="alert" icon={<IconAlertTriangle aria-hidden />} title={t('errors.loadFailed')}>
        <Text size="sm">{error instanceof Error ? error.message : t('errors.generic')}</Text>
        {onRetry ? (
          <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : null}
      </Alert>
    </Container>
  );
}
