import { Alert, Anchor, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { takeJustOptedIn } from './flags';
import { notifyFormExperience } from './notify';
import { useFormExperience } from './useFormExperience';

/**
 * The newer layout's welcome: the success toast after the opt-in modal's reload, and an intro banner
 * that says where to switch back, dismissed once (spec 2 §2).
 */
export function SelfServiceIntro() {
  const { t } = useTranslation();
  const { forced, introDismissed, dismissIntro } = useFormExperience();

  useEffect(() => {
    if (takeJustOptedIn()) notifyFormExperience(t('classicManifests.optIn.toast.optedIn'));
  }, [t]);

  if (introDismissed) return null;
  return (
    <Alert
      color="grape"
      icon={<IconSparkles aria-hidden />}
      title={t('classicManifests.optIn.intro.title')}
      withCloseButton
      closeButtonLabel={t('classicManifests.optIn.intro.dismiss')}
      onClose={dismissIntro}
    >
      <Text size="sm">{t('classicManifests.optIn.intro.message')}</Text>
      {forced ? null : (
        <Text size="sm" mt="xs">
          <Trans
            i18nKey="classicManifests.optIn.intro.switchBack"
            components={{ settings: <Anchor component={Link} to="/account" size="sm" /> }}
          />
        </Text>
      )}
    </Alert>
  );
}
