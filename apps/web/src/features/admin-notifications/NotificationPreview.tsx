import { Stack, Text, Title } from '@mantine/core';
import { Fragment, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationCard } from '../notifications/NotificationCard';
import { useNow } from '../notifications/useNow';

export interface NotificationPreviewProps {
  title: string;
  summary: string;
  /** When the notification was created; a new one previews as created now. */
  createdAt?: string;
}

/** How developers will see the notification: once unread, once read (spec 1 §2). */
export function NotificationPreview({ title, summary, createdAt }: NotificationPreviewProps) {
  const { t } = useTranslation();
  const now = useNow();
  const at = createdAt ?? now.toISOString();
  // Typing stays responsive: the cards (and their markdown) re-render when React has time.
  const deferredTitle = useDeferredValue(title);
  const deferredSummary = useDeferredValue(summary);
  const shownTitle = deferredTitle.trim() || t('adminNotifications.preview.titlePlaceholder');
  const shownSummary = deferredSummary.trim() || t('adminNotifications.preview.summaryPlaceholder');
  return (
    <Stack gap="sm" component="section" aria-labelledby="notification-preview-title">
      <Title order={2} size="h4" id="notification-preview-title">
        {t('adminNotifications.preview.title')}
      </Title>
      {[false, true].map((read) => (
        <Fragment key={String(read)}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {t(read ? 'adminNotifications.preview.read' : 'adminNotifications.preview.unread')}
          </Text>
          <NotificationCard
            title={shownTitle}
            summary={shownSummary}
            createdAt={at}
            read={read}
            now={now}
            headingOrder={3}
          />
        </Fragment>
      ))}
    </Stack>
  );
}
