import { notifications } from '@mantine/notifications';

/** The one way to say a change was saved: a green toast that goes away by itself. */
export function notifySaved(message: string): void {
  notifications.show({ color: 'green', message, autoClose: 4000 });
}
