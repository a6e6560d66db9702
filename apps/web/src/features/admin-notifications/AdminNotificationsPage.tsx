import type { AdminNotification } from '@lintel/shared';
import { Anchor, Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../components/DataTable';
import { ListPage } from '../../components/ListPage';
import { MarkdownText } from '../../components/Markdown';
import { useListState } from '../../components/useListState';
import { ADMIN_NOTIFICATIONS_PATH } from '../shell/navigation';
import {
  ADMIN_NOTIFICATION_SORT_KEYS,
  type AdminNotificationSortKey,
  useAdminNotifications,
} from './queries';
import { YesNoIcon } from './YesNoIcon';

/** Shown as visible only when visible, not a draft and past show_after (spec 1 §4). */
export function isListedVisible(row: AdminNotification): boolean {
  return row.visible && !row.draft && row.visible_by_show_after;
}

const listOptions = { sortKeys: ADMIN_NOTIFICATION_SORT_KEYS, defaultSort: '-created_at' } as const;

/** Admin > Notifications: every notification, newest first, with its visibility (spec 1 §2). */
export function AdminNotificationsPage() {
  const { t } = useTranslation();
  const list = useListState(listOptions);
  const query = useAdminNotifications(list.params);

  const columns = useMemo<DataTableColumn<AdminNotification, AdminNotificationSortKey>[]>(
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
            <MarkdownText>{row.summary}</MarkdownText>
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

  return (
    <ListPage
      title={t('adminNotifications.title')}
      breadcrumbs={[t('shell.nav.admin'), t('adminNotifications.title')]}
      actions={
        <Button
          component={Link}
          to={`${ADMIN_NOTIFICATIONS_PATH}/new`}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {t('adminNotifications.create')}
        </Button>
      }
      list={list}
      query={query}
      columns={columns}
      rowKey={(row) => row.id}
      empty={t('adminNotifications.empty')}
    />
  );
}

export default AdminNotificationsPage;
