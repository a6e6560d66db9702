import { Code, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/PageLoader';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { CopyToastButton } from './CopyToastButton';
import { useManifest } from './queries';

export interface ManifestViewerModalProps {
  /** The version to show; null closes the modal. */
  manifestId: number | null;
  onClose: () => void;
}

/** The View Manifest modal (spec 2 §2 Versions tab, Configurations tab): a version's JSON, read-only, with Copy. */
export function ManifestViewerModal({ manifestId, onClose }: ManifestViewerModalProps) {
  const { t } = useTranslation();
  const query = useManifest(manifestId);
  const json = query.data ? JSON.stringify(query.data.content, null, 2) : '';

  return (
    <Modal
      opened={manifestId !== null}
      onClose={onClose}
      size="xl"
      title={
        query.data
          ? t('manifests.viewer.title', { version: query.data.semantic_version })
          : t('manifests.viewer.titleLoading')
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('manifests.viewer.key', { key: query.data.app_version_key })}
            </Text>
            <CopyToastButton
              value={json}
              label={t('manifests.viewer.copyLabel')}
              copied={t('manifests.viewer.copied')}
            />
          </Group>
          <ScrollArea.Autosize mah="65vh" type="auto">
            <Code block aria-label={t('manifests.viewer.codeLabel')} tabIndex={0}>
              {json}
            </Code>
          </ScrollArea.Autosize>
        </Stack>
      )}
    </Modal>
  );
}
