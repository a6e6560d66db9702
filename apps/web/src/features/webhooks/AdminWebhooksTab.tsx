import { useAdminAppOutlet } from '../admin-apps/adminAppOutlet';
import { WebhooksPanel } from './WebhooksPanel';

/** The admin app page's "Webhooks" tab: any app's hooks and log, for platform administrators. */
export default function AdminWebhooksTab() {
  const { app } = useAdminAppOutlet();
  return <WebhooksPanel appId={app.id} admin />;
}
