import type { ManifestSummary, ReviewAction } from '@lintel/shared/manifests';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../../components/MutationErrorAlert';

export interface ReviewActionModalProps {
  version: ManifestSummary;
  action: ReviewAction;
  pending: boolean;
  error: unknown;
  onConfirm: (notes: string) => void;
  onClose: () => void;
}

/**
 * Confirms a review action on a production version (spec 2 §4): submitting carries the developer's
 * notes, approving and rejecting the administrator's; withdrawing only asks.
 */
export function ReviewActionModal({
  version,
  action,
  pending,
  error,
  onConfirm,
  onClose,
}: ReviewActionModalProps) {
  const { t } = useTranslation();
  const [notes, setNotes] = useState('');
  const notesLabel =
    action === 'submit'
      ? t('classicManifests.review.developerNotes')
      : action === 'withdraw'
        ? null
        : t('classicManifests.review.adminNotes');
  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': t('common.close') }}
      onClose={onClose}
      centered
      title={t(`classicManifests.review.modal.${action}`, { version: version.semantic_version })}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(notes.trim());
        }}
      >
        <Stack>
          <MutationErrorAlert error={error} title={t('developerApps.errorOccurred')} />
          {notesLabel ? (
            <Textarea
              label={notesLabel}
              description={t('classicManifests.review.notesHint')}
              value={notes}
              onChange={(event) => setNotes(event.currentTarget.value)}
              autosize
              minRows={3}
              maxLength={5000}
              data-autofocus
            />
          ) : (
            <Text size="sm">{t('classicManifests.review.withdrawExplain')}</Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={pending} color={action === 'reject' ? 'red' : undefined}>
              {t(`classicManifests.review.actions.${action}`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
