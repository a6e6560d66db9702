// A lazy part of the shell: it brings the Mantine styles the first page did not load.
import '../../styles/more.css';
import type { User } from '@lintel/shared';
import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SideNav } from './SideNav';

export interface NavDrawerProps {
  opened: boolean;
  onClose: () => void;
  user: User | null;
  onSignOut: () => void;
}

/** The navigation's left placement below the collapse breakpoint. */
export function NavDrawer({ opened, onClose, user, onSignOut }: NavDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="left"
      size={300}
      title="Lintel"
      closeButtonProps={{ 'aria-label': t('shell.nav.close') }}
    >
      <SideNav user={user} onSignOut={onSignOut} />
    </Drawer>
  );
}

export default NavDrawer;
