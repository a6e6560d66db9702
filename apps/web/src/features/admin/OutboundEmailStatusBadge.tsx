import type { OutboundEmailStatus } from '@lintel/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<OutboundEmailStatus, string> = { queued: 'yellow', sent: 'green', failed: 'red' };

export function OutboundEmailStatusBadge({ status }: { status: OutboundEmailStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`admin.outboundEmails.status.${status}`)}
    </Badge>
  );
}
