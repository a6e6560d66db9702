import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/DataTable';
import { ListPage } from '../../components/ListPage';
import { urlFilter, useListState } from '../../components/useListState';
import {
  ANALYTICS_KEYS,
  ANALYTICS_SORT_KEYS,
  type AnalyticsCount,
  type AnalyticsSortKey,
  useAnalyticsCounts,
} from './queries';

const listOptions = {
  sortKeys: ANALYTICS_SORT_KEYS,
  defaultSort: '-day',
  filters: { key: urlFilter.oneOf(ANALYTICS_KEYS) },
} as const;

/** Admin > Analytics: how often each analytics event was sent, per key and day. */
export function AdminAnalyticsPage() {
  const { t } = useTranslation();
  const list = useListState(listOptions);
  const query = useAnalyticsCounts(list.params);
  const { setFilter } = list;

  const columns = useMemo<DataTableColumn<AnalyticsCount, AnalyticsSortKey>[]>(
    () => [
      { id: 'day', header: t('metrics.analytics.columns.day'), sortKey: 'day', render: (row) => row.day },
      { id: 'key', header: t('metrics.analytics.columns.key'), sortKey: 'key', render: (row) => row.key },
      {
        id: 'count',
        header: t('metrics.analytics.columns.count'),
        sortKey: 'count',
        render: (row) => row.count,
      },
    ],
    [t],
  );

  return (
    <ListPage
      title={t('metrics.analytics.title')}
      breadcrumbs={[t('shell.nav.admin'), t('metrics.analytics.title')]}
      description={t('metrics.analytics.description')}
      filters={
        <Select
          label={t('metrics.analytics.filters.key')}
          placeholder={t('metrics.analytics.filters.allKeys')}
          data={[...ANALYTICS_KEYS]}
          value={list.filters.key}
          onChange={(value) => setFilter('key', ANALYTICS_KEYS.find((key) => key === value) ?? null)}
          clearable
          w={{ base: '100%', sm: 360 }}
        />
      }
      list={list}
      query={query}
      columns={columns}
      rowKey={(row) => `${row.key}:${row.day}`}
      empty={t('metrics.analytics.empty')}
    />
  );
}

export default AdminAnalyticsPage;
