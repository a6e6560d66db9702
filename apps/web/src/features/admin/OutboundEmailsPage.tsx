import type { OutboundEmail } from '@lintel/shared';
import { Select, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/DataTable';
import { formatDateTime } from '../../components/format';
import { ListPage } from '../../components/ListPage';
import { ListSearchInput } from '../../components/ListSearchInput';
import { urlFilter, useListState } from '../../components/useListState';
import { OutboundEmailDrawer } from './OutboundEmailDrawer';
import { OutboundEmailStatusBadge } from './OutboundEmailStatusBadge';
import {
  OUTBOUND_EMAIL_SORT_KEYS,
  OUTBOUND_EMAIL_STATUSES,
  type OutboundEmailSortKey,
  useOutboundEmails,
} from './queries';

const listOptions = {
  sortKeys: OUTBOUND_EMAIL_SORT_KEYS,
  defaultSort: '-created_at',
  filters: { search: urlFilter.text(), status: urlFilter.oneOf(OUTBOUND_EMAIL_STATUSES) },
} as const;

/** Admin > Outbound e-mail: every e-mail the portal queued, with its delivery state. */
export function OutboundEmailsPage() {
  const { t } = useTranslation();
  const list = useListState(listOptions);
  const query = useOutboundEmails(list.params);
  const [selected, setSelected] = useState<OutboundEmail | null>(null);
  const { setFilter } = list;

  const none = t('common.notAvailable');
  const columns = useMemo<DataTableColumn<OutboundEmail, OutboundEmailSortKey>[]>(
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

  return (
    <ListPage
      title={t('admin.outboundEmails.title')}
      breadcrumbs={[t('shell.nav.admin'), t('admin.outboundEmails.title')]}
      description={t('admin.outboundEmails.description')}
      filters={
        <>
          <ListSearchInput
            label={t('admin.outboundEmails.filters.search')}
            placeholder={t('admin.outboundEmails.filters.searchPlaceholder')}
            value={list.filters.search}
            onChange={(search) => setFilter('search', search, { replace: true })}
          />
          <Select
            label={t('admin.outboundEmails.filters.status')}
            placeholder={t('admin.outboundEmails.filters.allStatuses')}
            data={OUTBOUND_EMAIL_STATUSES.map((status) => ({
              value: status,
              label: t(`admin.outboundEmails.status.${status}`),
            }))}
            value={list.filters.status}
            onChange={(value) =>
              setFilter('status', OUTBOUND_EMAIL_STATUSES.find((status) => status === value) ?? null)
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
      empty={t('admin.outboundEmails.empty')}
      onRowClick={setSelected}
      rowLabel={(row) => t('admin.outboundEmails.openRow', { subject: row.subject, to: row.to })}
    >
      <OutboundEmailDrawer email={selected} onClose={() => setSelected(null)} />
    </ListPage>
  );
}

export default OutboundEmailsPage;
