import type { AdminDeveloperApp } from '@lintel/shared';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Button,
  Container,
  Flex,
  Group,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { sectionErrorMessage } from '../../api/errorText';
import { guardAccess } from '../../components/AccessGuard';
import { AlertMark } from '../../components/AlertMark';
import { PageLoader } from '../../components/PageLoader';
import { AppAuditEvents } from '../audit/AppAuditEvents';
import { useSession } from '../auth/queries';
import { AdminAppSidebar } from './AdminAppSidebar';
import type { AdminAppOutletContext } from './adminAppOutlet';
import { ADMIN_APPS_PATH, adminAppPath, useAdminApp } from './queries';

export const ADMIN_APP_TABS = [
  'general',
  'sandbox',
  'marketplaceListing',
  'metrics',
  'apiActivity',
  'webhooks',
] as const;
export type AdminAppTab = (typeof ADMIN_APP_TABS)[number];

/** The tab a path shows (`/admin/developer_apps/5/sandbox` → sandbox); null off the tabs (a new contact). */
export function adminTabFromPath(pathname: string, id: number): AdminAppTab | null {
  const rest = pathname.slice(adminAppPath(id).length).replace(/^\/+|\/+$/g, '');
  if (rest === '') return 'general';
  return (ADMIN_APP_TABS as readonly string[]).includes(rest) ? (rest as AdminAppTab) : null;
}

const tabPath = (id: number, tab: AdminAppTab) =>
  tab === 'general' ? adminAppPath(id) : `${adminAppPath(id)}/${tab}`;

/** A dismissible banner titled 'Could not load' with the error's text (spec 1 §8). */
function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <Alert
      color="red"
      role="alert"
      icon={<AlertMark />}
      title={t('adminApps.couldNotLoad')}
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={() => setDismissed(true)}
      mb="md"
    >
      <Text size="sm">{sectionErrorMessage(t, error, { language: i18n.resolvedLanguage })}</Text>
      <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}

/** The platform checks above the tabs (spec 1 §8): owner mismatch, no production credentials. */
function PlatformNotices({ app }: { app: AdminDeveloperApp }) {
  const { t } = useTranslation();
  return (
    <>
      {app.owner_mismatch ? (
        <Alert color="red" role="alert" icon={<AlertMark />} mb="md">
          {t('adminApps.ownerMismatch')}
        </Alert>
      ) : null}
      {app.has_production_credentials ? null : (
        <Alert color="blue" mb="md">
          {t('adminApps.noProductionCredentials')}
        </Alert>
      )}
    </>
  );
}

/**
 * /admin/developer_apps/:id (spec 1 §2 "Admin developer app detail"): breadcrumbs, 'Edit - {internal
 * name}' with the DELETED marker, the platform notices, the tabs (Metrics hidden on the government
 * cloud) around the current one, and the 400 px sidebar.
 */
export function AdminAppLayout() {
  const { t } = useTranslation();
  const params = useParams();
  const appId = Number(params.id);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const query = useAdminApp(appId);
  const session = useSession();

  const denied = guardAccess(query.error, {
    invalidId: !Number.isInteger(appId) || appId <= 0,
    notFound: {
      title: t('adminApps.notFound.title'),
      description: t('adminApps.notFound.description'),
      action: (
        <Button component={Link} to={ADMIN_APPS_PATH} variant="light">
          {t('adminApps.breadcrumbs.developerApps')}
        </Button>
      ),
    },
  });
  if (denied) return denied;
  if (query.isPending) return <PageLoader />;
  const retry = () => void query.refetch();
  if (!query.data) {
    return (
      <Container size="sm" py="lg">
        <LoadFailed error={query.error} onRetry={retry} />
      </Container>
    );
  }

  const app = query.data;
  const governmentCloud = session.data?.features.government_cloud ?? false;
  const tabs = ADMIN_APP_TABS.filter((tab) => tab !== 'metrics' || !governmentCloud);
  const current = adminTabFromPath(pathname, app.id);
  const context: AdminAppOutletContext = { app };

  return (
    <Container size={1400} py="md" px={0}>
      <Breadcrumbs mb="sm" role="navigation" aria-label={t('common.breadcrumbs')}>
        <Anchor component={Link} to="/admin" size="sm">
          {t('adminApps.breadcrumbs.admin')}
        </Anchor>
        <Anchor component={Link} to={ADMIN_APPS_PATH} size="sm">
          {t('adminApps.breadcrumbs.developerApps')}
        </Anchor>
        <Anchor component={Link} to={adminAppPath(app.id)} size="sm" aria-current="page">
          {app.internal_name}
        </Anchor>
      </Breadcrumbs>
      <Group gap="sm" mb="md">
        <Title order={1} fz={28}>
          {t('adminApps.title', { name: app.internal_name })}
        </Title>
        {app.deleted_at ? (
          <Badge color="red" size="lg" variant="filled">
            {t('adminApps.deleted')}
          </Badge>
        ) : null}
        {app.live ? (
          <Badge color="green" size="lg" title={t('adminApps.liveHint')}>
            {t('adminApps.live')}
          </Badge>
        ) : null}
      </Group>
      {query.isError ? <LoadFailed error={query.error} onRetry={retry} /> : null}
      <PlatformNotices app={app} />
      <Flex gap="lg" direction={{ base: 'column', md: 'row' }} align="flex-start">
        <Box style={{ flex: 1, minWidth: 0 }} w="100%">
          <Tabs
            value={current}
            onChange={(value) => {
              if (value) void navigate(tabPath(app.id, value as AdminAppTab));
            }}
            keepMounted={false}
          >
            <Tabs.List aria-label={t('adminApps.tabs.label')} mb="md">
              {tabs.map((tab) => (
                <Tabs.Tab key={tab} value={tab}>
                  {t(`adminApps.tabs.${tab}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {current ? (
              <Tabs.Panel value={current}>
                <Outlet context={context} />
              </Tabs.Panel>
            ) : (
              <Outlet context={context} />
            )}
          </Tabs>
        </Box>
        <Box w={{ base: '100%', md: 400 }} style={{ flexShrink: 0 }}>
          <AdminAppSidebar app={app} />
        </Box>
      </Flex>
      <Box mt="xl">
        <AppAuditEvents appId={app.id} />
      </Box>
    </Container>
  );
}

export default AdminAppLayout;
