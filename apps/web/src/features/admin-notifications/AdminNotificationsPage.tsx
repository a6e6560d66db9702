import type { AdminNotification } from '@lintel/shared';
import { Anchor, Breadcrumbs, Button, Container, Group, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../api/client';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { ForbiddenPage } from '../../components/ErrorPage';
import { useListState } from '../../components/useListState';
import { ADMIN_NOTIFICATIONS_PATH } from '../shell/navigation';
import { useAdminNotifications } from './queries';
import { YesNoIcon } from './YesNoIcon';

/** Shown as visible only when visible, not a draft and past show_after (spec 1 §4). */
export function isListedVisible(row: AdminNotification): boolean {
  return row.visible && !row.draft && row.visible_by_show_after;
}

/** Admin > Notifications: every notification, newest first, with its visibility (spec 1 §2). */
export function AdminNotificationsPage() {
  const { t } = useTranslation();
  const list = useListState<Record<string, never>>({ initialSort: '-created_at', initialFilters: {} });
  const { syncPaging } = list;
  const query = useAdminNotifications({ page: list.page, perPage: list.perPage, sort: list.sort });

  useEffect(() => {
    if (query.data) syncPaging(query.data.total, query.data.perPage);
  }, [query.data, syncPaging]);

  const columns = useMemo<DataTableColumn<AdminNotification>[]>(
    () => [
      {
        id: 'title',
        header: t('adminNotifications.columns.title'),
        sortKey: 'title',
        render: (row) => (
          <Anchor component={Link} to={`${ADMIN_NOTIFICATIONS_PATH}/${row.id}/edit`} fw={500}>
            {row.title}
          </Anchor>
        ),
      },
      {
        id: 'summary',
        header: t('adminNotifications.columns.summary'),
        render: (row) => (
          <Text size="sm" lineClamp={2}>
            {row.summary}
          </Text>
        ),
      },
      {
        id: 'visible',
        header: t('adminNotifications.columns.visible'),
        render: (row) => <YesNoIcon value={isListedVisible(row)} />,
        width: 90,
      },
      {
        id: 'critical',
        header: t('adminNotifications.columns.critical'),
        render: (row) => <YesNoIcon value={row.critical} />,
        width: 90,
      },
    ],
    [t],
  );

  if (isApiError(query.error) && query.error.status === 403) return <ForbiddenPage />;

  return (
    <Container size="xl" py="md">
      <Breadcrumbs mb="xs" role="navigation" aria-label={t('common.breadcrumbs')}>
        <Text size="sm" c="dimmed">
          {t('shell.nav.admin')}
        </Text>
        <Text size="sm" aria-current="page">
          {t('adminNotifications.title')}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="center" mb="lg" wrap="wrap">
        <Title order={1}>{t('adminNotifications.title')}</Title>
        <Button
          component={Link}
          to={`${ADMIN_NOTIFICATIONS_PATH}/new`}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {t('adminNotifications.create')}
        </Button>
      </Group>
      <DataTable
        label={t('adminNotifications.title')}
        columns={columns}
        rows={query.data?.items}
        rowKey={(row) => row.id}
        total={query.data?.total ?? 0}
        perPage={list.perPage}
        page={list.page}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortChange={list.setSort}
        loading={query.isFetching}
        error={query.isError ? query.error : undefined}
        emptyText={t('adminNotifications.empty')}
      />
    </Container>
  );
}

export default AdminNotificationsPage;
