import type { WebhookDeliveryStatus } from '@lintel/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS = { queued: 'blue', ok: 'green', failing: 'orange', discarded: 'red' } as const;

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`webhooks.statuses.${status}`)}
    </Badge>
  );
}

const OUTCOME_COLORS = { ok: 'green', retried: 'orange', failed: 'red', discarded: 'red' } as const;

export function AttemptOutcomeBadge({ outcome }: { outcome: keyof typeof OUTCOME_COLORS }) {
  const { t } = useTranslation();
  return (
    <Badge color={OUTCOME_COLORS[outcome]} variant="dot">
      {t(`webhooks.outcomes.${outcome}`)}
    </Badge>
  );
}
