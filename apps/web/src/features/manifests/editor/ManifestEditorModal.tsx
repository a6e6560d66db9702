import type { DeveloperApp } from '@lintel/shared';
import { type Manifest, type ManifestSummary, suggestNextVersion } from '@lintel/shared/manifests';
import { Center, Loader, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import {
  useCreateManifest,
  useManifest,
  useManifestTemplates,
  usePermissionCatalogue,
  validateManifest,
} from '../queries';
import { loadSnippets } from './calls';
import { formatJson } from './documents';
import { CreateManifestEditor, ManifestReadOnly } from './ManifestEditor';

export type ManifestEditorMode =
  /** A new sandbox version, starting from the latest one's manifest (or the 4.1 template for the first). */
  | { kind: 'create'; latest: ManifestSummary | null }
  /** One version, read-only, with Copy. */
  | { kind: 'view'; versionId: number };

export interface ManifestEditorModalProps {
  app: DeveloperApp;
  mode: ManifestEditorMode;
  onClose: () => void;
  onCreated: (version: Manifest) => void;
}

const fullHeight = { body: { height: 'calc(100dvh - 70px)' } };

function Loading() {
  const { t } = useTranslation();
  return (
    <Center h="60vh">
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}

function CreateMode({
  app,
  latest,
  onClose,
  onCreated,
}: Omit<ManifestEditorModalProps, 'mode'> & { latest: ManifestSummary | null }) {
  const templates = useManifestTemplates();
  const catalogue = usePermissionCatalogue();
  const previous = useManifest(latest?.id ?? null);
  const create = useCreateManifest(app.id);

  const failed = templates.error ?? previous.error;
  if (failed) {
    return (
      <QueryErrorAlert
        error={failed}
        onRetry={() => {
          void templates.refetch();
          void previous.refetch();
        }}
      />
    );
  }
  if (!templates.data || (latest !== null && !previous.data)) return <Loading />;
  const template = templates.data['4.1'];
  const initialText = previous.data
    ? formatJson(previous.data.content)
    : template
      ? formatJson(template)
      : '';

  return (
    <CreateManifestEditor
      templates={templates.data}
      loadSnippets={loadSnippets}
      catalogue={catalogue.data}
      validate={async (text) => (await validateManifest(app.id, text)).errors}
      create={async (semanticVersion, text, authCodeEnabled) => {
        const version = await create.mutateAsync({ semanticVersion, content: text, authCodeEnabled });
        onCreated(version);
      }}
      suggestedVersion={suggestNextVersion(latest?.semantic_version)}
      canSetSemanticVersions={app.permissions.canSetSemanticVersions}
      canBuildPermissions={app.permissions.canViewClientCredentials}
      initialText={initialText}
      initialAuthCode={previous.data?.auth_code_enabled ?? false}
      onCancel={onClose}
    />
  );
}

function ViewMode({ versionId, onClose }: { versionId: number; onClose: () => void }) {
  const version = useManifest(versionId);
  if (version.isError)
    return <QueryErrorAlert error={version.error} onRetry={() => void version.refetch()} />;
  if (!version.data) return <Loading />;
  return <ManifestReadOnly content={version.data.content} onClose={onClose} />;
}

/**
 * The full-screen manifest editor of the older layout (spec 2 §2 "Manifest editor modal"): creating a
 * sandbox version from JSON, or one version read-only with Copy.
 */
export function ManifestEditorModal({ app, mode, onClose, onCreated }: ManifestEditorModalProps) {
  const { t } = useTranslation();
  const viewed = useManifest(mode.kind === 'view' ? mode.versionId : null);
  const title =
    mode.kind === 'create'
      ? t('classicManifests.editor.titleCreate')
      : t('classicManifests.editor.titleView', { version: viewed.data?.semantic_version ?? '' });
  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen
      title={title}
      closeOnClickOutside={false}
      // Escape belongs to the editor (search, completion) while creating: it must not drop the text.
      closeOnEscape={mode.kind === 'view'}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={fullHeight}
    >
      {mode.kind === 'create' ? (
        <CreateMode app={app} latest={mode.latest} onClose={onClose} onCreated={onCreated} />
      ) : (
        <ViewMode versionId={mode.versionId} onClose={onClose} />
      )}
    </Modal>
  );
}

export default ManifestEditorModal;
