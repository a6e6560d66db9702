import { useAdminAppOutlet } from '../admin-apps/adminAppOutlet';
import { ApiActivityPanel } from './ApiActivityPanel';

/** The admin app page's "API activity" tab: any app's calls, for platform administrators. */
export default function AdminApiActivityTab() {
  const { app } = useAdminAppOutlet();
  return <ApiActivityPanel appId={app.id} admin />;
}
