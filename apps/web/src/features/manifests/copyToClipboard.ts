import { notifications } from '@mantine/notifications';
import { getI18n } from 'react-i18next';

/** How long the copy toast stays (spec 2 §9: 2000 ms). */
export const COPY_TOAST_MS = 2_000;

/**
 * Copies a value (an app version key, a manifest) and says so with a toast (spec 2 §8 "copy-success
 * toast"); a browser that refuses the clipboard gets a red toast instead of silence. The toast's close
 * button is named in the interface language (axe button-name).
 */
export async function copyWithToast(
  value: string,
  messages: { copied: string; failed: string },
  /** How long the toast stays: COPY_TOAST_MS, or the editor's 1500 ms (spec 2 §9). */
  autoClose: number = COPY_TOAST_MS,
): Promise<void> {
  const closeButtonProps = { 'aria-label': getI18n()?.t('common.close') ?? 'Close' };
  try {
    await navigator.clipboard.writeText(value);
    notifications.show({
      color: 'green',
      message: messages.copied,
      autoClose,
      role: 'status',
      closeButtonProps,
    });
  } catch {
    notifications.show({
      color: 'red',
      message: messages.failed,
      autoClose,
      closeButtonProps,
    });
  }
}
