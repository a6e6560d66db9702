import {
  type ConfiguredManifestInput,
  isSemver,
  type Manifest,
  suggestNextVersion,
} from '@lintel/shared/manifests';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { useCreateManifest } from '../queries';

export interface CreateVersionModalProps {
  appId: number;
  opened: boolean;
  /** The newest sandbox version, whose minor part the suggestion raises (0.1.0 when none). */
  latestVersion: string | null;
  /** Whether the user may choose the version (canSetSemanticVersions); otherwise the suggestion is used. */
  canSetVersion: boolean;
  configured: ConfiguredManifestInput;
  onClose: () => void;
  onCreated: (manifest: Manifest) => void;
}

/**
 * The Create New Version modal (spec 2 §2 Dialogs, §5 "Semantic version"): the version, suggested by
 * raising the minor part of the last one, must be major.minor.patch; a refusal shows the server's first
 * detail, else 'Something went wrong when saving the new version.'
 */
export function CreateVersionModal({
  appId,
  opened,
  latestVersion,
  canSetVersion,
  configured,
  onClose,
  onCreated,
}: CreateVersionModalProps) {
  const { t } = useTranslation();
  const create = useCreateManifest(appId);
  const suggestion = suggestNextVersion(latestVersion);
  const [version, setVersion] = useState(suggestion);
  const [touched, setTouched] = useState(false);

  const resetCreate = create.reset;
  useEffect(() => {
    if (opened) {
      setVersion(suggestion);
      setTouched(false);
      resetCreate();
    }
  }, [opened, suggestion, resetCreate]);

  const invalid = version.trim() === '' ? 'required' : isSemver(version) ? null : 'format';
  const close = () => {
    if (!create.isPending) onClose();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (invalid) return;
    create.mutate(
      { semanticVersion: version.trim(), configured },
      { onSuccess: (manifest) => onCreated(manifest) },
    );
  };

  const serverError = create.error ? saveErrorText(t, create.error) : null;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('manifests.builder.create.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('manifests.builder.create.explain')}</Text>
          {serverError ? (
            <Alert color="red" role="alert" title={t('manifests.builder.create.errorTitle')}>
              {serverError}
            </Alert>
          ) : null}
          {canSetVersion ? (
            <TextInput
              label={t('manifests.builder.create.version')}
              description={t('manifests.builder.create.versionDescription', {
                latest: latestVersion ?? t('manifests.builder.create.none'),
              })}
              required
              value={version}
              onChange={(event) => setVersion(event.currentTarget.value)}
              onBlur={() => setTouched(true)}
              error={
                touched && invalid
                  ? invalid === 'required'
                    ? t('manifests.builder.rules.required')
                    : t('manifests.builder.create.versionFormat')
                  : undefined
              }
              spellCheck={false}
              autoComplete="off"
              data-autofocus
            />
          ) : (
            <Text size="sm">{t('manifests.builder.create.versionFixed', { version: suggestion })}</Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('manifests.builder.create.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * A refused save (spec 2 §5, §8): the first detail's message, else 'Something went wrong when saving the
 * new version.' A version not above the latest one (the usual refusal, detail params.latest) is said in
 * the interface language.
 */
export function saveErrorText(t: TFunction, error: unknown): string {
  const first = isApiError(error) ? error.details[0] : undefined;
  if (!first) return t('manifests.builder.create.defaultError');
  const latest = first.params?.latest;
  if (first.path === 'semantic_version' && latest !== undefined)
    return t('manifests.builder.create.notGreater', { latest: String(latest) });
  return first.message;
}
