import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/ConfirmModal';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { PageLoader } from '../../components/PageLoader';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { SectionCard } from '../../components/SectionCard';
import { useDeveloperTwoFactor, useRemoveDeveloperTwoFactor } from './queries';

/**
 * The admin developer page's "Two-factor authentication" card: what the developer has, and the removal of
 * every second factor when they lost them all (audited, e-mailed to the developer).
 */
export function AdminDeveloperTwoFactor({ developerId }: { developerId: number }) {
  const { t } = useTranslation();
  const status = useDeveloperTwoFactor(developerId);
  const remove = useRemoveDeveloperTwoFactor(developerId);
  const [confirming, setConfirming] = useState(false);
  const has = status.data ? status.data.totp_enabled || status.data.passkeys > 0 : false;

  return (
    <SectionCard id="developer-two-factor" size="h3" title={t('account.twoFactor.admin.title')}>
      {status.isPending ? (
        <PageLoader />
      ) : status.isError ? (
        <QueryErrorAlert error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <Stack gap="sm" align="flex-start">
          <MutationErrorAlert error={remove.error} />
          <Text size="sm">
            {has
              ? t('account.twoFactor.admin.status', {
                  totp: status.data.totp_enabled
                    ? t('account.twoFactor.section.on')
                    : t('account.twoFactor.section.off'),
                  passkeys: status.data.passkeys,
                })
              : t('account.twoFactor.admin.none')}
          </Text>
          {has ? (
            <Button color="red" variant="light" onClick={() => setConfirming(true)}>
              {t('account.twoFactor.admin.remove')}
            </Button>
          ) : null}
        </Stack>
      )}
      <ConfirmModal
        opened={confirming}
        title={t('account.twoFactor.admin.removeTitle')}
        message={t('account.twoFactor.admin.removeMessage')}
        confirmLabel={t('account.twoFactor.admin.remove')}
        danger
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => notifySaved(t('account.twoFactor.admin.removed')),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </SectionCard>
  );
}
