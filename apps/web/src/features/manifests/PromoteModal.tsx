import type { ManifestSummary } from '@lintel/shared/manifests';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { usePromoteManifest } from './queries';

export interface PromoteModalProps {
  appId: number;
  /** The sandbox version to promote; null closes the modal. */
  source: ManifestSummary | null;
  onClose: () => void;
  onPromoted?: () => void;
}

/**
 * The Promote confirmation (spec 2 §2 Dialogs, §4 Promotion, §5 "Promote: release notes required"):
 * the sandbox version becomes a production version carrying the release notes.
 */
export function PromoteModal({ appId, source, onClose, onPromoted }: PromoteModalProps) {
  const { t } = useTranslation();
  const promote = usePromoteManifest(appId);
  const [notes, setNotes] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = notes.trim() === '';

  const close = () => {
    if (promote.isPending) return;
    setNotes('');
    setTouched(false);
    promote.reset();
    onClose();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!source || missing) return;
    promote.mutate(
      { sourceId: source.id, changelog: notes.trim() },
      {
        onSuccess: () => {
          notifySaved(t('manifests.promote.done'));
          setNotes('');
          setTouched(false);
          onPromoted?.();
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened={source !== null}
      onClose={close}
      title={t('manifests.promote.title', { version: source?.semantic_version ?? '' })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('manifests.promote.explain')}</Text>
          <MutationErrorAlert error={promote.error} title={t('manifests.promote.error')} />
          <Textarea
            label={t('manifests.promote.notes')}
            description={t('manifests.promote.notesDescription')}
            required
            autosize
            minRows={4}
            maxRows={12}
            value={notes}
            onChange={(event) => setNotes(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched && missing ? t('manifests.promote.notesRequired') : undefined}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={promote.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={promote.isPending}>
              {t('manifests.promote.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
