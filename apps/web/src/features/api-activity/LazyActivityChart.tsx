import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityPoint } from './ActivityChart';

const ActivityChart = lazy(() => import('./ActivityChart'));

/** The per-minute chart, loaded on demand; the list shows while it loads. */
export function LazyActivityChart({ points, height = 180 }: { points: ActivityPoint[]; height?: number }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Center h={height}>
          <Loader size="sm" role="status" aria-label={t('apiActivity.chart.loading')} />
        </Center>
      }
    >
      <ActivityChart points={points} height={height} />
    </Suspense>
  );
}
