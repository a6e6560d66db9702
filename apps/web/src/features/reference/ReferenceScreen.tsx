import {
  Alert,
  Anchor,
  Badge,
  Box,
  Card,
  Code,
  Grid,
  Group,
  NavLink,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconExternalLink, IconLock } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../components/ErrorPage';
import { Markdown } from '../../components/Markdown';
import { PageLoader } from '../../components/PageLoader';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { usePlatformBaseUrls } from '../developer-apps/credentials/platformQueries';
import { LEGACY_API_URL } from '../shell/navigation';
import { METHOD_COLORS } from './methodColors';
import { OperationCard } from './OperationCard';
import { ADMIN_GROUP_SLUG, groupOperations, type OpenApiDocument, type OperationGroup } from './openapi';
import { useOpenApiDocument } from './queries';
import classes from './ReferenceScreen.module.css';

/** Mount flags handed to the reference screen (spec 1 §1). */
export interface ReferenceScreenProps {
  isAdmin: boolean;
  isEmployee: boolean;
  isSignedIn: boolean;
  /** Source branch the documentation was built from, when known. */
  branch?: string;
  /** Base URL of the API the examples talk to. */
  devApiUrl?: string;
}

export const REFERENCE_BASE = '/reference';
const OVERVIEW = 'rest/docs/rest-api-overview';

function groupLabel(group: OperationGroup, adminLabel: string): string {
  return group.slug === ADMIN_GROUP_SLUG ? adminLabel : group.name;
}

/** The REST API reference, built from the server's OpenAPI document. */
export function ReferenceScreen(props: ReferenceScreenProps) {
  const { t } = useTranslation();
  const openapi = useOpenApiDocument();
  const groups = useMemo(
    () => (openapi.data ? groupOperations(openapi.data, { includeAdmin: props.isAdmin }) : []),
    [openapi.data, props.isAdmin],
  );
  const { pathname } = useLocation();

  if (openapi.isPending) return <PageLoader />;
  if (openapi.isError)
    return <QueryErrorAlert error={openapi.error} onRetry={() => void openapi.refetch()} />;
  const doc = openapi.data;
  const adminLabel = t('reference.adminGroup');

  return (
    <Grid gap="xl" p={{ base: 0, md: 'md' }}>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Box component="nav" aria-label={t('reference.navLabel')} className={classes.nav}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb="xs">
            {t('shell.nav.restApi')}
          </Text>
          <NavLink
            component={Link}
            to={`${REFERENCE_BASE}/${OVERVIEW}`}
            label={t('reference.overview')}
            active={pathname === `${REFERENCE_BASE}/${OVERVIEW}`}
          />
          {groups.map((group) => {
            const to = `${REFERENCE_BASE}/rest/tags/${group.slug}`;
            return (
              <NavLink
                key={group.slug}
                component={Link}
                to={to}
                label={groupLabel(group, adminLabel)}
                leftSection={group.admin ? <IconLock size={14} aria-hidden /> : null}
                rightSection={
                  <Badge size="xs" variant="light" color="gray">
                    {group.operations.length}
                  </Badge>
                }
                active={pathname === to}
              />
            );
          })}
          <NavLink
            component="a"
            href={LEGACY_API_URL}
            target="_blank"
            rel="noopener noreferrer"
            label={t('shell.nav.legacyApi')}
            rightSection={<IconExternalLink size={14} aria-label={t('common.opensInNewTab')} />}
          />
        </Box>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Routes>
          <Route index element={<Navigate to={OVERVIEW} replace />} />
          <Route
            path={OVERVIEW}
            element={<Overview doc={doc} groups={groups} adminLabel={adminLabel} {...props} />}
          />
          <Route
            path="rest/tags/:slug"
            element={<GroupPage doc={doc} groups={groups} adminLabel={adminLabel} />}
          />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Grid.Col>
    </Grid>
  );
}

/** Where apps call the platform: both environments' OAuth and API bases (nothing while unknown). */
function PlatformBaseUrls() {
  const { t } = useTranslation();
  const baseUrls = usePlatformBaseUrls();
  if (!baseUrls.data) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="platform-base-urls">
      <Title order={2} size="h4" mb="xs" id="platform-base-urls">
        {t('reference.gettingStarted.platformTitle')}
      </Title>
      <Text size="sm" mb="sm">
        {t('reference.gettingStarted.platformIntro')}
      </Text>
      <Stack gap="xs">
        {(['sandbox', 'production'] as const).map((environment) => (
          <div key={environment}>
            <Text size="sm" fw={600}>
              {t(`reference.gettingStarted.${environment}`)}
            </Text>
            <Text size="sm">
              {t('reference.gettingStarted.authBase')} <Code>{baseUrls.data[environment].auth}</Code>{' '}
              {t('reference.gettingStarted.apiBase')} <Code>{baseUrls.data[environment].api}</Code>
            </Text>
          </div>
        ))}
      </Stack>
    </Card>
  );
}

interface OverviewProps extends ReferenceScreenProps {
  doc: OpenApiDocument;
  groups: OperationGroup[];
  adminLabel: string;
}

function Overview({ doc, groups, adminLabel, isSignedIn, isAdmin, devApiUrl, branch }: OverviewProps) {
  const { t } = useTranslation();
  const baseUrl = devApiUrl ?? doc.servers?.[0]?.url ?? `${window.location.origin}/api/v1`;
  return (
    <Stack gap="lg">
      <div>
        <Group gap="sm" align="center">
          <Title order={1}>{doc.info.title}</Title>
          <Badge variant="light">{t('reference.version', { version: doc.info.version })}</Badge>
          {branch ? (
            <Badge variant="outline" color="gray">
              {branch}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" mt={4}>
          {t('reference.openapiVersion', { version: doc.openapi })}
        </Text>
      </div>
      {doc.info.description ? <Markdown>{doc.info.description}</Markdown> : null}
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="xs">
          {t('reference.gettingStarted.title')}
        </Title>
        <Stack gap="xs">
          <Text size="sm">
            {t('reference.gettingStarted.baseUrl')} <Code>{baseUrl}</Code>
          </Text>
          <Text size="sm">{t('reference.gettingStarted.conventions')}</Text>
          <Text size="sm">{t('reference.gettingStarted.errors')}</Text>
        </Stack>
      </Card>
      <PlatformBaseUrls />
      {isSignedIn ? null : (
        <Alert color="blue" title={t('reference.signedOut.title')}>
          <Text size="sm">
            {t('reference.signedOut.description')}{' '}
            <Anchor
              component={Link}
              to="/sign_in?redirect=%2Freference%2Frest%2Fdocs%2Frest-api-overview"
              underline="always"
            >
              {t('shell.account.signIn')}
            </Anchor>
          </Text>
        </Alert>
      )}
      <div>
        <Title order={2} size="h3" mb="sm">
          {t('reference.endpoints')}
        </Title>
        {groups.length === 0 ? (
          <Text c="dimmed">{t('reference.noEndpoints')}</Text>
        ) : (
          <Stack gap="sm">
            {groups.map((group) => (
              <Card
                key={group.slug}
                withBorder
                padding="md"
                component={Link}
                to={`${REFERENCE_BASE}/rest/tags/${group.slug}`}
              >
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Group gap="xs">
                      <Text fw={600}>{groupLabel(group, adminLabel)}</Text>
                      {group.admin && isAdmin ? (
                        <Badge size="xs" color="grape" variant="light">
                          {t('reference.adminOnly')}
                        </Badge>
                      ) : null}
                    </Group>
                    {group.description ? (
                      <Text size="sm" c="dimmed">
                        {group.description}
                      </Text>
                    ) : null}
                  </div>
                  <Group gap={4} wrap="nowrap">
                    {[...new Set(group.operations.map((entry) => entry.method))].map((method) => (
                      <Badge key={method} size="xs" color={METHOD_COLORS[method]} variant="light">
                        {method.toUpperCase()}
                      </Badge>
                    ))}
                  </Group>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
}

function GroupPage({
  doc,
  groups,
  adminLabel,
}: {
  doc: OpenApiDocument;
  groups: OperationGroup[];
  adminLabel: string;
}) {
  const { slug } = useParams();
  const group = groups.find((item) => item.slug === slug);
  if (!group) return <NotFoundPage />;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{groupLabel(group, adminLabel)}</Title>
        {group.description ? <Markdown>{group.description}</Markdown> : null}
      </div>
      {group.operations.map((entry) => (
        <OperationCard key={`${entry.method} ${entry.path}`} doc={doc} entry={entry} />
      ))}
    </Stack>
  );
}
