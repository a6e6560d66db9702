import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markJustOptedIn } from './flags';
import { useFormExperience } from './useFormExperience';

export interface OptInModalProps {
  opened: boolean;
  onClose: () => void;
  /** Reloads the page once opted in; replaced in tests. */
  reload?: () => void;
}

const reloadPage = () => window.location.reload();

/**
 * Offers the form-based experience; opting in reloads the page, which then opens in the tabbed layout
 * and says so with the success toast (spec 2 §2).
 */
export function OptInModal({ opened, onClose, reload = reloadPage }: OptInModalProps) {
  const { t } = useTranslation();
  const { choose } = useFormExperience();
  const [switching, setSwitching] = useState(false);

  const optIn = async () => {
    setSwitching(true);
    await choose(true);
    markJustOptedIn();
    reload();
  };

  return (
    <Modal
      opened={opened}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      onClose={onClose}
      title={t('classicManifests.optIn.modal.title')}
      centered
      size="lg"
    >
      <Stack>
        <Text>{t('classicManifests.optIn.modal.intro')}</Text>
        <List spacing="xs" size="sm">
          <List.Item>{t('classicManifests.optIn.modal.points.components')}</List.Item>
          <List.Item>{t('classicManifests.optIn.modal.points.permissions')}</List.Item>
          <List.Item>{t('classicManifests.optIn.modal.points.versions')}</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          {t('classicManifests.optIn.modal.switchBack')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={switching}>
            {t('classicManifests.optIn.modal.notNow')}
          </Button>
          <Button onClick={() => void optIn()} loading={switching}>
            {t('classicManifests.optIn.modal.optIn')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
