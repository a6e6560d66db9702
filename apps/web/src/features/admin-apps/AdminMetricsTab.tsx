import { AppEngagementReport } from '../metrics/AppEngagementReport';
import { useAdminAppOutlet } from './adminAppOutlet';

/** The Metrics tab: the App Engagement Report as administrators see it, installer e-mails included. */
export default function AdminMetricsTab() {
  const { app } = useAdminAppOutlet();
  return <AppEngagementReport appId={app.id} admin appName={app.name || app.internal_name} />;
}
