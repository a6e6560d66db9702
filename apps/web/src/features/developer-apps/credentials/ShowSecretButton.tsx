import { Button, Modal } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../../components/MutationErrorAlert';
import { useMarkSecretRevealed, useRevealSecret } from '../queries';
import { SecretReveal } from './SecretReveal';

/**
 * "Show" of spec 2 §4's "show or reset": the production secret can be revealed once after it was issued;
 * afterwards only a reset gives a new one (the Settings card then offers Reset instead).
 */
export function ShowSecretButton({ appId, uid, onDone }: { appId: number; uid: string; onDone: () => void }) {
  const { t } = useTranslation();
  const reveal = useRevealSecret();
  const markRevealed = useMarkSecretRevealed(appId);
  const secret = reveal.data?.app_secret;
  const done = () => {
    reveal.reset();
    markRevealed();
    onDone();
  };
  return (
    <>
      <MutationErrorAlert error={reveal.error} title={t('developerApps.errorOccurred')} />
      <Button
        variant="default"
        leftSection={<IconEye size={16} aria-hidden />}
        loading={reveal.isPending}
        onClick={() => reveal.mutate(uid)}
      >
        {t('developerApps.secret.show')}
      </Button>
      <Modal
        opened={secret !== undefined}
        onClose={done}
        title={t('developerApps.credentials.clientSecret')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
      >
        {secret ? <SecretReveal secret={secret} clientId={uid} onDone={done} /> : null}
      </Modal>
    </>
  );
}
