import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import type { MetricsDay } from './days';

/**
 * The area chart of daily installations and marketplace views (spec 1 §2). Its own chunk: recharts is
 * loaded only with the report and the Metrics tab.
 */
export default function MetricsChart({ days, height = 280 }: { days: MetricsDay[]; height?: number }) {
  const { t } = useTranslation();
  return (
    <AreaChart
      h={height}
      data={days}
      dataKey="date"
      curveType="monotone"
      withDots={days.length <= 31}
      tickLine="y"
      aria-label={t('metrics.report.chart.title')}
      role="img"
      series={[
        { name: 'installations', label: t('metrics.report.chart.installations'), color: 'indigo.6' },
        { name: 'views', label: t('metrics.report.chart.views'), color: 'teal.6' },
      ]}
      withLegend
    />
  );
}
