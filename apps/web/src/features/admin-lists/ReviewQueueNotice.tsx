import { Alert, Text } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDay, waitText } from './format';
import { useReviewQueue } from './queries';

export interface ReviewQueueNoticeProps {
  appId: number;
  /** Which submission of the app: its production version or its marketplace listing. */
  kind: 'app_version' | 'marketplace_listing';
}

/**
 * Queue transparency (issue 11): while the app's version or listing is in review, its place in the
 * review queue and the expected wait from the last 30 days' reviews. Nothing when nothing is in review.
 */
export function ReviewQueueNotice({ appId, kind }: ReviewQueueNoticeProps) {
  const { t, i18n } = useTranslation();
  const queue = useReviewQueue(appId);
  const place = queue.data?.[kind];
  if (!place) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconHourglassHigh aria-hidden />}
      title={t('adminLists.queue.title')}
      data-testid={`review-queue-${kind}`}
    >
      <Text size="sm" fw={600}>
        {t('adminLists.queue.position', { position: place.position })}
      </Text>
      <Text size="sm">{waitText(t, i18n.language, place.estimated_wait_hours)}</Text>
      <Text size="xs" c="dimmed">
        {t('adminLists.queue.since', { date: formatDay(place.in_review_at) })}
      </Text>
    </Alert>
  );
}

export default ReviewQueueNotice;
