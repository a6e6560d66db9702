import type { AdminDeveloperAppRow, AdminDeveloperAppSortKey } from '@lintel/shared';
import { Anchor, Badge, Button, Group, Switch, Text } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../components/DataTable';
import { ListPage } from '../../components/ListPage';
import { ListSearchInput } from '../../components/ListSearchInput';
import { urlFilter, useListState } from '../../components/useListState';
import { DEVELOPER_APP_PATH, formatDay } from './format';
import { OwnerMultiSelect } from './OwnerMultiSelect';
import { ADMIN_DEVELOPER_APP_SORT_KEYS, useAdminDeveloperApps } from './queries';

const listOptions = {
  sortKeys: ADMIN_DEVELOPER_APP_SORT_KEYS,
  defaultSort: '-created_at',
  filters: { search: urlFilter.text(), owner_id: urlFilter.ids(), with_deleted: urlFilter.flag() },
} as const;

/** Admin > Developer Apps (spec 1 §2): search, 'Created By', and the six sortable columns. */
export function AdminDeveloperAppsPage() {
  const { t } = useTranslation();
  const list = useListState(listOptions);
  const { setFilter } = list;
  const params = useMemo(
    () => ({ ...list.params, filters: { ...list.params.filters, in_review: false } }),
    [list.params],
  );
  const query = useAdminDeveloperApps(params);
  const ownerEmails = useMemo(
    () => new Map((query.data?.items ?? []).map((row) => [row.owner.id, row.owner.email])),
    [query.data],
  );

  const none = t('common.notAvailable');
  const columns = useMemo<DataTableColumn<AdminDeveloperAppRow, AdminDeveloperAppSortKey>[]>(
    () => [
      {
        id: 'published',
        header: t('adminLists.developerApps.columns.published'),
        sortKey: 'app_id',
        render: (row) =>
          row.app_id === null ? (
            none
          ) : (
            <Group gap={6} wrap="nowrap">
              <Text size="sm">{row.app_id}</Text>
              {row.live ? (
                <Badge color="green" size="sm" title={t('adminLists.developerApps.liveHint')}>
                  {t('adminLists.developerApps.live')}
                </Badge>
              ) : null}
            </Group>
          ),
      },
      {
        id: 'name',
        header: t('adminLists.developerApps.columns.name'),
        sortKey: 'internal_name',
        render: (row) => (
          <Group gap={6} wrap="nowrap">
            <Anchor component={Link} to={DEVELOPER_APP_PATH(row.id)} size="sm">
              {row.internal_name}
            </Anchor>
            {row.deleted_at ? (
              <Badge color="red" size="sm" variant="light">
                {t('adminLists.developerApps.deleted')}
              </Badge>
            ) : null}
          </Group>
        ),
      },
      {
        id: 'owner',
        header: t('adminLists.developerApps.columns.ownerEmail'),
        sortKey: 'owner',
        render: (row) => row.owner.email,
      },
      {
        id: 'created',
        header: t('adminLists.developerApps.columns.createdAt'),
        sortKey: 'created_at',
        render: (row) => formatDay(row.created_at) ?? none,
      },
      {
        id: 'in_review',
        header: t('adminLists.developerApps.columns.inReviewAt'),
        sortKey: 'in_review_at',
        render: (row) => formatDay(row.marketplace_listing_in_review_at) ?? none,
      },
      {
        id: 'deleted',
        header: t('adminLists.developerApps.columns.deletedAt'),
        sortKey: 'deleted_at',
        render: (row) => formatDay(row.deleted_at) ?? none,
      },
    ],
    [t, none],
  );

  return (
    <ListPage
      title={t('adminLists.developerApps.title')}
      breadcrumbs={[t('adminLists.breadcrumbs.admin'), t('adminLists.breadcrumbs.developerApps')]}
      description={t('adminLists.developerApps.description')}
      actions={
        <Button
          component={Link}
          to="/admin/review_queue"
          variant="light"
          leftSection={<IconListCheck size={16} aria-hidden />}
        >
          {t('adminLists.developerApps.reviewQueueLink')}
        </Button>
      }
      filters={
        <>
          <ListSearchInput
            label={t('adminLists.developerApps.search')}
            placeholder={t('adminLists.developerApps.searchPlaceholder')}
            value={list.filters.search}
            onChange={(search) => setFilter('search', search, { replace: true })}
          />
          <OwnerMultiSelect
            label={t('adminLists.developerApps.createdBy')}
            value={list.filters.owner_id}
            onChange={(ids) => setFilter('owner_id', ids)}
            knownEmails={ownerEmails}
          />
          <Switch
            label={t('adminLists.developerApps.withDeleted')}
            checked={list.filters.with_deleted}
            onChange={(event) => setFilter('with_deleted', event.currentTarget.checked)}
            mt={{ sm: 'xl' }}
          />
        </>
      }
      list={list}
      query={query}
      columns={columns}
      rowKey={(row) => row.id}
      empty={t('adminLists.developerApps.empty')}
    />
  );
}

export default AdminDeveloperAppsPage;
