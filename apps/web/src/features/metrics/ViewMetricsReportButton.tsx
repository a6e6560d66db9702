import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { trackMetricsEvent, useHasMetrics } from './queries';

/**
 * 'View Metrics Report' (spec 2 §2): shown only when the app has metrics data; the click sends the
 * analytics event (spec 2 §7) on its way to the report.
 */
export function ViewMetricsReportButton({ appId, appName }: { appId: number; appName?: string }) {
  const { t } = useTranslation();
  const hasMetrics = useHasMetrics(appId);
  if (!hasMetrics) return null;
  return (
    <Button
      component={Link}
      to={`/developer_apps/${appId}/metrics`}
      variant="light"
      onClick={() =>
        void trackMetricsEvent('metrics_report_clicked', { developer_app_id: appId, app_name: appName })
      }
    >
      {t('metrics.tab.viewReport')}
    </Button>
  );
}
