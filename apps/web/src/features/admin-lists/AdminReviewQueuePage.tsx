import type { AdminDeveloperAppRow, QueuePlace } from '@lintel/shared';
import { Anchor, Badge, Group, Stack, Switch, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../components/DataTable';
import { ListPage } from '../../components/ListPage';
import { ListSearchInput } from '../../components/ListSearchInput';
import { urlFilter, useListState } from '../../components/useListState';
import { DEVELOPER_APP_PATH, flagOnByDefault, formatDay, waitText } from './format';
import { OwnerMultiSelect } from './OwnerMultiSelect';
import { useAdminDeveloperApps } from './queries';

/** The queue sorts by these three (spec 1 §2 "Admin review queue"). */
export const REVIEW_QUEUE_SORT_KEYS = ['internal_name', 'owner', 'in_review_at'] as const;
type ReviewQueueSortKey = (typeof REVIEW_QUEUE_SORT_KEYS)[number];

const listOptions = {
  sortKeys: REVIEW_QUEUE_SORT_KEYS,
  // Oldest first: the order the queue is reviewed in.
  defaultSort: 'in_review_at',
  filters: {
    user: urlFilter.ids(),
    search: urlFilter.text(),
    in_review: flagOnByDefault(),
    with_deleted: urlFilter.flag(),
  },
} as const;

function Place({ label, place }: { label: string; place: QueuePlace | null }) {
  const { t, i18n } = useTranslation();
  if (!place) return null;
  return (
    <Text size="sm">
      {t('adminLists.reviewQueue.place', { type: label, position: place.position })}
      {' · '}
      {waitText(t, i18n.language, place.estimated_wait_hours, true)}
    </Text>
  );
}

/** Admin > Developer Apps > Review Queue: apps with a production version or a listing in review. */
export function AdminReviewQueuePage() {
  const { t } = useTranslation();
  const list = useListState(listOptions);
  const { setFilter } = list;
  const { user, search, in_review, with_deleted } = list.params.filters;
  const params = useMemo(
    () => ({ ...list.params, filters: { owner_id: user, search, in_review, with_deleted } }),
    [list.params, user, search, in_review, with_deleted],
  );
  const query = useAdminDeveloperApps(params);
  const ownerEmails = useMemo(
    () => new Map((query.data?.items ?? []).map((row) => [row.owner.id, row.owner.email])),
    [query.data],
  );

  const none = t('common.notAvailable');
  const manifest = t('adminLists.reviewQueue.type.manifest');
  const marketplace = t('adminLists.reviewQueue.type.marketplace');
  const columns = useMemo<DataTableColumn<AdminDeveloperAppRow, ReviewQueueSortKey>[]>(
    () => [
      {
        id: 'internal_name',
        header: t('adminLists.reviewQueue.columns.internalName'),
        sortKey: 'internal_name',
        render: (row) => (
          <Anchor component={Link} to={DEVELOPER_APP_PATH(row.id)} size="sm">
            {row.internal_name}
          </Anchor>
        ),
      },
      {
        id: 'owner',
        header: t('adminLists.reviewQueue.columns.ownerEmail'),
        sortKey: 'owner',
        render: (row) => row.owner.email,
      },
      {
        id: 'in_review_at',
        header: t('adminLists.reviewQueue.columns.inReviewAt'),
        sortKey: 'in_review_at',
        render: (row) => formatDay(row.in_review_at) ?? none,
      },
      {
        id: 'type',
        header: t('adminLists.reviewQueue.columns.reviewType'),
        render: (row) => (
          <Group gap={4}>
            {row.has_app_version_in_review ? (
              <Badge size="sm" variant="light">
                {manifest}
              </Badge>
            ) : null}
            {row.has_marketplace_listing_in_review ? (
              <Badge size="sm" variant="light" color="grape">
                {marketplace}
              </Badge>
            ) : null}
          </Group>
        ),
      },
      {
        id: 'listing',
        header: t('adminLists.reviewQueue.columns.listing'),
        render: (row) =>
          row.marketplace_listing_review_kind
            ? t(`adminLists.reviewQueue.kind.${row.marketplace_listing_review_kind}`)
            : '',
      },
      {
        id: 'queue',
        header: t('adminLists.reviewQueue.columns.queue'),
        render: (row) => (
          <Stack gap={2}>
            <Place label={manifest} place={row.review_queue.app_version} />
            <Place label={marketplace} place={row.review_queue.marketplace_listing} />
          </Stack>
        ),
      },
    ],
    [t, none, manifest, marketplace],
  );

  return (
    <ListPage
      title={t('adminLists.reviewQueue.title')}
      breadcrumbs={[
        t('adminLists.breadcrumbs.admin'),
        <Anchor key="apps" component={Link} to="/admin/developer_apps" size="sm">
          {t('adminLists.breadcrumbs.developerApps')}
        </Anchor>,
        t('adminLists.breadcrumbs.reviewQueue'),
      ]}
      description={t('adminLists.reviewQueue.description')}
      filters={
        <>
          <OwnerMultiSelect
            label={t('adminLists.reviewQueue.filters.user')}
            value={user}
            onChange={(ids) => setFilter('user', ids)}
            knownEmails={ownerEmails}
          />
          <ListSearchInput
            label={t('adminLists.reviewQueue.filters.search')}
            placeholder={t('adminLists.reviewQueue.filters.searchPlaceholder')}
            value={search}
            onChange={(value) => setFilter('search', value, { replace: true })}
          />
          <Stack gap={6} mt={{ sm: 'lg' }}>
            <Switch
              label={t('adminLists.reviewQueue.filters.inReview')}
              checked={in_review}
              onChange={(event) => setFilter('in_review', event.currentTarget.checked)}
            />
            <Switch
              label={t('adminLists.reviewQueue.filters.withDeleted')}
              checked={with_deleted}
              onChange={(event) => setFilter('with_deleted', event.currentTarget.checked)}
            />
          </Stack>
        </>
      }
      list={list}
      query={query}
      columns={columns}
      rowKey={(row) => row.id}
      empty={t('adminLists.reviewQueue.empty')}
    />
  );
}

export default AdminReviewQueuePage;
