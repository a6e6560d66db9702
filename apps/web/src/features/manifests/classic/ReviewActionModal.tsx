import { type ManifestSummary, type ReviewAction, reviewNotesRequired } from '@lintel/shared/manifests';
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
  const [missingNotes, setMissingNotes] = useState(false);
  const notesRequired = reviewNotesRequired(action);
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
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // A rejection must say why (issue 20): the server refuses it without notes too.
          if (notesRequired && !notes.trim()) {
            setMissingNotes(true);
            return;
          }
          onConfirm(notes.trim());
        }}
      >
        <Stack>
          <MutationErrorAlert error={error} title={t('developerApps.errorOccurred')} />
          {notesLabel ? (
            <Textarea
              label={notesLabel}
              description={
                notesRequired
                  ? t('classicManifests.review.adminNotesRequired')
                  : t('classicManifests.review.notesHint')
              }
              required={notesRequired}
              error={missingNotes ? t('classicManifests.review.notesRequired') : undefined}
              value={notes}
              onChange={(event) => {
                setNotes(event.currentTarget.value);
                setMissingNotes(false);
              }}
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
