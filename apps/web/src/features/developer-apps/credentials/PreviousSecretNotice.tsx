import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { formatDateTime } from '../../../components/format';
import { MutationErrorAlert } from '../../../components/MutationErrorAlert';
import type { SecretTarget } from '../queries';
import { useExpirePreviousSecret } from './rotationQueries';

/** "in 23 hours", "in 40 minutes": the time left, in the reader's language. */
export function remainingTime(expiresAt: string, language: string, now = Date.now()): string {
  const minutes = Math.max(1, Math.round((Date.parse(expiresAt) - now) / 60_000));
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  if (minutes < 60) return format.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 48) return format.format(hours, 'hour');
  return format.format(Math.round(hours / 24), 'day');
}

export interface PreviousSecretNoticeProps {
  target: SecretTarget;
  expiresAt: string;
  /** Whether the reader may end the grace (owner and admin, as for a reset). */
  editable: boolean;
}

/** While a rotation's grace period runs: both secrets work; the old one's time left, and ending it now. */
export function PreviousSecretNotice({ target, expiresAt, editable }: PreviousSecretNoticeProps) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const expire = useExpirePreviousSecret();
  return (
    <Alert
      color="yellow"
      icon={<IconClockHour4 aria-hidden />}
      title={t('developerApps.rotation.graceTitle')}
      data-testid="previous-secret"
    >
      <Stack gap="xs">
        <Text size="sm">
          {t('developerApps.rotation.graceMessage', {
            remaining: remainingTime(expiresAt, i18n.language),
            time: formatDateTime(expiresAt),
          })}
        </Text>
        <MutationErrorAlert error={expire.error} title={t('developerApps.errorOccurred')} />
        {editable ? (
          <Group>
            <Button size="xs" color="red" variant="light" onClick={() => setConfirming(true)}>
              {t('developerApps.rotation.expireNow')}
            </Button>
          </Group>
        ) : null}
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('developerApps.rotation.expireNow')}
        message={t('developerApps.rotation.expireConfirm')}
        confirmLabel={t('developerApps.rotation.expire')}
        danger
        loading={expire.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => expire.mutate(target, { onSettled: () => setConfirming(false) })}
      />
    </Alert>
  );
}
