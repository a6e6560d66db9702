import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The placeholder of a page whose data (or code) is still loading. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}
