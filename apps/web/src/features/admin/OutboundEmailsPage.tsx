import type { OutboundEmail, OutboundEmailStatus } from '@lintel/shared';
import { Breadcrumbs, Container, Group, Select, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { ForbiddenPage } from '../../components/ErrorPage';
import { formatDateTime } from '../../components/format';
import { useListState } from '../../components/useListState';
import { OutboundEmailDrawer } from './OutboundEmailDrawer';
import { OutboundEmailStatusBadge } from './OutboundEmailStatusBadge';
import { useOutboundEmails } from './queries';

/** Spec 1 §9: filter inputs are debounced 500 ms. */
const SEARCH_DEBOUNCE_MS = 500;
const STATUSES: OutboundEmailStatus[] = ['queued', 'sent', 'failed'];

interface Filters {
  search: string;
  status: OutboundEmailStatus | null;
}

/** Admin > Outbound e-mail: every e-mail the portal queued, with its delivery state. */
export function OutboundEmailsPage() {
  const { t } = useTranslation();
  const list = useListState<Filters>({
    initialSort: '-created_at',
    initialFilters: { search: '', status: null },
  });
  const [searchInput, setSearchInput] = useState('');
  const [debouncedSearch] = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<OutboundEmail | null>(null);
  const { setFilter, syncPaging } = list;

  useEffect(() => setFilter('search', debouncedSearch), [debouncedSearch, setFilter]);

  const query = useOutboundEmails({
    page: list.page,
    perPage: list.perPage,
    sort: list.sort,
    search: list.filters.search,
    status: list.filters.status,
  });

  useEffect(() => {
    if (query.data) syncPaging(query.data.total, query.data.perPage);
  }, [query.data, syncPaging]);

  const none = t('common.notAvailable');
  const columns = useMemo<DataTableColumn<OutboundEmail>[]>(
    () => [
      { id: 'to', header: t('admin.outboundEmails.columns.to'), sortKey: 'to', render: (row) => row.to },
      {
        id: 'subject',
        header: t('admin.outboundEmails.columns.subject'),
        sortKey: 'subject',
        render: (row) => (
          <Text size="sm" lineClamp={2}>
            {row.subject}
          </Text>
        ),
      },
      {
        id: 'status',
        header: t('admin.outboundEmails.columns.status'),
        sortKey: 'status',
        render: (row) => <OutboundEmailStatusBadge status={row.status} />,
      },
      { id: 'attempts', header: t('admin.outboundEmails.columns.attempts'), render: (row) => row.attempts },
      {
        id: 'created',
        header: t('admin.outboundEmails.columns.created'),
        sortKey: 'created_at',
        render: (row) => formatDateTime(row.created_at) ?? none,
      },
      {
        id: 'sent',
        header: t('admin.outboundEmails.columns.sent'),
        render: (row) => formatDateTime(row.sent_at) ?? none,
      },
    ],
    [t, none],
  );

  if (isApiError(query.error) && query.error.status === 403) return <ForbiddenPage />;

  return (
    <Container size="xl" py="md">
      <Breadcrumbs mb="xs" role="navigation" aria-label={t('common.breadcrumbs')}>
        <Text size="sm" c="dimmed">
          {t('shell.nav.admin')}
        </Text>
        <Text size="sm">{t('admin.outboundEmails.title')}</Text>
      </Breadcrumbs>
      <Title order={1}>{t('admin.outboundEmails.title')}</Title>
      <Text c="dimmed" mb="lg">
        {t('admin.outboundEmails.description')}
      </Text>
      <Group mb="md" align="flex-end" wrap="wrap">
        <TextInput
          label={t('admin.outboundEmails.filters.search')}
          placeholder={t('admin.outboundEmails.filters.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchInput}
          onChange={(event) => setSearchInput(event.currentTarget.value)}
          type="search"
          w={{ base: '100%', sm: 320 }}
        />
        <Select
          label={t('admin.outboundEmails.filters.status')}
          placeholder={t('admin.outboundEmails.filters.allStatuses')}
          data={STATUSES.map((status) => ({
            value: status,
            label: t(`admin.outboundEmails.status.${status}`),
          }))}
          value={list.filters.status}
          onChange={(value) => list.setFilter('status', STATUSES.find((status) => status === value) ?? null)}
          clearable
          w={{ base: '100%', sm: 200 }}
        />
      </Group>
      <DataTable
        label={t('admin.outboundEmails.title')}
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
        emptyText={t('admin.outboundEmails.empty')}
        onRowClick={setSelected}
        rowLabel={(row) => t('admin.outboundEmails.openRow', { subject: row.subject, to: row.to })}
      />
      <OutboundEmailDrawer email={selected} onClose={() => setSelected(null)} />
    </Container>
  );
}

export default OutboundEmailsPage;
