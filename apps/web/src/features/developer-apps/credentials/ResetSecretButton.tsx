import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../../components/MutationErrorAlert';
import { type SecretTarget, useResetSecret } from '../queries';
import { SecretReveal } from './SecretReveal';

export interface ResetSecretButtonProps {
  target: SecretTarget;
  /** Accessible name of the button, e.g. "Reset sandbox secret". */
  label: string;
}

/**
 * Resetting asks first for an acknowledgement that the old secret and its tokens stop working; the
 * new secret is shown once and forgotten when the dialog closes (spec 2 §4 Client secret).
 */
export function ResetSecretButton({ target, label }: ResetSecretButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);
  const reset = useResetSecret();
  const secret = reset.data;

  const close = () => {
    if (reset.isPending) return;
    setOpened(false);
    setAcknowledged(false);
    reset.reset();
  };

  return (
    <>
      <Button
        variant="light"
        color="red"
        leftSection={<IconRefresh size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {label}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={secret ? t('developerApps.secret.newTitle') : label}
        centered
        closeOnClickOutside={false}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {secret ? (
          <SecretReveal secret={secret.app_secret} clientId={secret.uid} onDone={close} />
        ) : (
          <Stack>
            <MutationErrorAlert error={reset.error} title={t('developerApps.errorOccurred')} />
            <Text size="sm">{t('developerApps.secret.resetExplain')}</Text>
            <Checkbox
              checked={acknowledged}
              onChange={(event) => setAcknowledged(event.currentTarget.checked)}
              label={t('developerApps.secret.acknowledge')}
            />
            <Group justify="flex-end">
              {/* Focus starts on Cancel: resetting revokes the old secret (issue 13 item 7). */}
              <Button variant="default" onClick={close} disabled={reset.isPending} data-autofocus>
                {t('common.cancel')}
              </Button>
              <Button
                color="red"
                disabled={!acknowledged}
                loading={reset.isPending}
                onClick={() => reset.mutate(target)}
              >
                {t('developerApps.secret.reset')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
