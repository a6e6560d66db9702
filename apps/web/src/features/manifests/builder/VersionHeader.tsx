import type { DeveloperApp } from '@lintel/shared';
import {
  type ReviewAction,
  saveButtonLabel,
  type VersionStatus,
  versionStatus,
} from '@lintel/shared/manifests';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCode, IconDeviceFloppy, IconRocket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RejectionNotes } from '../RejectionNotes';

/** The status table's colours as the theme names them (magenta is the theme's pink). */
const BADGE_COLOURS: Record<VersionStatus['color'], string> = {
  blue: 'blue',
  magenta: 'pink',
  green: 'green',
  yellow: 'yellow',
  red: 'red',
};

export interface VersionHeaderProps {
  app: DeveloperApp;
  /** Offer the save button (canModifyManifests and creation allowed). */
  canSave: boolean;
  saveDisabled: boolean;
  reviewActions: readonly ReviewAction[];
  onViewManifest: () => void;
  onPromote: () => void;
  onSave: () => void;
  onReview: (action: ReviewAction) => void;
}

/**
 * The Configurations tab's header (spec 2 §2, §4 "Version header status"): the version title, the status
 * badge of the shared table, and view manifest, promote (when the status offers it), the review action
 * the newest production version offers, and 'Create Version' / 'Save Version'.
 */
export function VersionHeader({
  app,
  canSave,
  saveDisabled,
  reviewActions,
  onViewManifest,
  onPromote,
  onSave,
  onReview,
}: VersionHeaderProps) {
  const { t } = useTranslation();
  const { latest_sandbox: sandbox, latest_production: production } = app.manifests;
  const status = versionStatus(sandbox, production);
  const canPromote =
    status.offers === 'promote' && app.permissions.canModifyManifests && Boolean(sandbox?.promotable);
  const saveLabel =
    saveButtonLabel(status) === 'Create Version'
      ? t('manifests.builder.header.createVersion')
      : t('manifests.builder.header.saveVersion');

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="version-header-title">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} miw={0}>
          <Group gap="sm">
            <Title order={2} size="h3" id="version-header-title">
              {sandbox
                ? t('manifests.builder.header.title', { version: sandbox.semantic_version })
                : t('manifests.builder.header.titleNew')}
            </Title>
            <Badge
              variant="dot"
              size="lg"
              color={BADGE_COLOURS[status.color]}
              data-testid="version-status"
              data-status={status.key}
            >
              {t(`manifests.builder.status.${status.key}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t(`manifests.builder.statusHelp.${status.key}`, {
              production: production?.semantic_version ?? '',
            })}
          </Text>
          {status.key === 'rejected' && production ? <RejectionNotes version={production} /> : null}
        </Stack>
        <Group gap="xs">
          {sandbox ? (
            <Button
              variant="default"
              leftSection={<IconCode size={16} aria-hidden />}
              onClick={onViewManifest}
            >
              {t('manifests.builder.header.viewManifest')}
            </Button>
          ) : null}
          {canPromote ? (
            <Button variant="light" leftSection={<IconRocket size={16} aria-hidden />} onClick={onPromote}>
              {t('manifests.builder.header.promote')}
            </Button>
          ) : null}
          {reviewActions.map((action) => (
            <Button
              key={action}
              variant="light"
              color={action === 'reject' ? 'red' : action === 'approve' ? 'green' : undefined}
              onClick={() => onReview(action)}
            >
              {t(`manifests.versions.review.actions.${action}`)}
            </Button>
          ))}
          {canSave ? (
            <Button
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              onClick={onSave}
              disabled={saveDisabled}
            >
              {saveLabel}
            </Button>
          ) : null}
        </Group>
      </Group>
    </Card>
  );
}
