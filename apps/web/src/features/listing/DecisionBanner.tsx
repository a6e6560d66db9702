import { REJECTION_REASONS, type Submission } from '@lintel/shared/listing';
import { Alert, Spoiler, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from './SafeHtml';

type Decided = Pick<Submission, 'state' | 'approval_state' | 'admin_message' | 'rejection_reasons'>;

/**
 * The verdict that stands on a listing out of review (spec 3 §4 "Banners"): the submission carries its
 * latest decision's own message and reasons only, so an approval never shows an earlier rejection's words
 * (issue 20). An approval without a message still says "Listing approved".
 */
export function standingDecision(submission: Decided | null): 'approved' | 'rejected' | null {
  if (!submission || submission.state === 'in_review') return null;
  if (submission.approval_state === 'rejected') return 'rejected';
  if (submission.approval_state === 'approved') return 'approved';
  return null;
}

/** The approval or rejection banner, with the admin message (expandable, sanitized HTML) and reasons. */
export function DecisionBanner({ submission }: { submission: Decided | null }) {
  const { t } = useTranslation();
  const decision = standingDecision(submission);
  if (!submission || !decision) return null;
  const rejected = decision === 'rejected';
  const reasons = rejected ? submission.rejection_reasons : [];
  return (
    <Alert
      color={rejected ? 'red' : 'green'}
      title={rejected ? t('listing.banners.rejectedTitle') : t('listing.banners.approvedTitle')}
    >
      <Stack gap="xs">
        {rejected ? <Text size="sm">{t('listing.banners.rejected')}</Text> : null}
        {submission.admin_message ? (
          <Spoiler
            maxHeight={48}
            showLabel={t('listing.banners.showMore')}
            hideLabel={t('listing.banners.showLess')}
          >
            <div className="listing-admin-message">
              <SafeHtml html={submission.admin_message} />
            </div>
          </Spoiler>
        ) : null}
        {reasons.length > 0 ? (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t('listing.banners.reasons')}
            </Text>
            {reasons.map((reason) => {
              const reasonTab = REJECTION_REASONS.find((entry) => entry.code === reason.code)?.tab;
              return (
                <Text size="sm" key={reason.code}>
                  {t(`listing.rejectionReasons.${reason.code}`)}
                  {reasonTab ? ` (${t(`listing.tabs.${reasonTab}`)})` : ''}
                  {reason.note ? ` — ${reason.note}` : ''}
                </Text>
              );
            })}
          </Stack>
        ) : null}
      </Stack>
    </Alert>
  );
}
