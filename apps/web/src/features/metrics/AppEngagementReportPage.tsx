import { Anchor, Breadcrumbs, Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { guardAccess } from '../../components/AccessGuard';
import { PageLoader } from '../../components/PageLoader';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { appPath, DEVELOPER_APPS_PATH } from '../developer-apps/constants';
import { useDeveloperApp } from '../developer-apps/queries';
import { AppEngagementReport } from './AppEngagementReport';

/** /developer_apps/:id/metrics: breadcrumb Apps > app name > App Engagement Report, then the report. */
export function AppEngagementReportPage() {
  const { t } = useTranslation();
  const appId = Number(useParams().id);
  const app = useDeveloperApp(appId);

  const denied = guardAccess(app.error, { invalidId: !Number.isInteger(appId) || appId <= 0 });
  if (denied) return denied;
  if (app.isPending) return <PageLoader />;
  if (app.isError) return <QueryErrorAlert error={app.error} onRetry={() => void app.refetch()} />;

  return (
    <Container size={1200} py="md" px={0}>
      {/* The app is named as on every app page's breadcrumb (spec 2 §2: its internal_name); the CSV's
          analytics event sends the app's public name, falling back to internal_name. */}
      <Breadcrumbs mb="sm" role="navigation" aria-label={t('common.breadcrumbs')}>
        <Anchor component={Link} to={DEVELOPER_APPS_PATH} size="sm">
          {t('metrics.report.breadcrumbApps')}
        </Anchor>
        <Anchor component={Link} to={appPath(app.data.id)} size="sm">
          {app.data.internal_name}
        </Anchor>
        <Anchor component={Link} to={`${appPath(app.data.id)}/metrics`} size="sm" aria-current="page">
          {t('metrics.report.title')}
        </Anchor>
      </Breadcrumbs>
      <Title order={1} fz={28} mb="lg">
        {t('metrics.report.title')}
      </Title>
      <AppEngagementReport appId={app.data.id} appName={app.data.name || app.data.internal_name} />
    </Container>
  );
}

export default AppEngagementReportPage;
