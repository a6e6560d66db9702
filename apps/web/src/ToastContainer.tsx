// A lazy part of the shell: it brings the Mantine styles the first page did not load.
import './styles/more.css';
import { Notifications } from '@mantine/notifications';

/** The toast container, a lazy chunk of its own (AppProviders mounts it when the first toast shows). */
export default function ToastContainer() {
  return <Notifications position="top-right" />;
}
