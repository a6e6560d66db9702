import { Anchor, Button, Container, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { guardAccess } from '../../components/AccessGuard';
import { PageLoader } from '../../components/PageLoader';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { ListingPreview, previewOfSubmission } from '../listing/ListingPreview';
import { InstallModal } from './InstallModal';
import { useMarketplaceApp } from './queries';

/** /marketplace/:id: a published listing as customers see it, with Install. */
export function MarketplaceAppPage() {
  const { t } = useTranslation();
  const appId = Number(useParams().id);
  const query = useMarketplaceApp(appId);
  const [installing, setInstalling] = useState(false);

  const back = (
    <Button component={Link} to="/marketplace" variant="light">
      {t('metrics.marketplace.detail.back')}
    </Button>
  );
  const denied = guardAccess(query.error, {
    invalidId: !Number.isInteger(appId) || appId <= 0,
    notFound: { title: t('metrics.marketplace.detail.notFound'), action: back },
  });
  if (denied) return denied;
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;

  const listing = query.data;
  const name = listing.public_name ?? '';
  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Anchor component={Link} to="/marketplace" size="sm">
            {t('metrics.marketplace.detail.back')}
          </Anchor>
          <Button onClick={() => setInstalling(true)}>{t('metrics.marketplace.detail.install')}</Button>
        </Group>
        <ListingPreview listing={previewOfSubmission(listing)} />
      </Stack>
      <InstallModal
        appId={listing.developer_app_id}
        appName={name}
        opened={installing}
        onClose={() => setInstalling(false)}
      />
    </Container>
  );
}

export default MarketplaceAppPage;
