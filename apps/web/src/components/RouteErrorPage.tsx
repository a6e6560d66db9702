import { Button, Container, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from './chunkError';

/**
 * A crash's fallback (spec 1 §8, spec 2 §8; shown by the error boundaries of routing.tsx): a failed
 * chunk load asks for a reload, with a Reload button; any other crash says it was logged and reported
 * (the boundary reports it: reportCrash.ts).
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" ta="center" role="alert">
        <Text fz="lg" fw={600}>
          {t(chunk ? 'errors.crash.chunk' : 'errors.crash.generic')}
        </Text>
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
