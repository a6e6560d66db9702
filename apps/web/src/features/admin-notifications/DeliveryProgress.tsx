import type { AdminNotification } from '@lintel/shared';
import { Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isDelivering } from './queries';

/** The e-mails of a critical notification: queued, sent and failed (polled while going out). */
export function DeliveryProgress({ notification }: { notification: AdminNotification }) {
  const { t } = useTranslation();
  const delivery = notification.delivery;
  if (!notification.critical || !delivery) return null;
  const done = delivery.sent + delivery.failed;
  const percent = delivery.total > 0 ? Math.round((done / delivery.total) * 100) : 0;
  const delivering = isDelivering(notification);
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="delivery-title">
      <Stack gap="xs">
        <Title order={2} size="h5" id="delivery-title">
          {t('adminNotifications.delivery.title')}
        </Title>
        {delivery.total === 0 ? (
          <Text size="sm" c="dimmed" aria-live="polite">
            {delivering ? t('adminNotifications.delivery.preparing') : t('adminNotifications.delivery.none')}
          </Text>
        ) : (
          <>
            <Progress
              value={percent}
              size="lg"
              color={delivery.failed > 0 ? 'orange' : 'green'}
              striped={delivering}
              animated={delivering}
              aria-label={t('adminNotifications.delivery.progressLabel')}
            />
            <Text size="sm" aria-live="polite">
              {t('adminNotifications.delivery.summary', { done, total: delivery.total, percent })}
            </Text>
            <Group gap="lg">
              <Text size="sm">{t('adminNotifications.delivery.queued', { value: delivery.queued })}</Text>
              <Text size="sm" c="green">
                {t('adminNotifications.delivery.sent', { value: delivery.sent })}
              </Text>
              <Text size="sm" c="red">
                {t('adminNotifications.delivery.failed', { value: delivery.failed })}
              </Text>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
