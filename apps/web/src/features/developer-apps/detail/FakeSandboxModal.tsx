import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SecretReveal } from '../credentials/SecretReveal';
import type { useGenerateFakeSandbox } from '../queries';

/**
 * The one-time secret of a generated fake sandbox (spec 2 §2 Sandbox card). The page owns the mutation:
 * the card that started it unmounts as soon as the sandbox is live, and the secret must outlive it.
 */
export function FakeSandboxModal({ fake }: { fake: ReturnType<typeof useGenerateFakeSandbox> }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={Boolean(fake.data)}
      onClose={() => fake.reset()}
      title={t('developerApps.sandbox.fakeCreated')}
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {fake.data ? (
        <SecretReveal
          secret={fake.data.app_secret}
          clientId={fake.data.sandbox?.app_id}
          onDone={() => fake.reset()}
        />
      ) : null}
    </Modal>
  );
}
