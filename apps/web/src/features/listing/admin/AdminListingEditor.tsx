import { Skeleton, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useAdminApp } from '../../admin-apps/queries';
import { useSession } from '../../auth/queries';
import { ListingEditor } from '../MarketplaceListingTab';

/** The admin listing editor of app `:id` (see AdminListingTab), once its code and texts are loaded. */
export default function AdminListingEditor() {
  const { id } = useParams();
  const appId = Number(id);
  const session = useSession();
  const app = useAdminApp(appId);
  const failed = session.isError ? session : app.isError ? app : null;
  if (failed) return <QueryErrorAlert error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!session.data || !app.data) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={28} width="40%" />
        <Skeleton height={240} />
      </Stack>
    );
  }
  return <ListingEditor app={app.data} session={session.data} mode="admin" />;
}
