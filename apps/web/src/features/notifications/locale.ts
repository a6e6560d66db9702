import type { NotificationLocale } from '@lintel/shared';
import { useTranslation } from 'react-i18next';

/** The notification time locale of the current i18n language. */
export function useNotificationLocale(): NotificationLocale {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === 'es' ? 'es' : 'en';
}
