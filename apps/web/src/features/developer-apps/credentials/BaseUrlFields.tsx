import type { PlatformBaseUrls } from '@lintel/shared';
import { useTranslation } from 'react-i18next';
import { CredentialField } from './CredentialField';
import { usePlatformBaseUrls } from './platformQueries';

/** An environment's OAuth and API base URLs on its credentials card (nothing until they are known). */
export function BaseUrlFields({ environment }: { environment: keyof PlatformBaseUrls }) {
  const { t } = useTranslation();
  const baseUrls = usePlatformBaseUrls();
  const urls = baseUrls.data?.[environment];
  if (!urls) return null;
  return (
    <>
      <CredentialField label={t('developerApps.credentials.authBaseUrl')} value={urls.auth} />
      <CredentialField label={t('developerApps.credentials.apiBaseUrl')} value={urls.api} />
    </>
  );
}
