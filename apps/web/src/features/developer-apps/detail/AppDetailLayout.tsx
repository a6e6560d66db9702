import {
  Anchor,
  Breadcrumbs,
  Button,
  Container,
  Grid,
  Group,
  NavLink,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  type Icon,
  IconActivity,
  IconAdjustments,
  IconBuildingStore,
  IconChartBar,
  IconHistory,
  IconKey,
  IconSettings,
  IconUsers,
  IconWebhook,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { guardAccess } from '../../../components/AccessGuard';
import { PageLoader } from '../../../components/PageLoader';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { SelfServiceIntro } from '../../manifests/optIn/SelfServiceIntro';
import { useFormExperience } from '../../manifests/optIn/useFormExperience';
import { useManifest } from '../../manifests/queries';
import { useHasMetrics } from '../../metrics/useHasMetrics';
import { AppAvatar, RoleBadge } from '../AppBadges';
import { appPath, DEVELOPER_APPS_PATH } from '../constants';
import { CredentialsLoadError } from '../credentials/CredentialsLoadError';
import { useDeveloperApp, useGenerateFakeSandbox } from '../queries';
import { AppWarnings } from './AppWarnings';
import type { AppOutletContext } from './appOutlet';
import { FakeSandboxModal } from './FakeSandboxModal';
import { SandboxCard } from './SandboxCard';
import { SandboxMissing } from './SandboxMissing';
import { APP_TABS, type AppTab, tabFromPath, tabPath, tabVisible } from './tabs';

// The older layout is a chunk of its own: users of the tabbed layout never load it.
const ClassicAppPage = lazy(() => import('../../manifests/classic/ClassicAppPage'));

const tabIcons: Record<AppTab, Icon> = {
  configurations: IconAdjustments,
  versions: IconHistory,
  settings: IconSettings,
  oauthCredentials: IconKey,
  collaborators: IconUsers,
  marketplaceListing: IconBuildingStore,
  metrics: IconChartBar,
  apiActivity: IconActivity,
  webhooks: IconWebhook,
};

/**
 * /developer_apps/:id: breadcrumbs, warnings and the tab navigation around the current tab, which
 * shows only once the sandbox is live (spec 2 §2); until then the sandbox-missing screen, or only the
 * failure text when the build failed. The app refreshes itself while its sandbox is built.
 * Users who have not opted in to the form-based experience get the older single page instead.
 */
export function AppDetailLayout() {
  const { t } = useTranslation();
  const params = useParams();
  const appId = Number(params.id);
  const { pathname } = useLocation();
  const query = useDeveloperApp(appId);
  const fake = useGenerateFakeSandbox(appId);
  const experience = useFormExperience();
  // The builder must be able to show the latest manifest; otherwise the older layout says why.
  const latestSandboxId = experience.on ? (query.data?.manifests.latest_sandbox?.id ?? null) : null;
  const latest = useManifest(latestSandboxId);
  const hasMetrics = useHasMetrics(appId);

  const denied = guardAccess(query.error, {
    invalidId: !Number.isInteger(appId) || appId <= 0,
    notFound: {
      title: t('developerApps.detail.notFound.title'),
      description: t('developerApps.detail.notFound.description'),
      action: (
        <Button component={Link} to={DEVELOPER_APPS_PATH} variant="light">
          {t('developerApps.detail.backToApps')}
        </Button>
      ),
    },
  });
  if (denied) return denied;
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    // On the credentials tab a failed load is the credentials' failure (spec 2 §8); once the page is
    // shown, the tab itself says so.
    const failedTab = tabFromPath(pathname, appId);
    if (failedTab !== 'oauthCredentials') {
      return (
        <QueryErrorAlert
          error={query.error}
          onRetry={() => void query.refetch()}
          // The listing tab names what failed (spec 3 §8); its texts load with the app page.
          title={failedTab === 'marketplaceListing' ? t('listing.errors.developerAppFetch') : undefined}
        />
      );
    }
    if (!query.data) {
      return (
        <Container size="sm" py="lg">
          <CredentialsLoadError />
        </Container>
      );
    }
  }

  const app = query.data;
  if (latestSandboxId !== null && latest.isPending) return <PageLoader />;
  const unreadable = latest.data && latest.data.configured_manifest_content === null;
  if (!experience.on || unreadable) {
    return (
      <Suspense fallback={<PageLoader />}>
        <ClassicAppPage
          app={app}
          builderUnavailable={unreadable ? { schemaVersion: latest.data.schema_version } : null}
        />
      </Suspense>
    );
  }
  const current = tabFromPath(pathname, app.id);
  const live = app.sandbox?.live === true;
  // A failed build says only that it failed (the sandbox card): "on its way" would contradict it.
  const failed = app.sandbox?.status === 'failed';
  const context: AppOutletContext = { app, loadFailed: query.isError };

  return (
    <Container size={1200} py="md" px={0}>
      <Breadcrumbs mb="sm" role="navigation" aria-label={t('common.breadcrumbs')}>
        <Anchor component={Link} to={DEVELOPER_APPS_PATH} size="sm">
          {t('developerApps.list.breadcrumb')}
        </Anchor>
        <Anchor component={Link} to={appPath(app.id)} size="sm" aria-current="page">
          {app.internal_name}
        </Anchor>
      </Breadcrumbs>
      <Group mb="lg" wrap="nowrap" align="center">
        <AppAvatar name={app.internal_name} thumbnailUrl={app.thumbnail_url} size="lg" />
        <Stack gap={2} miw={0}>
          <Group gap="sm" wrap="wrap">
            <Title order={1} fz={28}>
              {app.internal_name}
            </Title>
            <RoleBadge role={app.current_user_role} />
          </Group>
          {app.name && app.name !== app.internal_name ? (
            <Text c="dimmed" size="sm">
              {app.name}
            </Text>
          ) : null}
        </Stack>
      </Group>
      <Stack gap="md" mb="md">
        <SelfServiceIntro />
        <AppWarnings app={app} />
      </Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 2 }}>
          <nav aria-label={t('developerApps.tabs.label')}>
            <Stack gap={2}>
              {APP_TABS.filter((tab) => tabVisible(tab, hasMetrics)).map((tab) => {
                const TabIcon = tabIcons[tab];
                const active = tab === current;
                return (
                  <NavLink
                    key={tab}
                    component={Link}
                    to={tabPath(app.id, tab)}
                    label={t(`developerApps.tabs.${tab}`)}
                    leftSection={<TabIcon size={18} aria-hidden />}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    variant="light"
                  />
                );
              })}
            </Stack>
          </nav>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 10 }}>
          {live ? (
            <Outlet context={context} />
          ) : (
            <Stack gap="lg">
              {failed ? null : <SandboxMissing />}
              <SandboxCard
                app={app}
                onGenerateFake={() => fake.mutate()}
                generating={fake.isPending}
                generateError={fake.error}
              />
            </Stack>
          )}
        </Grid.Col>
      </Grid>
      <FakeSandboxModal fake={fake} />
    </Container>
  );
}

export default AppDetailLayout;
