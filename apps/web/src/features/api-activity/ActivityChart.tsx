import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';

export interface ActivityPoint {
  /** The minute's start, as milliseconds. */
  minute: number;
  calls: number;
  errors: number;
}

/**
 * Calls and errors per minute over the last 24 hours. Its own chunk: recharts loads only when the API
 * activity tab opens (never with the sign-in page).
 */
export default function ActivityChart({
  points,
  height = 180,
}: {
  points: ActivityPoint[];
  height?: number;
}) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage, { hour: '2-digit', minute: '2-digit' });
  const data = points.map((point) => ({ ...point, time: time.format(point.minute) }));
  return (
    <AreaChart
      h={height}
      data={data}
      dataKey="time"
      curveType="linear"
      withDots={false}
      tickLine="y"
      aria-label={t('apiActivity.chart.label')}
      role="img"
      series={[
        { name: 'calls', label: t('apiActivity.chart.calls'), color: 'indigo.6' },
        { name: 'errors', label: t('apiActivity.chart.errors'), color: 'red.6' },
      ]}
      withLegend
      xAxisProps={{ minTickGap: 40 }}
    />
  );
}
