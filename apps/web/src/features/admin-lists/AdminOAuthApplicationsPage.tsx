import type { AdminOAuthApplicationRow, AdminOAuthApplicationSortKey } from '@lintel/shared';
import { Anchor, Select } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../components/DataTable';
import { ListPage } from '../../components/ListPage';
import { ListSearchInput } from '../../components/ListSearchInput';
import { urlFilter, useListState } from '../../components/useListState';
import { ADMIN_OAUTH_APPLICATION_SORT_KEYS, OAUTH_ENVIRONMENTS, useAdminOAuthApplications } from './queries';

const listOptions = {
  sortKeys: ADMIN_OAUTH_APPLICATION_SORT_KEYS,
  filters: { search: urlFilter.text(), environment: urlFilter.oneOf(OAUTH_ENVIRONMENTS) },
} as const;

/** Admin > OAuth Applications (spec 1 §2): one environment at a time, searched after a 500 ms pause. */
export function AdminOAuthApplicationsPage() {
  const { t } = useTranslation();
  const list = useListState(listOptions);
  const { setFilter } = list;
  const query = useAdminOAuthApplications(list.params);

  const none = t('common.notAvailable');
  const columns = useMemo<DataTableColumn<AdminOAuthApplicationRow, AdminOAuthApplicationSortKey>[]>(
    () => [
      {
        id: 'name',
        header: t('adminLists.oauthApplications.columns.name'),
        sortKey: 'name',
        render: (row) => row.name,
      },
      {
        id: 'app',
        header: t('adminLists.oauthApplications.columns.developerApp'),
        render: (row) =>
          row.href && row.developer_app ? (
            <Anchor component={Link} to={row.href} size="sm">
              {row.developer_app.internal_name}
            </Anchor>
          ) : (
            none
          ),
      },
      {
        id: 'uid',
        header: t('adminLists.oauthApplications.columns.uid'),
        sortKey: 'uid',
        render: (row) => row.uid,
      },
      {
        id: 'owner_name',
        header: t('adminLists.oauthApplications.columns.ownerName'),
        render: (row) => row.owner_name ?? none,
      },
      {
        id: 'owner_email',
        header: t('adminLists.oauthApplications.columns.ownerEmail'),
        render: (row) => row.owner_email ?? none,
      },
    ],
    [t, none],
  );

  return (
    <ListPage
      title={t('adminLists.oauthApplications.title')}
      breadcrumbs={[t('adminLists.breadcrumbs.admin'), t('adminLists.oauthApplications.title')]}
      filters={
        <>
          <ListSearchInput
            label={t('adminLists.oauthApplications.search')}
            placeholder={t('adminLists.oauthApplications.searchPlaceholder')}
            value={list.filters.search}
            onChange={(search) => setFilter('search', search, { replace: true })}
          />
          <Select
            label={t('adminLists.oauthApplications.environment')}
            data={OAUTH_ENVIRONMENTS.map((environment) => ({
              value: environment,
              label: t(`adminLists.oauthApplications.environments.${environment}`),
            }))}
            value={list.filters.environment ?? 'production'}
            onChange={(value) =>
              setFilter(
                'environment',
                OAUTH_ENVIRONMENTS.find(
                  (environment) => environment === value && environment !== 'production',
                ) ?? null,
              )
            }
            allowDeselect={false}
            w={{ base: '100%', sm: 220 }}
          />
        </>
      }
      list={list}
      query={query}
      columns={columns}
      rowKey={(row) => `${row.environment}:${row.uid}`}
      empty={t('adminLists.oauthApplications.empty')}
    />
  );
}

export default AdminOAuthApplicationsPage;
