import type { AdminDeveloperRow, AdminDeveloperSortKey } from '@lintel/shared';
import { Anchor } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DataTableColumn } from '../../components/DataTable';
import { ListPage } from '../../components/ListPage';
import { ListSearchInput } from '../../components/ListSearchInput';
import { urlFilter, useListState } from '../../components/useListState';
import { DEVELOPER_EDIT_PATH } from './format';
import { ADMIN_DEVELOPER_SORT_KEYS, useAdminDevelopers } from './queries';

const listOptions = {
  sortKeys: ADMIN_DEVELOPER_SORT_KEYS,
  filters: { search: urlFilter.text() },
} as const;

/** Admin > Registered Developers (spec 1 §2): rows open the developer's edit page. */
export function AdminDevelopersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListState(listOptions);
  const { setFilter } = list;
  const query = useAdminDevelopers(list.params);

  const none = t('common.notAvailable');
  const columns = useMemo<DataTableColumn<AdminDeveloperRow, AdminDeveloperSortKey>[]>(
    () => [
      {
        id: 'name',
        header: t('adminLists.developers.columns.name'),
        sortKey: 'name',
        render: (row) => (
          <Anchor
            component={Link}
            to={DEVELOPER_EDIT_PATH(row.id)}
            size="sm"
            onClick={(event) => event.stopPropagation()}
          >
            {row.name}
          </Anchor>
        ),
      },
      {
        id: 'company',
        header: t('adminLists.developers.columns.company'),
        sortKey: 'companyName',
        render: (row) => row.company_name,
      },
      {
        id: 'email',
        header: t('adminLists.developers.columns.email'),
        sortKey: 'email',
        render: (row) => row.email,
      },
      {
        id: 'platform_id',
        header: t('adminLists.developers.columns.platformId'),
        sortKey: 'platform_id',
        render: (row) => row.platform_id ?? none,
      },
    ],
    [t, none],
  );

  return (
    <ListPage
      title={t('adminLists.developers.title')}
      breadcrumbs={[t('adminLists.breadcrumbs.admin'), t('adminLists.breadcrumbs.developers')]}
      filters={
        <ListSearchInput
          label={t('adminLists.developers.search')}
          placeholder={t('adminLists.developers.searchPlaceholder')}
          value={list.filters.search}
          onChange={(search) => setFilter('search', search, { replace: true })}
        />
      }
      list={list}
      query={query}
      columns={columns}
      rowKey={(row) => row.id}
      empty={t('adminLists.developers.empty')}
      onRowClick={(row) => navigate(DEVELOPER_EDIT_PATH(row.id))}
      rowLabel={(row) => t('adminLists.developers.openRow', { name: row.name, email: row.email })}
    />
  );
}

export default AdminDevelopersPage;
