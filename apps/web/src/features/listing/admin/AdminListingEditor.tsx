import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useAdminApp } from '../../admin-apps/queries';
import { useSession } from '../../auth/queries';
import { ListingEditor } from '../MarketplaceListingTab';

/** The admin listing editor of app `:id` (see AdminListingTab), once its code and texts are loaded. */
export default function AdminListingEditor() {
  const { t } = useTranslation();
  const { id } = useParams();
  const appId = Number(id);
  const session = useSession();
  const app = useAdminApp(appId);
  if (session.isError)
    return <QueryErrorAlert error={session.error} onRetry={() => void session.refetch()} />;
  if (app.isError) {
    return (
      <QueryErrorAlert
        error={app.error}
        onRetry={() => void app.refetch()}
        title={t('listing.errors.developerAppFetch')}
      />
    );
  }
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
