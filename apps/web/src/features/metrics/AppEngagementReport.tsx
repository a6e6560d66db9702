import { type AdminInstallationRecord, type InstallationRecord, totalPages } from '@lintel/shared';
import {
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { type MouseEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { formatDateTime, formatNumber } from '../../components/format';
import { PageLoader } from '../../components/PageLoader';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { DAYS_PER_PAGE, fillDays, hasMetricsData } from './days';
import { LazyMetricsChart } from './LazyMetricsChart';
import { FEED_SIZE, installationsCsvPath, trackMetricsEvent, useAppMetrics } from './queries';

export interface AppEngagementReportProps {
  appId: number;
  /** The admin view: the admin endpoints, installer e-mails in the feed and the CSV. */
  admin?: boolean;
  /** Sent with the CSV click's analytics event (spec 1 §7). */
  appName?: string;
}

/**
 * The App Engagement Report (spec 1 §2): Export CSV, the area chart, the KPI boxes, the per-day table
 * (25 days a page, every day from the earliest to the latest date) and the install feed. The
 * developer page and the admin app page's Metrics tab both show it.
 */
export function AppEngagementReport({ appId, admin = false, appName }: AppEngagementReportProps) {
  const { t, i18n } = useTranslation();
  const [feedPage, setFeedPage] = useState(1);
  const query = useAppMetrics(appId, admin, feedPage);
  const { pathname } = useLocation();
  const metrics = query.data;
  const days = useMemo(
    () =>
      metrics
        ? fillDays(metrics.daily_app_installations_aggregates, metrics.daily_marketplace_app_views_aggregates)
        : [],
    [metrics],
  );
  const [page, setPage] = useState(1);

  if (query.isPending) return <PageLoader />;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (!metrics || !hasMetricsData(metrics)) {
    return (
      <Alert variant="light" color="gray" role="status">
        {t('metrics.report.noMetricsAvailable')}
      </Alert>
    );
  }

  const csvPath = installationsCsvPath(appId, admin ? pathname : undefined);
  const exportCsv = async (event: MouseEvent<HTMLAnchorElement>) => {
    // The event is sent first, then the browser goes to the file (spec 1 §7).
    event.preventDefault();
    await trackMetricsEvent('developers.app_metrics.download_csv.clicked', {
      developer_app_id: appId,
      ...(appName ? { app_name: appName } : {}),
    });
    window.location.assign(csvPath);
  };

  const pages = Math.max(1, Math.ceil(days.length / DAYS_PER_PAGE));
  const current = Math.min(page, pages);
  const shown = days.slice((current - 1) * DAYS_PER_PAGE, current * DAYS_PER_PAGE);
  const feed = metrics.app_installations;
  const feedPages = totalPages(feed.total_count, FEED_SIZE);
  // A page past the end (fewer installations since) is never asked for: the last one is shown.
  const shownFeedPage = Math.min(feedPage, feedPages);

  return (
    <Stack gap="lg">
      <Group justify="flex-end">
        <Button
          component="a"
          href={csvPath}
          onClick={exportCsv}
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          variant="light"
        >
          {t('metrics.report.exportCsv')}
        </Button>
      </Group>
      <Card withBorder padding="md" component="section" aria-labelledby="metrics-chart-title">
        <Title order={2} size="h4" id="metrics-chart-title" mb="sm">
          {t('metrics.report.chart.title')}
        </Title>
        <LazyMetricsChart days={days} />
      </Card>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Kpi
                label={t('metrics.report.kpi.visits')}
                value={metrics.daily_marketplace_app_views_aggregates.total_count}
              />
              <Kpi
                label={t('metrics.report.kpi.installations')}
                value={metrics.daily_app_installations_aggregates.total_count}
              />
            </SimpleGrid>
            <Card withBorder padding="md" component="section" aria-labelledby="metrics-days-title">
              <Title order={2} size="h4" id="metrics-days-title" mb="sm">
                {t('metrics.report.table.title')}
              </Title>
              <Table striped aria-labelledby="metrics-days-title">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('metrics.report.table.date')}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('metrics.report.table.installations')}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('metrics.report.table.views')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((day) => (
                    <Table.Tr key={day.date}>
                      <Table.Td>{day.date}</Table.Td>
                      <Table.Td ta="right">{formatNumber(day.installations, i18n.language)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(day.views, i18n.language)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <ReportPager
                label={t('metrics.report.table.pages')}
                page={current}
                pages={pages}
                onChange={setPage}
              />
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder padding="md" component="section" aria-labelledby="metrics-feed-title">
            <Title order={2} size="h4" id="metrics-feed-title" mb="sm">
              {t('metrics.report.feed.title')}
            </Title>
            {feed.rows.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('metrics.report.feed.empty')}
              </Text>
            ) : (
              <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {feed.rows.map((row) => (
                  <InstallRow key={row.id} row={row} admin={admin} />
                ))}
              </Stack>
            )}
            <ReportPager
              label={t('metrics.report.feed.pages')}
              page={shownFeedPage}
              pages={feedPages}
              onChange={setFeedPage}
              busy={query.isPlaceholderData}
            />
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * Previous / "Page x of y" / Next under the per-day table and the install feed (one look for both); nothing
 * when everything fits on one page. Pages outside 1..pages are never asked for.
 */
function ReportPager({
  label,
  page,
  pages,
  onChange,
  busy = false,
}: {
  label: string;
  page: number;
  pages: number;
  onChange: (page: number) => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <Group justify="center" mt="md" component="nav" aria-label={label} aria-busy={busy || undefined}>
      <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('components.dataTable.previous')}
      </Button>
      <Text size="sm" aria-live="polite">
        {t('metrics.report.table.pageOf', { page, pages })}
      </Text>
      <Button variant="default" size="xs" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {t('components.dataTable.next')}
      </Button>
    </Group>
  );
}

function Kpi({ label, value }: { label: string; value: number }) {
  const { i18n } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xl" fw={700}>
        {formatNumber(value, i18n.language)}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}

function InstallRow({ row, admin }: { row: InstallationRecord | AdminInstallationRecord; admin: boolean }) {
  const { t } = useTranslation();
  const email = admin && 'user_email_address' in row ? row.user_email_address : null;
  return (
    <Paper component="li" withBorder p="xs" radius="sm">
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {row.company_name}
        </Text>
        <Group gap={4} wrap="nowrap">
          {row.company_is_demo ? (
            <Badge size="xs" variant="light" color="grape">
              {t('metrics.report.feed.demo')}
            </Badge>
          ) : null}
          {row.status === 'uninstalled' ? (
            <Badge size="xs" variant="light" color="gray">
              {t('metrics.report.feed.uninstalled')}
            </Badge>
          ) : null}
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {formatDateTime(row.installed_at)}
      </Text>
      {admin ? (
        <Text size="xs" data-testid="installer-email">
          <Text span size="xs" c="dimmed">
            {t('metrics.report.feed.email')}:{' '}
          </Text>
          {email ?? t('common.notAvailable')}
        </Text>
      ) : null}
    </Paper>
  );
}
