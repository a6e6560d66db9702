import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { useRedeliverFailed } from './queries';

const DAY_MS = 86_400_000;

export interface RedeliverFailedModalProps {
  appId: number;
  admin: boolean;
  hookId: number | null;
  destination: string;
  onClose: () => void;
}

/** "Redeliver all failed since…": every failing or discarded delivery of the hook since a time, again. */
export function RedeliverFailedModal({
  appId,
  admin,
  hookId,
  destination,
  onClose,
}: RedeliverFailedModalProps) {
  const { t } = useTranslation();
  const redeliver = useRedeliverFailed(appId, admin);
  const [since, setSince] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh default each time it opens
  useEffect(() => {
    if (hookId !== null) {
      setSince(new Date(Date.now() - DAY_MS).toISOString());
      redeliver.reset();
    }
  }, [hookId]);

  const submit = () => {
    if (hookId === null || !since) return;
    redeliver.mutate(
      { hookId, since },
      {
        onSuccess: ({ count }) => {
          notifySaved(t('webhooks.redeliverFailed.done', { count }));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened={hookId !== null}
      onClose={() => (redeliver.isPending ? undefined : onClose())}
      title={t('webhooks.redeliverFailed.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        <Text size="sm">{t('webhooks.redeliverFailed.description', { destination })}</Text>
        <MutationErrorAlert error={redeliver.error} title={t('webhooks.redeliverFailed.failed')} />
        <DateTimePicker
          label={t('webhooks.redeliverFailed.since')}
          value={since ? dayjs(since).format('YYYY-MM-DD HH:mm:ss') : null}
          onChange={(value) => setSince(value ? dayjs(value).toISOString() : null)}
          maxDate={new Date()}
          withSeconds={false}
          required
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={redeliver.isPending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={redeliver.isPending} disabled={!since}>
            {t('webhooks.redeliverFailed.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
