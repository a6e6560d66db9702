import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { MetricsDay } from './days';

const MetricsChart = lazy(() => import('./MetricsChart'));

/** The chart, loaded on demand; the rest of the report shows while it loads. */
export function LazyMetricsChart({ days, height = 280 }: { days: MetricsDay[]; height?: number }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Center h={height}>
          <Loader size="sm" role="status" aria-label={t('metrics.report.chart.loading')} />
        </Center>
      }
    >
      <MetricsChart days={days} height={height} />
    </Suspense>
  );
}
