import { SIGNING_SECRET_OVERLAP_HOURS } from '@lintel/shared';
import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconEye, IconEyeOff, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/ConfirmModal';
import { CopyButton } from '../../components/CopyButton';
import { formatLongDateTime } from '../../components/format';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { useSigningSecret } from './queries';

export interface SigningSecretProps {
  appId: number;
  hookId: number;
  canView: boolean;
  canRotate: boolean;
}

/**
 * A hook's signing secret (Standard Webhooks, `whsec_…`): hidden until revealed, with the sandbox
 * secret's rules; rotating it keeps the old secret signing beside the new one for 24 hours, so a
 * receiver can switch without losing a delivery.
 */
export function SigningSecret({ appId, hookId, canView, canRotate }: SigningSecretProps) {
  const { t, i18n } = useTranslation();
  const secret = useSigningSecret(appId, hookId);
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const value = shown ? secret.data : undefined;
  const labelId = `webhook-${hookId}-secret`;

  return (
    <Stack gap={6} aria-labelledby={labelId} role="group">
      <Text size="sm" fw={600} id={labelId}>
        {t('webhooks.secret.title')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('webhooks.secret.description')}
      </Text>
      <Group gap="xs" wrap="wrap">
        <Code style={{ overflowWrap: 'anywhere' }} aria-live="polite">
          {value ? value.signing_secret : '••••••••••••••••••••••••'}
        </Code>
        {value ? <CopyButton value={value.signing_secret} label={t('webhooks.secret.title')} /> : null}
        {canView ? (
          <Button
            size="xs"
            variant="default"
            leftSection={shown ? <IconEyeOff size={14} aria-hidden /> : <IconEye size={14} aria-hidden />}
            loading={secret.isPending && !confirming}
            onClick={() => {
              if (shown) setShown(false);
              else secret.mutate(false, { onSuccess: () => setShown(true) });
            }}
          >
            {shown ? t('webhooks.secret.hide') : t('webhooks.secret.reveal')}
          </Button>
        ) : null}
        {canRotate ? (
          <Button
            size="xs"
            variant="default"
            color="red"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => setConfirming(true)}
          >
            {t('webhooks.secret.rotate')}
          </Button>
        ) : null}
      </Group>
      {value?.previous_expires_at ? (
        <Text size="xs" role="status">
          {t('webhooks.secret.overlap', {
            time: formatLongDateTime(value.previous_expires_at, i18n.resolvedLanguage),
          })}
        </Text>
      ) : null}
      <MutationErrorAlert error={secret.error} title={t('webhooks.secret.failed')} />
      <ConfirmModal
        opened={confirming}
        title={t('webhooks.secret.rotateTitle')}
        message={t('webhooks.secret.rotateMessage', { hours: SIGNING_SECRET_OVERLAP_HOURS })}
        confirmLabel={t('webhooks.secret.rotate')}
        danger
        loading={secret.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          secret.mutate(true, {
            onSuccess: () => {
              setShown(true);
              setConfirming(false);
              notifySaved(t('webhooks.secret.rotated'));
            },
            onError: () => setConfirming(false),
          })
        }
      />
    </Stack>
  );
}
