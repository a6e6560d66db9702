import { notifications } from '@mantine/notifications';
import { getI18n } from 'react-i18next';

/** How long the opt-in success toast stays (spec 2 §9: 2 s). */
export const OPT_IN_TOAST_MS = 2000;

/** The opt-in or opt-out success toast. */
export function notifyFormExperience(message: string): void {
  notifications.show({
    color: 'green',
    message,
    autoClose: OPT_IN_TOAST_MS,
    role: 'status',
    closeButtonProps: { 'aria-label': getI18n()?.t('common.close') ?? 'Close' },
  });
}
