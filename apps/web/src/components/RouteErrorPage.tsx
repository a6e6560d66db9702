import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from './chunkError';
import { NotFoundPage } from './ErrorPage';

/** The router's crash fallback (spec 1 §2): a Reload button for chunk-load failures, else a generic text. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

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
