import { Alert, Button, Group, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OptInModal, type OptInModalProps } from './OptInModal';
import { useFormExperience } from './useFormExperience';

/**
 * The older layout's invitation to the form-based experience: opens the opt-in modal; dismissed once,
 * it stays away (spec 2 §2).
 */
export function OptInBanner({ reload }: Pick<OptInModalProps, 'reload'>) {
  const { t } = useTranslation();
  const { forced, bannerDismissed, dismissBanner } = useFormExperience();
  const [open, setOpen] = useState(false);
  if (forced) return null;
  return (
    <>
      {bannerDismissed ? null : (
        <Alert
          color="grape"
          icon={<IconSparkles aria-hidden />}
          title={t('classicManifests.optIn.banner.title')}
          withCloseButton
          closeButtonLabel={t('classicManifests.optIn.banner.dismiss')}
          onClose={dismissBanner}
        >
          <Group justify="space-between" align="center" gap="sm">
            <Text size="sm">{t('classicManifests.optIn.banner.message')}</Text>
            <Button size="xs" onClick={() => setOpen(true)}>
              {t('classicManifests.optIn.banner.tryIt')}
            </Button>
          </Group>
        </Alert>
      )}
      <OptInModal opened={open} onClose={() => setOpen(false)} reload={reload} />
    </>
  );
}
