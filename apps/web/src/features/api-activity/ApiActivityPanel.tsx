import '@mantine/dates/styles.css';
import { API_METHODS, API_STATUS_CLASSES, type ApiCall, fillMinutes } from '@lintel/shared';
import {
  Box,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconActivity } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LiveToggle, LoadOlder } from '../../components/HttpExchange';
import { ListSearchInput } from '../../components/ListSearchInput';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { ApiCallDrawer } from './ApiCallDrawer';
import { BucketUsageList } from './BucketUsageList';
import {
  type ActivityFilters,
  filtersFromSearch,
  hasFilters,
  NO_FILTERS,
  searchWithFilters,
  TIME_RANGES,
  type TimeRange,
} from './filters';
import { LazyActivityChart } from './LazyActivityChart';
import { mergeCalls } from './merge';
import { apiActivityKeys, useApiActivitySummary, useApiCallPages, useNewestCalls } from './queries';
import { StatusBadge } from './StatusBadge';

export interface ApiActivityPanelProps {
  appId: number;
  /** The admin app page: the admin endpoints (any app, deleted ones too). */
  admin?: boolean;
  /** The empty state's way to a first call (the credentials and their Try it panel). */
  firstCallAction?: ReactNode;
}

function useFilters(): [ActivityFilters, (next: ActivityFilters, replace?: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const set = (next: ActivityFilters, replace = false) =>
    setParams((current) => searchWithFilters(current, next), { replace });
  return [filters, set];
}

/** The call the URL opens (`?call=123`), so a pasted link shows it. */
function useOpenCall(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('call');
  const open = raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
  const set = (id: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('call');
        else next.set('call', String(id));
        return next;
      },
      { replace: id === null },
    );
  return [open, set];
}

function FilterBar({ filters, onChange }: { filters: ActivityFilters; onChange: ActivityFiltersChange }) {
  const { t } = useTranslation();
  const parseDate = (value: string | null) =>
    value ? new Date(value.replace(' ', 'T')).toISOString() : null;
  return (
    <Box component="fieldset" p={0} m={0} style={{ border: 0 }}>
      <VisuallyHidden component="legend">{t('apiActivity.filters.label')}</VisuallyHidden>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('apiActivity.filters.status')}
          placeholder={t('apiActivity.filters.anyStatus')}
          data={API_STATUS_CLASSES.map((value) => ({ value, label: value }))}
          value={filters.status}
          onChange={(value) => onChange({ ...filters, status: (value as ActivityFilters['status']) ?? null })}
          clearable
          w={140}
        />
        <Select
          label={t('apiActivity.filters.method')}
          placeholder={t('apiActivity.filters.anyMethod')}
          data={API_METHODS.map((value) => ({ value, label: value }))}
          value={filters.method}
          onChange={(value) => onChange({ ...filters, method: (value as ActivityFilters['method']) ?? null })}
          clearable
          w={150}
        />
        <ListSearchInput
          label={t('apiActivity.filters.path')}
          placeholder={t('apiActivity.filters.pathPlaceholder')}
          value={filters.path}
          onChange={(path) => onChange({ ...filters, path }, true)}
        />
        <Select
          label={t('apiActivity.filters.environment')}
          placeholder={t('apiActivity.filters.anyEnvironment')}
          data={(['sandbox', 'production'] as const).map((value) => ({
            value,
            label: t(`apiActivity.environments.${value}`),
          }))}
          value={filters.environment}
          onChange={(value) =>
            onChange({ ...filters, environment: (value as ActivityFilters['environment']) ?? null })
          }
          clearable
          w={200}
        />
        <Select
          label={t('apiActivity.filters.range')}
          data={TIME_RANGES.map((value) => ({ value, label: t(`apiActivity.filters.ranges.${value}`) }))}
          value={filters.range}
          onChange={(value) => onChange({ ...filters, range: (value as TimeRange | null) ?? 'all' })}
          allowDeselect={false}
          w={190}
        />
        {filters.range === 'custom' ? (
          <>
            <DateTimePicker
              label={t('apiActivity.filters.from')}
              value={filters.from}
              onChange={(value) => onChange({ ...filters, from: parseDate(value) })}
              clearable
              withSeconds={false}
              w={200}
            />
            <DateTimePicker
              label={t('apiActivity.filters.to')}
              value={filters.to}
              onChange={(value) => onChange({ ...filters, to: parseDate(value) })}
              clearable
              withSeconds={false}
              w={200}
            />
          </>
        ) : null}
        {hasFilters(filters) ? (
          <Button variant="subtle" onClick={() => onChange(NO_FILTERS)}>
            {t('apiActivity.filters.clear')}
          </Button>
        ) : null}
      </Group>
    </Box>
  );
}

type ActivityFiltersChange = (next: ActivityFilters, replace?: boolean) => void;

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function CallsTable({ calls, onOpen }: { calls: ApiCall[]; onOpen: (call: ApiCall) => void }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover verticalSpacing="xs" fz="sm">
        <Table.Caption style={visuallyHidden}>{t('apiActivity.table.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('apiActivity.table.time')}</Table.Th>
            <Table.Th>{t('apiActivity.table.method')}</Table.Th>
            <Table.Th>{t('apiActivity.table.path')}</Table.Th>
            <Table.Th>{t('apiActivity.table.status')}</Table.Th>
            <Table.Th ta="right">{t('apiActivity.table.duration')}</Table.Th>
            <Table.Th>{t('apiActivity.table.environment')}</Table.Th>
            <Table.Th>{t('apiActivity.table.company')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {calls.map((call) => {
            const when = time.format(new Date(call.occurred_at));
            return (
              <Table.Tr key={call.id} onClick={() => onOpen(call)} style={{ cursor: 'pointer' }}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={call.occurred_at}>{when}</time>
                </Table.Td>
                <Table.Td ff="monospace">{call.method}</Table.Td>
                <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  <UnstyledButton
                    ff="monospace"
                    fz="sm"
                    c="indigo.7"
                    aria-label={t('apiActivity.table.open', {
                      method: call.method,
                      path: call.path,
                      time: when,
                    })}
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(call);
                    }}
                  >
                    {call.path}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={call.status} />
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {t('apiActivity.table.durationMs', { value: Math.round(call.duration_ms) })}
                </Table.Td>
                <Table.Td>{t(`apiActivity.environments.${call.environment}`)}</Table.Td>
                <Table.Td>{call.company_id ?? t('apiActivity.table.noCompany')}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function EmptyCalls({ filtered, action }: { filtered: boolean; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" maw={460} ta="center">
        <ThemeIcon variant="light" size={48} radius="xl" color="indigo">
          <IconActivity size={26} aria-hidden />
        </ThemeIcon>
        <Title order={3} size="h4">
          {filtered ? t('apiActivity.empty.filteredTitle') : t('apiActivity.empty.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {filtered ? t('apiActivity.empty.filteredDescription') : t('apiActivity.empty.description')}
        </Text>
        {filtered ? null : action}
      </Stack>
    </Center>
  );
}

function SummaryCards({ appId, admin, live }: { appId: number; admin: boolean; live: boolean }) {
  const { t, i18n } = useTranslation();
  const summary = useApiActivitySummary(appId, admin, live);
  const points = useMemo(
    () =>
      summary.data ? fillMinutes(summary.data.per_minute, summary.data.since, summary.data.generated_at) : [],
    [summary.data],
  );
  const number = new Intl.NumberFormat(i18n.resolvedLanguage);
  const totals = summary.data?.per_minute.reduce(
    (sum, minute) => ({ calls: sum.calls + minute.calls, errors: sum.errors + minute.errors }),
    { calls: 0, errors: 0 },
  );
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card withBorder padding="md" component="section" aria-labelledby="api-activity-chart" h="100%">
          <Title order={3} size="h5" id="api-activity-chart">
            {t('apiActivity.chart.title')}
          </Title>
          {summary.isPending ? (
            <Skeleton h={180} mt="sm" />
          ) : summary.isError ? (
            <QueryErrorAlert error={summary.error} onRetry={() => void summary.refetch()} />
          ) : (
            <>
              <Text size="xs" c="dimmed" mb="xs">
                {t('apiActivity.chart.totals', {
                  calls: number.format(totals?.calls ?? 0),
                  errors: number.format(totals?.errors ?? 0),
                })}
              </Text>
              <LazyActivityChart points={points} />
            </>
          )}
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Card withBorder padding="md" component="section" aria-labelledby="api-activity-buckets" h="100%">
          <Title order={3} size="h5" id="api-activity-buckets" mb="sm">
            {t('apiActivity.buckets.title')}
          </Title>
          {summary.isPending ? (
            <Skeleton h={80} />
          ) : summary.isError ? null : (
            <BucketUsageList buckets={summary.data.buckets} />
          )}
        </Card>
      </Grid.Col>
    </Grid>
  );
}

/**
 * An app's API activity (issue 21; Stripe's request log is the model): the calls newest first with
 * filters (kept in the URL), live while open (new calls come in at the top every few seconds, the rows
 * already shown stay, a toggle pauses), "Load older" along the cursor; calls and errors per minute over
 * 24 hours; each bucket's current use; a call opens its details in a drawer.
 */
export function ApiActivityPanel({ appId, admin = false, firstCallAction }: ApiActivityPanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useFilters();
  const [openCall, setOpenCall] = useOpenCall();
  const [live, setLive] = useState(true);
  const [heading, setHeading] = useState<{ method: string; path: string } | null>(null);
  const pages = useApiCallPages(appId, admin, filters);
  const newest = useNewestCalls(appId, admin, filters, live, pages.isSuccess);
  const loaded = useMemo(() => pages.data?.pages.flatMap((page) => page.calls) ?? [], [pages.data]);
  const merged = useMemo(() => mergeCalls(newest.data, loaded), [newest.data, loaded]);

  // More calls came in between two polls than a page holds: read the list again from the top.
  useEffect(() => {
    if (merged.gap)
      void queryClient.resetQueries({ queryKey: apiActivityKeys.calls(appId, admin, filters), exact: true });
  }, [merged.gap, queryClient, appId, admin, filters]);

  const open = (call: ApiCall) => {
    setHeading({ method: call.method, path: call.path });
    setOpenCall(call.id);
  };

  let list: ReactNode;
  if (pages.isPending) {
    list = (
      <Center py="xl">
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      </Center>
    );
  } else if (pages.isError) {
    list = (
      <QueryErrorAlert
        error={pages.error}
        onRetry={() => void pages.refetch()}
        title={t('apiActivity.loadError')}
      />
    );
  } else if (merged.calls.length === 0) {
    list = <EmptyCalls filtered={hasFilters(filters)} action={firstCallAction} />;
  } else {
    list = (
      <Stack gap="sm">
        <CallsTable calls={merged.calls} onOpen={open} />
        <LoadOlder
          pages={pages}
          labels={{ loadOlder: t('apiActivity.table.loadOlder'), end: t('apiActivity.table.end') }}
        />
      </Stack>
    );
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="api-activity-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2} maw={640}>
            <Title order={2} size="h3" id="api-activity-title">
              {t('apiActivity.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('apiActivity.description')}
            </Text>
          </Stack>
          <LiveToggle
            live={live}
            onToggle={() => setLive((value) => !value)}
            labels={{
              on: t('apiActivity.live.on'),
              paused: t('apiActivity.live.paused'),
              hint: t('apiActivity.live.hint'),
              pause: t('apiActivity.live.pause'),
              resume: t('apiActivity.live.resume'),
            }}
          />
        </Group>
        <SummaryCards appId={appId} admin={admin} live={live} />
        <FilterBar filters={filters} onChange={setFilters} />
        {list}
      </Stack>
      <ApiCallDrawer
        appId={appId}
        admin={admin}
        callId={openCall}
        heading={heading}
        onClose={() => setOpenCall(null)}
      />
    </Card>
  );
}
