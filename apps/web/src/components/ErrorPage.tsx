import { Button, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface ErrorPageProps {
  code?: string;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}

/** The shape of every full-page error: 403, 404 and crashes. */
export function ErrorPage({ code, title, description, action }: ErrorPageProps) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" ta="center">
        {code ? (
          <Text fz={64} fw={800} c="dimmed" aria-hidden>
            {code}
          </Text>
        ) : null}
        <Title order={1}>{title}</Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
        {action ?? (
          <Button component={Link} to="/" variant="light">
            {t('errors.backHome')}
          </Button>
        )}
      </Stack>
    </Container>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <ErrorPage code="404" title={t('errors.notFound.title')} description={t('errors.notFound.description')} />
  );
}

export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <ErrorPage
      code="403"
      title={t('errors.forbidden.title')}
      description={t('errors.forbidden.description')}
    />
  );
}
