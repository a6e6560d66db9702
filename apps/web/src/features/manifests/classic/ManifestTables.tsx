import {
  type ManifestSummary,
  type ReviewAction,
  rejectionOf,
  reviewActionsFor,
  shownVersionState,
  VERSION_STATES,
} from '@lintel/shared/manifests';
import { Anchor, Badge, Button, Code, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/format';
import { CopyToastButton } from '../CopyToastButton';
import { RejectionNotes } from '../RejectionNotes';

/** Newest first (spec 2 §2, §9): by creation time, the id breaking ties. */
export function newestFirst(versions: readonly ManifestSummary[]): ManifestSummary[] {
  return [...versions].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}

const stateColors: Record<string, string> = {
  draft: 'gray',
  confidential: 'gray',
  in_review: 'yellow',
  published: 'green',
  rejected: 'red',
};

/** The version's state, or Rejected for a confidential version a reviewer rejected (issue 20). */
function StateBadge({ version }: { version: ManifestSummary }) {
  const { t } = useTranslation();
  const state = shownVersionState(version);
  const known = state === 'rejected' || (VERSION_STATES as readonly string[]).includes(state);
  return (
    <Badge
      variant="light"
      size="sm"
      color={stateColors[state] ?? 'red'}
      // The whole state, never "IN REVI…": the badge keeps its width in the narrow version column.
      style={{ flexShrink: 0 }}
      styles={{ root: { maxWidth: 'none', overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {known ? t(`classicManifests.states.${state}`) : state}
    </Badge>
  );
}

/** The latest version only, until "show old versions" (spec 2 §2). */
function useOldVersions(versions: ManifestSummary[]) {
  const [showOld, setShowOld] = useState(false);
  const shown = showOld ? versions : versions.slice(0, 1);
  return { shown, showOld, setShowOld, hidden: versions.length - 1 };
}

function OldVersionsToggle({
  hidden,
  showOld,
  onToggle,
}: {
  hidden: number;
  showOld: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  if (hidden <= 0) return null;
  return (
    <Group>
      <Anchor component="button" type="button" size="sm" onClick={onToggle} aria-expanded={showOld}>
        {showOld
          ? t('classicManifests.tables.hideOld')
          : t('classicManifests.tables.showOld', { count: hidden })}
      </Anchor>
    </Group>
  );
}

function VersionLink({
  version,
  onView,
}: {
  version: ManifestSummary;
  onView: (version: ManifestSummary) => void;
}) {
  const { t } = useTranslation();
  return (
    <Anchor
      component="button"
      type="button"
      fw={600}
      onClick={() => onView(version)}
      aria-label={t('classicManifests.tables.viewVersion', { version: version.semantic_version })}
    >
      {version.semantic_version}
    </Anchor>
  );
}

function KeyCell({ version }: { version: ManifestSummary }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Code>{version.app_version_key}</Code>
      <CopyToastButton
        value={version.app_version_key}
        label={t('classicManifests.tables.keyOf', { version: version.semantic_version })}
        copied={t('manifests.versions.keyCopied')}
      />
    </Group>
  );
}

export interface SandboxTableProps {
  versions: readonly ManifestSummary[];
  /** canModifyManifests: the promote buttons. */
  canPromote: boolean;
  onView: (version: ManifestSummary) => void;
  onPromote: (version: ManifestSummary) => void;
}

/** Sandbox versions: version, created, app version key, promote (spec 2 §2). */
export function SandboxManifestTable({ versions, canPromote, onView, onPromote }: SandboxTableProps) {
  const { t } = useTranslation();
  const sorted = newestFirst(versions);
  const { shown, showOld, setShowOld, hidden } = useOldVersions(sorted);
  return (
    <Stack gap="xs">
      <ScrollArea type="auto">
        <Table verticalSpacing="sm" aria-label={t('classicManifests.tables.sandbox.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('classicManifests.tables.columns.version')}</Table.Th>
              <Table.Th>{t('classicManifests.tables.columns.created')}</Table.Th>
              <Table.Th>{t('classicManifests.tables.columns.key')}</Table.Th>
              <Table.Th>{t('classicManifests.tables.columns.promote')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((version) => (
              <Table.Tr key={version.id}>
                <Table.Td>
                  <VersionLink version={version} onView={onView} />
                </Table.Td>
                <Table.Td>{formatDateTime(version.created_at)}</Table.Td>
                <Table.Td>
                  <KeyCell version={version} />
                </Table.Td>
                <Table.Td>
                  {canPromote && version.promotable ? (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => onPromote(version)}
                      aria-label={t('classicManifests.tables.promoteVersion', {
                        version: version.semantic_version,
                      })}
                    >
                      {t('classicManifests.tables.promote')}
                    </Button>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <OldVersionsToggle hidden={hidden} showOld={showOld} onToggle={() => setShowOld((value) => !value)} />
    </Stack>
  );
}

export interface ProductionTableProps {
  versions: readonly ManifestSummary[];
  /** canModifyManifests: submit and withdraw. */
  isDeveloper: boolean;
  /** A platform administrator: approve and reject. */
  isPlatformAdmin: boolean;
  onView: (version: ManifestSummary) => void;
  onReview: (version: ManifestSummary, action: ReviewAction) => void;
  /** The version whose review action is being sent. */
  reviewing: number | null;
}

/**
 * Production versions: version, released to production, app version key, published to marketplace,
 * release notes, review actions (spec 2 §2, §4).
 */
export function ProductionManifestTable({
  versions,
  isDeveloper,
  isPlatformAdmin,
  onView,
  onReview,
  reviewing,
}: ProductionTableProps) {
  const { t } = useTranslation();
  const sorted = newestFirst(versions);
  const { shown, showOld, setShowOld, hidden } = useOldVersions(sorted);
  return (
    <Stack gap="xs">
      <ScrollArea type="auto">
        <Table verticalSpacing="sm" aria-label={t('classicManifests.tables.production.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('classicManifests.tables.columns.version')}</Table.Th>
              <Table.Th>{t('classicManifests.tables.columns.released')}</Table.Th>
              <Table.Th>{t('classicManifests.tables.columns.key')}</Table.Th>
              <Table.Th>{t('classicManifests.tables.columns.published')}</Table.Th>
              <Table.Th>{t('classicManifests.tables.columns.notes')}</Table.Th>
              <Table.Th>{t('classicManifests.tables.columns.review')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((version) => {
              const actions = reviewActionsFor(version, {
                developer: isDeveloper,
                platformAdmin: isPlatformAdmin,
              });
              return (
                <Fragment key={version.id}>
                  <Table.Tr>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <VersionLink version={version} onView={onView} />
                        <StateBadge version={version} />
                      </Group>
                    </Table.Td>
                    <Table.Td>{formatDateTime(version.created_at)}</Table.Td>
                    <Table.Td>
                      <KeyCell version={version} />
                    </Table.Td>
                    <Table.Td>
                      {version.published_to_marketplace
                        ? t('classicManifests.tables.yes')
                        : t('classicManifests.tables.no')}
                    </Table.Td>
                    <Table.Td maw={280}>
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={4}>
                        {version.changelog ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {actions.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          —
                        </Text>
                      ) : (
                        <Group gap="xs" wrap="nowrap">
                          {actions.map((action) => (
                            <Button
                              key={action}
                              size="xs"
                              variant={action === 'reject' || action === 'withdraw' ? 'default' : 'light'}
                              loading={reviewing === version.id}
                              onClick={() => onReview(version, action)}
                              aria-label={t('classicManifests.review.actionFor', {
                                action: t(`classicManifests.review.actions.${action}`),
                                version: version.semantic_version,
                              })}
                            >
                              {t(`classicManifests.review.actions.${action}`)}
                            </Button>
                          ))}
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                  {rejectionOf(version) ? (
                    <Table.Tr>
                      <Table.Td colSpan={6} pt={0}>
                        <RejectionNotes version={version} />
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <OldVersionsToggle hidden={hidden} showOld={showOld} onToggle={() => setShowOld((value) => !value)} />
    </Stack>
  );
}
