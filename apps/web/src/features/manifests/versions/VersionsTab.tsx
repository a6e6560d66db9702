import {
  compareSemver,
  type EnvironmentType,
  type ManifestSummary,
  type ReviewAction,
  rejectionOf,
  shownVersionState,
} from '@lintel/shared/manifests';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowsDiff, IconCopy, IconDots, IconEye, IconPlayerPlay } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../components/format';
import { PageLoader } from '../../../components/PageLoader';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { ReviewQueueSlot } from '../../admin-lists/ReviewQueueSlot';
import { useSession } from '../../auth/queries';
import { useAppOutlet } from '../../developer-apps/detail/appOutlet';
import { copyWithToast } from '../copyToClipboard';
import { ManifestViewerModal } from '../ManifestViewerModal';
import { startFromPath } from '../paths';
import { useManifests } from '../queries';
import { RejectionNotes } from '../RejectionNotes';
import { ReviewActionModal } from './ReviewActionModal';
import { offeredReviewActions } from './reviewActions';
import { VersionDiffModal } from './VersionDiffModal';

const STATE_COLOURS: Record<string, string> = {
  draft: 'gray',
  confidential: 'gray',
  in_review: 'yellow',
  published: 'green',
  rejected: 'red',
};

/**
 * The Versions tab (spec 2 §2): sandbox and production versions, newest first (production only in
 * government cloud). A version opens its manifest; its key is copied with a toast. Beyond the reference:
 * compare any two versions, and start a new version from an older one.
 */
export function VersionsTab() {
  const { t } = useTranslation();
  const { app } = useAppOutlet();
  const session = useSession().data;
  const governmentCloud = session?.features.government_cloud ?? false;
  const sandbox = useManifests(app.id, 'Sandbox');
  const production = useManifests(app.id, 'ProductionEnvironment');
  const [viewing, setViewing] = useState<number | null>(null);
  const [comparing, setComparing] = useState<{ before: number | null; after: number | null } | null>(null);
  const [reviewing, setReviewing] = useState<{ version: ManifestSummary; action: ReviewAction } | null>(null);

  const lists: { environment: EnvironmentType; query: typeof sandbox }[] = governmentCloud
    ? [{ environment: 'ProductionEnvironment', query: production }]
    : [
        { environment: 'Sandbox', query: sandbox },
        { environment: 'ProductionEnvironment', query: production },
      ];
  const all = lists
    .flatMap((list) => list.query.data?.items ?? [])
    .sort((x, y) => compareSemver(y.semantic_version, x.semantic_version) || y.id - x.id);

  const compareWithLatest = (version: ManifestSummary) => {
    const newest = all.find((v) => v.environment_type === version.environment_type) ?? all[0];
    setComparing({ before: version.id, after: newest?.id ?? null });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('manifests.versions.title')}
        </Title>
        <Button
          variant="light"
          leftSection={<IconArrowsDiff size={16} aria-hidden />}
          // Both lists, up to date, first: the default pair (the two newest) must not come from a stale half.
          disabled={all.length < 2 || lists.some((list) => list.query.isFetching)}
          onClick={() => setComparing({ before: all[1]?.id ?? null, after: all[0]?.id ?? null })}
        >
          {t('manifests.versions.compare')}
        </Button>
      </Group>
      <ReviewQueueSlot appId={app.id} kind="app_version" />
      {lists.map(({ environment, query }) => (
        <VersionsCard
          key={environment}
          environment={environment}
          query={query}
          isPlatformAdmin={session?.user.is_admin ?? false}
          onView={setViewing}
          onCompare={compareWithLatest}
          onReview={(version, action) => setReviewing({ version, action })}
        />
      ))}
      <ManifestViewerModal manifestId={viewing} onClose={() => setViewing(null)} />
      <VersionDiffModal
        opened={comparing !== null}
        versions={all}
        initial={comparing ?? { before: null, after: null }}
        onClose={() => setComparing(null)}
      />
      <ReviewActionModal appId={app.id} target={reviewing} onClose={() => setReviewing(null)} />
    </Stack>
  );
}

export default VersionsTab;

interface VersionsCardProps {
  environment: EnvironmentType;
  query: ReturnType<typeof useManifests>;
  isPlatformAdmin: boolean;
  onView: (id: number) => void;
  onCompare: (version: ManifestSummary) => void;
  onReview: (version: ManifestSummary, action: ReviewAction) => void;
}

function VersionsCard({
  environment,
  query,
  isPlatformAdmin,
  onView,
  onCompare,
  onReview,
}: VersionsCardProps) {
  const { t } = useTranslation();
  const { app } = useAppOutlet();
  const navigate = useNavigate();
  const titleId = `versions-${environment}`;
  const title = t(`manifests.versions.lists.${environment}`);
  const items = query.data?.items ?? [];
  const latestSandboxId = app.manifests.latest_sandbox?.id;
  const canStart = app.permissions.canModifyManifests && app.permissions.canCreateSandboxManifests;
  const copy = (key: string) =>
    void copyWithToast(key, {
      copied: t('manifests.versions.keyCopied'),
      failed: t('manifests.builder.keys.copyFailed'),
    });

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h4" id={titleId} mb="md">
        {title}
      </Title>
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t(`manifests.versions.empty.${environment}`)}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table aria-labelledby={titleId} highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('manifests.versions.columns.version')}</Table.Th>
                <Table.Th>{t('manifests.versions.columns.createdAt')}</Table.Th>
                <Table.Th>{t('manifests.versions.columns.key')}</Table.Th>
                <Table.Th>{t('manifests.versions.columns.published')}</Table.Th>
                {environment === 'ProductionEnvironment' ? (
                  <Table.Th>{t('manifests.versions.columns.state')}</Table.Th>
                ) : null}
                <Table.Th>
                  <VisuallyHidden>{t('manifests.builder.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((version) => {
                const actions = offeredReviewActions(version, {
                  canModifyManifests: app.permissions.canModifyManifests,
                  isPlatformAdmin,
                });
                const older = version.id !== latestSandboxId;
                const columns = environment === 'ProductionEnvironment' ? 6 : 5;
                return (
                  <Fragment key={version.id}>
                    <Table.Tr>
                      <Table.Td>
                        <UnstyledButton
                          onClick={() => onView(version.id)}
                          aria-label={t('manifests.versions.view', { version: version.semantic_version })}
                          c="blue.8"
                          fw={600}
                          td="underline"
                        >
                          {version.semantic_version}
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td>{formatDateTime(version.created_at)}</Table.Td>
                      <Table.Td>
                        <Tooltip label={t('manifests.versions.copyKey')}>
                          <UnstyledButton
                            onClick={() => copy(version.app_version_key)}
                            aria-label={t('manifests.versions.copyKeyOf', {
                              version: version.semantic_version,
                              key: version.app_version_key,
                            })}
                            ff="monospace"
                            fz="xs"
                          >
                            <Group gap={4} wrap="nowrap" component="span">
                              {version.app_version_key}
                              <IconCopy size={14} aria-hidden />
                            </Group>
                          </UnstyledButton>
                        </Tooltip>
                      </Table.Td>
                      <Table.Td>
                        {version.published_to_marketplace
                          ? t('manifests.builder.yes')
                          : t('manifests.builder.no')}
                      </Table.Td>
                      {environment === 'ProductionEnvironment' ? (
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <Badge
                            variant="dot"
                            color={STATE_COLOURS[shownVersionState(version)] ?? 'gray'}
                            styles={{
                              root: { maxWidth: 'none', overflow: 'visible' },
                              label: { overflow: 'visible' },
                            }}
                          >
                            {t(`manifests.versions.states.${shownVersionState(version)}`)}
                          </Badge>
                        </Table.Td>
                      ) : null}
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          {actions.map((action) => (
                            <Button
                              key={action}
                              size="compact-sm"
                              variant="light"
                              color={action === 'reject' ? 'red' : action === 'approve' ? 'green' : undefined}
                              onClick={() => onReview(version, action)}
                              aria-label={t('manifests.versions.reviewOf', {
                                action: t(`manifests.versions.review.actions.${action}`),
                                version: version.semantic_version,
                              })}
                            >
                              {t(`manifests.versions.review.actions.${action}`)}
                            </Button>
                          ))}
                          <Menu position="bottom-end" withinPortal>
                            <Menu.Target>
                              <ActionIcon
                                variant="subtle"
                                color="gray"
                                aria-label={t('manifests.versions.more', {
                                  version: version.semantic_version,
                                })}
                              >
                                <IconDots size={16} aria-hidden />
                              </ActionIcon>
                            </Menu.Target>
                            <Menu.Dropdown>
                              <Menu.Item
                                leftSection={<IconEye size={14} aria-hidden />}
                                onClick={() => onView(version.id)}
                              >
                                {t('manifests.builder.header.viewManifest')}
                              </Menu.Item>
                              <Menu.Item
                                leftSection={<IconArrowsDiff size={14} aria-hidden />}
                                onClick={() => onCompare(version)}
                              >
                                {t('manifests.versions.compareWithLatest')}
                              </Menu.Item>
                              {canStart && older ? (
                                <Menu.Item
                                  leftSection={<IconPlayerPlay size={14} aria-hidden />}
                                  onClick={() => navigate(startFromPath(app.id, version.id))}
                                >
                                  {t('manifests.versions.startFrom')}
                                </Menu.Item>
                              ) : null}
                            </Menu.Dropdown>
                          </Menu>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                    {rejectionOf(version) ? (
                      <Table.Tr>
                        <Table.Td colSpan={columns} pt={0}>
                          <RejectionNotes version={version} />
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
