import { Anchor, Badge, Breadcrumbs, Button, Container, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { guardAccess } from '../../components/AccessGuard';
import { PageLoader } from '../../components/PageLoader';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { ADMIN_CHANGELOG_PATH } from '../shell/navigation';
import { AdminChangelogForm } from './AdminChangelogForm';
import { useAdminChangelogEntry } from './queries';

/** /admin/changelog/new and /admin/changelog/:id/edit. */
export function AdminChangelogFormPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = idParam === undefined ? null : Number(idParam);
  const validId = id === null || (Number.isInteger(id) && id > 0);
  const query = useAdminChangelogEntry(validId ? id : null);
  const isNew = id === null;

  const denied = guardAccess(query.error, {
    invalidId: !validId,
    notFound: {
      title: t('changelog.admin.notFound'),
      action: (
        <Button component={Link} to={ADMIN_CHANGELOG_PATH} variant="light">
          {t('changelog.admin.backToList')}
        </Button>
      ),
    },
  });
  if (denied) return denied;

  let body: ReactNode;
  if (isNew) body = <AdminChangelogForm entry={null} />;
  else if (query.isPending) body = <PageLoader />;
  else if (query.isError && !query.data)
    body = <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data) body = <AdminChangelogForm key={query.data.id} entry={query.data} />;

  return (
    <Container size="xl" py="md">
      <Breadcrumbs mb="xs" role="navigation" aria-label={t('common.breadcrumbs')}>
        <Text size="sm" c="dimmed">
          {t('shell.nav.admin')}
        </Text>
        <Anchor component={Link} to={ADMIN_CHANGELOG_PATH} size="sm">
          {t('changelog.admin.title')}
        </Anchor>
        <Text size="sm" aria-current="page">
          {isNew ? t('changelog.admin.breadcrumbNew') : t('changelog.admin.breadcrumbEdit')}
        </Text>
      </Breadcrumbs>
      <Group mb="lg" gap="sm">
        <Title order={1}>{isNew ? t('changelog.admin.newTitle') : t('changelog.admin.editTitle')}</Title>
        {query.data?.hidden ? (
          <Badge color="gray" variant="filled">
            {t('changelog.admin.hiddenMarker')}
          </Badge>
        ) : null}
      </Group>
      {body}
    </Container>
  );
}

export default AdminChangelogFormPage;
