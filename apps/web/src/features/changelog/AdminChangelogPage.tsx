import type { AdminChangelogEntry } from '@lintel/shared';
import { Anchor, Badge, Button, Group, Select, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../components/DataTable';
import { formatDateTime } from '../../components/format';
import { ListPage } from '../../components/ListPage';
import { ListSearchInput } from '../../components/ListSearchInput';
import { urlFilter, useListState } from '../../components/useListState';
import { ADMIN_CHANGELOG_PATH } from '../shell/navigation';
import {
  ADMIN_CHANGELOG_SORT_KEYS,
  type AdminChangelogSortKey,
  CHANGELOG_TYPE_VALUES,
  useAdminChangelog,
} from './queries';
import { TYPE_COLORS } from './types';

const listOptions = {
  sortKeys: ADMIN_CHANGELOG_SORT_KEYS,
  defaultSort: '-datestamp',
  filters: { search: urlFilter.text(), type: urlFilter.oneOf(CHANGELOG_TYPE_VALUES) },
} as const;

/** Admin > Changelog: every entry, hidden and non-public ones marked, newest first. */
export function AdminChangelogPage() {
  const { t } = useTranslation();
  const list = useListState(listOptions);
  const query = useAdminChangelog(list.params);
  const { setFilter } = list;

  const columns = useMemo<DataTableColumn<AdminChangelogEntry, AdminChangelogSortKey>[]>(
    () => [
      {
        id: 'datestamp',
        header: t('changelog.admin.columns.datestamp'),
        sortKey: 'datestamp',
        render: (row) => row.datestamp,
        width: 120,
      },
      {
        id: 'summary',
        header: t('changelog.admin.columns.summary'),
        sortKey: 'summary',
        render: (row) => (
          <Anchor component={Link} to={`${ADMIN_CHANGELOG_PATH}/${row.id}/edit`} fw={500}>
            {row.summary}
          </Anchor>
        ),
      },
      {
        id: 'type',
        header: t('changelog.admin.columns.type'),
        sortKey: 'type',
        render: (row) => (
          <Group gap={4}>
            <Badge color={TYPE_COLORS[row.type]} variant="light">
              {t(`changelog.types.${row.type}`)}
            </Badge>
            {row.breaking && row.type !== 'breaking' ? (
              <Badge color="red" variant="outline">
                {t('changelog.entry.breaking')}
              </Badge>
            ) : null}
          </Group>
        ),
      },
      {
        id: 'visibility',
        header: t('changelog.admin.columns.visibility'),
        render: (row) => (
          <Group gap={4}>
            {row.hidden ? (
              <Badge color="gray" variant="filled">
                {t('changelog.admin.hiddenMarker')}
              </Badge>
            ) : null}
            <Text size="sm">
              {row.public
                ? t('changelog.admin.visibility.public')
                : t('changelog.admin.visibility.nonPublic')}
            </Text>
            {row.documentation_branch ? (
              <Badge color="blue" variant="outline">
                {t('changelog.admin.branchMarker', { branch: row.documentation_branch })}
              </Badge>
            ) : null}
          </Group>
        ),
      },
      {
        id: 'updated',
        header: t('changelog.admin.columns.updated'),
        sortKey: 'updated_at',
        render: (row) => formatDateTime(row.updated_at),
      },
    ],
    [t],
  );

  return (
    <ListPage
      title={t('changelog.admin.title')}
      breadcrumbs={[t('shell.nav.admin'), t('changelog.admin.title')]}
      description={t('changelog.admin.description')}
      actions={
        <Button
          component={Link}
          to={`${ADMIN_CHANGELOG_PATH}/new`}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {t('changelog.admin.create')}
        </Button>
      }
      filters={
        <>
          <ListSearchInput
            label={t('changelog.admin.filters.search')}
            placeholder={t('changelog.admin.filters.searchPlaceholder')}
            value={list.filters.search}
            onChange={(search) => setFilter('search', search, { replace: true })}
          />
          <Select
            label={t('changelog.admin.filters.type')}
            placeholder={t('changelog.admin.filters.allTypes')}
            data={CHANGELOG_TYPE_VALUES.map((type) => ({ value: type, label: t(`changelog.types.${type}`) }))}
            value={list.filters.type}
            onChange={(value) =>
              setFilter('type', CHANGELOG_TYPE_VALUES.find((type) => type === value) ?? null)
            }
            clearable
            w={{ base: '100%', sm: 200 }}
          />
        </>
      }
      list={list}
      query={query}
      columns={columns}
      rowKey={(row) => row.id}
      empty={t('changelog.admin.empty')}
    />
  );
}

export default AdminChangelogPage;
