import { Alert, Button, Container, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorLines } from '../api/errorText';

export interface QueryErrorAlertProps {
  error: unknown;
  onRetry?: () => void;
}

/** A failed load: what went wrong in the user's language (never the server's English) and, when possible, a retry. */
export function QueryErrorAlert({ error, onRetry }: QueryErrorAlertProps) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="lg">
      <Alert color="red" role="alert" icon={<IconAlertTriangle aria-hidden />} title={t('errors.loadFailed')}>
        {errorLines(t, error).map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of lines, which may repeat
          <Text size="sm" key={index}>
            {line}
          </Text>
        ))}
        {onRetry ? (
          <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : null}
      </Alert>
    </Container>
  );
}
