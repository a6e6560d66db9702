import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from './chunkError';

/**
 * A route's crash fallback (spec 1 §2, shown by RouteErrorBoundary in routing.tsx): a Reload button for
 * chunk-load failures, else a generic text. Unknown paths have their own route (NotFoundPage).
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" ta="center" role="alert">
        <Title order={1}>{chunk ? t('errors.crash.chunkTitle') : t('errors.crash.title')}</Title>
        <Text c="dimmed">{chunk ? t('errors.crash.chunkDescription') : t('errors.crash.description')}</Text>
        {chunk ? (
          <Button onClick={() => window.location.reload()}>{t('errors.crash.reload')}</Button>
        ) : (
          <Button component="a" href="/" variant="light">
            {t('errors.backHome')}
          </Button>
        )}
      </Stack>
    </Container>
  );
}
