import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/PageLoader';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { useAppOutlet } from '../developer-apps/detail/appOutlet';
import { fillDays, hasMetricsData } from './days';
import { LazyMetricsChart } from './LazyMetricsChart';
import { useAppMetrics } from './queries';
import { ViewMetricsReportButton } from './ViewMetricsReportButton';

/** The app page's Metrics tab (spec 2 §2): the metrics graph and 'View Metrics Report'. */
export function MetricsTab() {
  const { t } = useTranslation();
  const { app } = useAppOutlet();
  const query = useAppMetrics(app.id);
  const days = useMemo(
    () =>
      query.data
        ? fillDays(
            query.data.daily_app_installations_aggregates,
            query.data.daily_marketplace_app_views_aggregates,
          )
        : [],
    [query.data],
  );
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="metrics-tab-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h3" id="metrics-tab-title">
              {t('metrics.tab.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('metrics.tab.description')}
            </Text>
          </Stack>
          <ViewMetricsReportButton appId={app.id} appName={app.name || app.internal_name} />
        </Group>
        {hasMetricsData(query.data) ? (
          <LazyMetricsChart days={days} height={240} />
        ) : (
          <Text c="dimmed">{t('metrics.report.noMetricsAvailable')}</Text>
        )}
      </Stack>
    </Card>
  );
}

export default MetricsTab;
