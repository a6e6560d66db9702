import { useAppOutlet } from '../developer-apps/detail/appOutlet';
import { WebhooksPanel } from './WebhooksPanel';

/** The app page's "Webhooks" tab (issue 22), for the app's collaborators. */
export default function WebhooksTab() {
  const { app } = useAppOutlet();
  return <WebhooksPanel appId={app.id} />;
}
