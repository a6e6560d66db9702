import { GRACE_PERIOD_HOURS, type GracePeriodHours } from '@lintel/shared';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconRotateClockwise } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../../components/MutationErrorAlert';
import type { SecretTarget } from '../queries';
import { useRotateSecret } from './rotationQueries';
import { SecretReveal } from './SecretReveal';

export interface RotateSecretButtonProps {
  target: SecretTarget;
  /** Accessible name of the button, e.g. "Rotate sandbox secret". */
  label: string;
}

/**
 * Rotation without downtime (issue 23): the old secret keeps working for the chosen grace period; the
 * new one is shown once, as a reset shows it, and forgotten when the dialog closes.
 */
export function RotateSecretButton({ target, label }: RotateSecretButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [grace, setGrace] = useState<GracePeriodHours>(24);
  const rotate = useRotateSecret();
  const secret = rotate.data;

  const close = () => {
    if (rotate.isPending) return;
    setOpened(false);
    setGrace(24);
    rotate.reset();
  };

  return (
    <>
      <Button
        variant="light"
        leftSection={<IconRotateClockwise size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {label}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={secret ? t('developerApps.rotation.newTitle') : label}
        centered
        closeOnClickOutside={false}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {secret ? (
          <SecretReveal secret={secret.app_secret} clientId={secret.uid} onDone={close} />
        ) : (
          <Stack>
            <MutationErrorAlert error={rotate.error} title={t('developerApps.errorOccurred')} />
            <Text size="sm">{t('developerApps.rotation.explain')}</Text>
            <Radio.Group
              label={t('developerApps.rotation.graceLabel')}
              value={String(grace)}
              onChange={(value) => setGrace(Number(value) as GracePeriodHours)}
            >
              <Stack gap="xs" mt="xs">
                {GRACE_PERIOD_HOURS.map((hours) => (
                  <Radio
                    key={hours}
                    value={String(hours)}
                    label={t(`developerApps.rotation.grace.${hours}`)}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={rotate.isPending} data-autofocus>
                {t('common.cancel')}
              </Button>
              <Button loading={rotate.isPending} onClick={() => rotate.mutate({ target, graceHours: grace })}>
                {t('developerApps.rotation.rotate')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
