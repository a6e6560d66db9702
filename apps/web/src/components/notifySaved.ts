import { notifications } from '@mantine/notifications';
import { getI18n } from 'react-i18next';

/**
 * The one way to say a change was saved: a green toast that goes away by itself, announced politely
 * (role="status"; Mantine's default "alert" is for failures). Its close button is named in the
 * interface language (axe button-name).
 */
export function notifySaved(message: string): void {
  const closeLabel = getI18n()?.t('common.close') ?? 'Close';
  notifications.show({
    color: 'green',
    message,
    autoClose: 4000,
    role: 'status',
    closeButtonProps: { 'aria-label': closeLabel },
  });
}
