import { Notifications } from '@mantine/notifications';

/** The toast container, a lazy chunk of its own (AppProviders mounts it when the first toast shows). */
export default function ToastContainer() {
  return <Notifications position="top-right" />;
}
