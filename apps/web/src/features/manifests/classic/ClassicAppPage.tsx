import type { DeveloperApp } from '@lintel/shared';
import { Anchor, Breadcrumbs, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AppAvatar, RoleBadge } from '../../developer-apps/AppBadges';
import { CollaboratorsTab } from '../../developer-apps/collaborators/CollaboratorsTab';
import { appPath, DEVELOPER_APPS_PATH } from '../../developer-apps/constants';
import { ProductionCredentials } from '../../developer-apps/credentials/ProductionCredentials';
import { AppWarnings } from '../../developer-apps/detail/AppWarnings';
import { FakeSandboxModal } from '../../developer-apps/detail/FakeSandboxModal';
import { SandboxCard } from '../../developer-apps/detail/SandboxCard';
import { SandboxMissing } from '../../developer-apps/detail/SandboxMissing';
import { APP_TABS, type AppTab } from '../../developer-apps/detail/tabs';
import { useGenerateFakeSandbox } from '../../developer-apps/queries';
import { SettingsTab } from '../../developer-apps/settings/SettingsTab';
import { ViewMetricsReportButton } from '../../metrics/ViewMetricsReportButton';
import { OptInBanner } from '../optIn/OptInBanner';
import { AppNotUpdatedWarning, BuilderUnavailableModal } from './BuilderUnavailable';
import { CLASSIC_SECTIONS, ClassicSection, type ClassicSectionId, classicSectionId } from './ClassicSection';
import { ManifestsSection } from './ManifestsSection';

// The listing editor is the Listing tab's own component (spec 2 §2: the same section on both layouts),
// in a chunk of its own: the rest of the page shows without waiting for the form and its references.
const MarketplaceListingTab = lazy(async () => ({
  default: (await import('../../listing/MarketplaceListingTab')).MarketplaceListingTab,
}));

// API activity polls while shown and brings the dates picker: a chunk of its own, as the listing editor.
const ApiActivityPanel = lazy(async () => ({
  default: (await import('../../api-activity/ApiActivityPanel')).ApiActivityPanel,
}));
const FirstCallButton = lazy(async () => ({
  default: (await import('../../api-activity/ApiActivityTab')).FirstCallButton,
}));

// Webhooks poll while shown, as API activity: a chunk of their own.
const WebhooksPanel = lazy(async () => ({
  default: (await import('../../webhooks/WebhooksPanel')).WebhooksPanel,
}));

const sectionTitles = {
  settings: 'developerApps.tabs.settings',
  manifests: 'classicManifests.sections.manifests',
  sandbox: 'developerApps.sandbox.title',
  oauthCredentials: 'developerApps.tabs.oauthCredentials',
  collaborators: 'developerApps.tabs.collaborators',
  marketplaceListing: 'developerApps.tabs.marketplaceListing',
  apiActivity: 'developerApps.tabs.apiActivity',
  webhooks: 'developerApps.tabs.webhooks',
} as const satisfies Record<ClassicSectionId, string>;

/** Where a tab of the newer layout lives on the single page. */
const sectionOfTab: Record<AppTab, ClassicSectionId | null> = {
  configurations: 'manifests',
  versions: 'manifests',
  settings: 'settings',
  oauthCredentials: 'oauthCredentials',
  collaborators: 'collaborators',
  marketplaceListing: 'marketplaceListing',
  metrics: null,
  apiActivity: 'apiActivity',
  webhooks: 'webhooks',
};

/** The section a tab path (/developer_apps/:id/settings, or its snake_case form) stands for. */
function sectionOfPath(pathname: string, appId: number): ClassicSectionId | null {
  const rest = pathname.replace(appPath(appId), '').replace(/^\/+|\/+$/g, '');
  const plain = (name: string) => name.replace(/_/g, '').toLowerCase();
  const tab = APP_TABS.find((name) => plain(name) === plain(rest));
  return tab ? sectionOfTab[tab] : null;
}

/**
 * The older layout of /developer_apps/:id (spec 2 §2), for users who have not opted in to the
 * form-based experience: one page with the settings, the manifests (Sandbox and Production), the
 * sandbox account, the OAuth credentials, the collaborators and the marketplace listing. A tab path of
 * the newer layout scrolls to its section here.
 */
export interface ClassicAppPageProps {
  app: DeveloperApp;
  /**
   * Set when an opted-in user lands here because the builder cannot show the app's latest manifest:
   * its schema version ('3.x' manifests the portal could not convert also get "App Not Updated").
   */
  builderUnavailable?: { schemaVersion: string } | null;
}

export function ClassicAppPage({ app, builderUnavailable = null }: ClassicAppPageProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const fake = useGenerateFakeSandbox(app.id);
  const live = app.sandbox?.live === true;
  const target = sectionOfPath(pathname, app.id);

  useEffect(() => {
    if (!live || !target) return;
    document.getElementById(classicSectionId(target))?.scrollIntoView({ block: 'start' });
  }, [live, target]);

  const sandboxCard = (
    <SandboxCard
      app={app}
      onGenerateFake={() => fake.mutate()}
      generating={fake.isPending}
      generateError={fake.error}
    />
  );

  return (
    <Container size={1200} py="md" px={0}>
      <Breadcrumbs mb="sm" role="navigation" aria-label={t('common.breadcrumbs')}>
        <Anchor component={Link} to={DEVELOPER_APPS_PATH} size="sm">
          {t('developerApps.list.breadcrumb')}
        </Anchor>
        <Anchor component={Link} to={appPath(app.id)} size="sm">
          {app.internal_name}
        </Anchor>
        <Text size="sm" aria-current="page">
          {t('classicManifests.page.manage')}
        </Text>
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
        <Group ml="auto">
          <ViewMetricsReportButton appId={app.id} appName={app.name || app.internal_name} />
        </Group>
      </Group>
      <Stack gap="md" mb="lg">
        {builderUnavailable ? null : <OptInBanner />}
        {builderUnavailable?.schemaVersion.startsWith('3') ? <AppNotUpdatedWarning /> : null}
        <AppWarnings app={app} />
      </Stack>
      {live ? (
        <Stack gap="xl">
          <nav aria-label={t('classicManifests.page.onThisPage')}>
            <Group gap="md" wrap="wrap">
              {CLASSIC_SECTIONS.map((section) => (
                <Anchor key={section} href={`#${classicSectionId(section)}`} size="sm">
                  {t(sectionTitles[section])}
                </Anchor>
              ))}
            </Group>
          </nav>
          <ClassicSection section="settings" title={t(sectionTitles.settings)}>
            <SettingsTab app={app} />
          </ClassicSection>
          <ClassicSection section="manifests" title={t(sectionTitles.manifests)}>
            <ManifestsSection app={app} />
          </ClassicSection>
          <ClassicSection section="sandbox">{sandboxCard}</ClassicSection>
          <ClassicSection section="oauthCredentials" title={t(sectionTitles.oauthCredentials)}>
            <ProductionCredentials app={app} />
          </ClassicSection>
          <ClassicSection section="collaborators">
            <CollaboratorsTab app={app} />
          </ClassicSection>
          {/* The editor's own heading names the section, with the listing's status beside it. */}
          <ClassicSection section="marketplaceListing" label={t(sectionTitles.marketplaceListing)}>
            {/* A card like the page's other sections; a Paper, not a Card, whose hidden overflow would
                keep the editor's footer from sticking to the bottom of the window. */}
            <Paper withBorder p="lg" radius="md">
              <Suspense
                fallback={
                  <Skeleton height={240} role="status" aria-busy="true" aria-label={t('common.loading')} />
                }
              >
                <MarketplaceListingTab app={app} />
              </Suspense>
            </Paper>
          </ClassicSection>
          {/* The panel is a landmark named by its own heading: the section is only its scroll target. */}
          <ClassicSection section="apiActivity">
            <Suspense
              fallback={
                <Skeleton height={240} role="status" aria-busy="true" aria-label={t('common.loading')} />
              }
            >
              <ApiActivityPanel appId={app.id} firstCallAction={<FirstCallButton appId={app.id} />} />
            </Suspense>
          </ClassicSection>
          {/* The panel is a landmark named by its own heading, as API activity's. */}
          <ClassicSection section="webhooks">
            <Suspense
              fallback={
                <Skeleton height={240} role="status" aria-busy="true" aria-label={t('common.loading')} />
              }
            >
              <WebhooksPanel appId={app.id} />
            </Suspense>
          </ClassicSection>
        </Stack>
      ) : (
        <Stack gap="lg">
          {/* A failed build says only that it failed (the sandbox card): "on its way" would contradict it. */}
          {app.sandbox?.status === 'failed' ? null : <SandboxMissing />}
          {sandboxCard}
        </Stack>
      )}
      {builderUnavailable ? <BuilderUnavailableModal /> : null}
      <FakeSandboxModal fake={fake} />
    </Container>
  );
}

export default ClassicAppPage;
