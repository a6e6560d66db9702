import { type ListingTab, REJECTION_REASONS, type Submission } from '@lintel/shared/listing';
import { Alert, List } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Reviewed = Pick<Submission, 'approval_state' | 'state' | 'rejection_reasons'> | null;

/** The structured reasons of the last rejection that concern one tab (issue 10). */
function reasonsOf(submission: Reviewed, tab: ListingTab) {
  if (submission?.approval_state !== 'rejected' || submission.state !== 'draft') return [];
  return submission.rejection_reasons.filter(
    (reason) => REJECTION_REASONS.find((entry) => entry.code === reason.code)?.tab === tab,
  );
}

/** The tabs the reviewers' rejection reasons point at, while the rejected listing is being fixed. */
export function reviewFeedbackTabs(submission: Reviewed): Set<ListingTab> {
  if (submission?.approval_state !== 'rejected' || submission.state !== 'draft') return new Set();
  return new Set(
    submission.rejection_reasons.flatMap(
      (reason) => REJECTION_REASONS.find((entry) => entry.code === reason.code)?.tab ?? [],
    ),
  );
}

/** The reviewers' reasons beside the tab they concern, with each reason's note. */
export function ReviewFeedback({ submission, tab }: { submission: Submission; tab: ListingTab }) {
  const { t } = useTranslation();
  const reasons = reasonsOf(submission, tab);
  if (reasons.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      mb="md"
      icon={<IconFlag aria-hidden />}
      title={t('listing.feedback.title')}
      role="note"
      aria-label={t('listing.feedback.title')}
    >
      <List size="sm" spacing={4}>
        {reasons.map((reason) => (
          <List.Item key={reason.code}>
            {t(`listing.rejectionReasons.${reason.code}`)}
            {reason.note ? ` — ${reason.note}` : ''}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
