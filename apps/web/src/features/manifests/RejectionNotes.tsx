import { type ManifestSummary, rejectionOf } from '@lintel/shared/manifests';
import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A rejected production version's reviewer notes (issue 20), as both layouts show them: under the
 * version in the classic production table and the Versions tab, and in the Configurations header.
 * Nothing for a version that is not rejected (rejectionOf).
 */
export function RejectionNotes({
  version,
}: {
  version: Pick<ManifestSummary, 'state' | 'admin_notes' | 'semantic_version'>;
}) {
  const { t } = useTranslation();
  const rejection = rejectionOf(version);
  if (!rejection) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('manifests.versions.rejection.title', { version: version.semantic_version })}
      data-testid="version-rejection"
    >
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('manifests.versions.rejection.notes')}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {rejection.notes}
        </Text>
        <Text size="xs" c="dimmed">
          {t('manifests.versions.rejection.next')}
        </Text>
      </Stack>
    </Alert>
  );
}
