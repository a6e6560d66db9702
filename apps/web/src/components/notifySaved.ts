import { notifications } from '@mantine/notifications';

/**
 * The one way to say a change was saved: a green toast that goes away by itself, announced politely
 * (role="status"; Mantine's default "alert" is for failures).
 */
export function notifySaved(message: string): void {
  notifications.show({ color: 'green', message, autoClose: 4000, role: 'status' });
}
