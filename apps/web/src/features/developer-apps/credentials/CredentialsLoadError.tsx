import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { useSupportEmail } from '../supportEmail';

/**
 * The credentials could not be loaded (spec 2 §8): 'credentialsError', then "Please reload this page,
 * and if you continue to experience issues contact us at" the API support address as a mailto link.
 */
export function CredentialsLoadError() {
  const { t } = useTranslation();
  const email = useSupportEmail();
  return (
    <Alert
      color="red"
      role="alert"
      icon={<IconAlertCircle aria-hidden />}
      title={t('developerApps.errorOccurred')}
    >
      <Text size="sm">{t('developerApps.credentials.loadError')}</Text>
      <Text size="sm" mt="xs">
        <Trans
          i18nKey="developerApps.credentials.loadErrorContact"
          values={{ email }}
          components={{ support: <Anchor href={`mailto:${email}`} /> }}
        />
      </Text>
    </Alert>
  );
}
