import { DEFAULT_PER_PAGE } from '@lintel/shared';
import { Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { auditColumns } from './columns';
import { useAuditEvents } from './queries';

/**
 * One app's audit events, newest first (issue 11: "an app's audit events also show on its admin page").
 * The admin app page embeds it; its route loads the `audit` namespace.
 */
export function AppAuditEvents({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useAuditEvents({
    page,
    perPage: DEFAULT_PER_PAGE,
    sort: '-created_at',
    filters: { actor_id: null, developer_app_id: appId, action: null, dates: [] },
  });
  const columns = useMemo(
    () => auditColumns(t, { withApp: false }).map(({ sortKey: _sortKey, ...column }) => column),
    [t],
  );
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('audit.appEvents.title')}
      </Title>
      <DataTable
        label={t('audit.appEvents.label')}
        columns={columns}
        rows={query.data?.items}
        rowKey={(event) => event.id}
        total={query.data?.total ?? 0}
        perPage={query.data?.perPage ?? DEFAULT_PER_PAGE}
        page={page}
        onPageChange={setPage}
        sort={null}
        onSortToggle={() => undefined}
        loading={query.isFetching}
        error={query.error ?? undefined}
        emptyText={t('audit.appEvents.empty')}
      />
    </Stack>
  );
}

export default AppAuditEvents;
