import { Anchor, Breadcrumbs, Button, Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { guardAccess } from '../../components/AccessGuard';
import { PageLoader } from '../../components/PageLoader';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { ADMIN_NOTIFICATIONS_PATH } from '../shell/navigation';
import { AdminNotificationForm } from './AdminNotificationForm';
import { useAdminNotification } from './queries';

/** /admin/notifications/new and /admin/notifications/:id/edit. */
export function AdminNotificationFormPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = idParam === undefined ? null : Number(idParam);
  const validId = id === null || (Number.isInteger(id) && id > 0);
  const query = useAdminNotification(validId ? id : null);
  const isNew = id === null;
  const heading = isNew ? t('adminNotifications.newTitle') : t('adminNotifications.editTitle');

  const denied = guardAccess(query.error, {
    invalidId: !validId,
    notFound: {
      title: t('adminNotifications.notFound'),
      action: (
        <Button component={Link} to={ADMIN_NOTIFICATIONS_PATH} variant="light">
          {t('adminNotifications.backToList')}
        </Button>
      ),
    },
  });
  if (denied) return denied;

  let body: ReactNode;
  if (isNew) body = <AdminNotificationForm notification={null} />;
  else if (query.isPending) body = <PageLoader />;
  else if (query.isError && !query.data)
    body = <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data) body = <AdminNotificationForm key={query.data.id} notification={query.data} />;

  return (
    <Container size="xl" py="md">
      <Breadcrumbs mb="xs" role="navigation" aria-label={t('common.breadcrumbs')}>
        <Text size="sm" c="dimmed">
          {t('shell.nav.admin')}
        </Text>
        <Anchor component={Link} to={ADMIN_NOTIFICATIONS_PATH} size="sm">
          {t('adminNotifications.title')}
        </Anchor>
        <Text size="sm" aria-current="page">
          {isNew ? t('adminNotifications.breadcrumbNew') : t('adminNotifications.breadcrumbEdit')}
        </Text>
      </Breadcrumbs>
      <Title order={1} mb="lg">
        {heading}
      </Title>
      {body}
    </Container>
  );
}

export default AdminNotificationFormPage;
