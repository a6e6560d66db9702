import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusAlert } from '../../../components/StatusAlert';

/** Where the portal explains how to write a manifest by hand (spec 2 §2 warnings). */
export const DEFINE_MANIFEST_PATH = '/documentation/building-apps-define-manifest';

/**
 * Why an opted-in user sees the older layout: the app's latest manifest cannot be shown in the builder
 * (reference/manifest-format.md), so a modal says the form-driven experience is not available here.
 */
export function BuilderUnavailableModal() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  return (
    <Modal
      opened={open}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      onClose={() => setOpen(false)}
      title={t('classicManifests.notAvailable.title')}
      centered
    >
      <Stack>
        <Text size="sm">{t('classicManifests.notAvailable.message')}</Text>
        <Anchor href={DEFINE_MANIFEST_PATH} size="sm">
          {t('classicManifests.notAvailable.link')}
        </Anchor>
        <Group justify="flex-end">
          <Button onClick={() => setOpen(false)}>{t('classicManifests.notAvailable.ok')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A 3.x manifest the portal could not convert for the builder: migrate it to 4.1 (spec 2 §8). */
export function AppNotUpdatedWarning() {
  const { t } = useTranslation();
  return (
    <StatusAlert tone="warning" icon={IconAlertTriangle} title={t('classicManifests.notUpdated.title')}>
      {t('classicManifests.notUpdated.message')}{' '}
      <Anchor href={DEFINE_MANIFEST_PATH} size="sm">
        {t('classicManifests.notAvailable.link')}
      </Anchor>
    </StatusAlert>
  );
}
