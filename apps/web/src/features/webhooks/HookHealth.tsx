import type { WebhookHealth } from '@lintel/shared';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatLongDateTime } from '../../components/format';

const STATE_COLORS = { healthy: 'green', backing_off: 'orange', discarding: 'red' } as const;

/**
 * A hook's health at a glance: its state (healthy, backing off with the next attempt's time, or
 * discarding after 12 hours of failure), the success rate over 24 hours and what was discarded.
 */
export function HookHealth({ health }: { health: WebhookHealth }) {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.resolvedLanguage, {
    style: 'percent',
    maximumFractionDigits: 1,
  });
  const next = formatLongDateTime(health.next_attempt_at, i18n.resolvedLanguage);
  return (
    <Group gap="sm" wrap="wrap">
      <Badge color={STATE_COLORS[health.state]} variant="light">
        {t(`webhooks.health.states.${health.state}`)}
      </Badge>
      <Text size="sm">
        {health.success_rate_24h === null
          ? t('webhooks.health.noAttempts')
          : t('webhooks.health.successRate', { rate: percent.format(health.success_rate_24h) })}
      </Text>
      {health.state !== 'healthy' && next ? (
        <Text size="sm">{t('webhooks.health.nextAttempt', { time: next })}</Text>
      ) : null}
      {health.queued_count > 0 ? (
        <Text size="sm" c="dimmed">
          {t('webhooks.health.queued', { count: health.queued_count })}
        </Text>
      ) : null}
      <Text size="sm" c={health.discarded_count > 0 ? 'red.9' : 'dimmed'}>
        {t('webhooks.health.discarded', { count: health.discarded_count })}
      </Text>
    </Group>
  );
}
