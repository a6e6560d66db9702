import {
  type ManifestSummary,
  REVIEW_ACTIONS,
  REVIEW_ACTORS,
  type ReviewAction,
  reviewNotesRequired,
} from '@lintel/shared/manifests';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../../components/MutationErrorAlert';
import { notifySaved } from '../../../components/notifySaved';
import { useReviewManifest } from '../queries';

export interface ReviewActionModalProps {
  appId: number;
  /** The production version and the action to take on it; null closes the modal. */
  target: { version: ManifestSummary; action: ReviewAction } | null;
  onClose: () => void;
}

/**
 * Confirms a review action on a production version (spec 2 §4 "Manifest review actions"): submit for
 * review and withdraw (developers, optional notes to the reviewers), approve and reject (platform
 * administrators, optional notes to the developers).
 */
export function ReviewActionModal({ appId, target, onClose }: ReviewActionModalProps) {
  const { t } = useTranslation();
  const review = useReviewManifest(appId);
  const [notes, setNotes] = useState('');
  const [missingNotes, setMissingNotes] = useState(false);

  const resetReview = review.reset;
  useEffect(() => {
    if (target) {
      setNotes('');
      setMissingNotes(false);
      resetReview();
    }
  }, [target, resetReview]);

  const action = target?.action ?? 'submit';
  const notesRequired = reviewNotesRequired(action);
  const close = () => {
    if (!review.isPending) onClose();
  };
  const confirm = (event: React.FormEvent) => {
    event.preventDefault();
    if (!target) return;
    const text = notes.trim();
    // A rejection must say why (issue 20): the server refuses it without notes too.
    if (notesRequired && !text) {
      setMissingNotes(true);
      return;
    }
    const byAdmin = REVIEW_ACTORS[action] === 'platform_admin';
    review.mutate(
      {
        id: target.version.id,
        state: REVIEW_ACTIONS[action].to,
        ...(text ? (byAdmin ? { adminNotes: text } : { developerNotes: text }) : {}),
      },
      {
        onSuccess: () => {
          notifySaved(
            t(`manifests.versions.review.done.${action}`, { version: target.version.semantic_version }),
          );
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={t(`manifests.versions.review.title.${action}`, {
        version: target?.version.semantic_version ?? '',
      })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      <form onSubmit={confirm} noValidate>
        <Stack gap="md">
          <Text size="sm">{t(`manifests.versions.review.explain.${action}`)}</Text>
          <MutationErrorAlert error={review.error} title={t('manifests.versions.review.error')} />
          <Textarea
            label={t('manifests.versions.review.notes')}
            description={
              notesRequired
                ? t('manifests.versions.review.adminNotesRequired')
                : REVIEW_ACTORS[action] === 'platform_admin'
                  ? t('manifests.versions.review.adminNotesDescription')
                  : t('manifests.versions.review.developerNotesDescription')
            }
            required={notesRequired}
            error={missingNotes ? t('manifests.versions.review.notesRequired') : undefined}
            autosize
            minRows={3}
            value={notes}
            onChange={(event) => {
              setNotes(event.currentTarget.value);
              setMissingNotes(false);
            }}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={review.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={review.isPending} color={action === 'reject' ? 'red' : undefined}>
              {t(`manifests.versions.review.actions.${action}`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
