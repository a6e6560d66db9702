// A lazy part of the shell: it brings the Mantine styles the first page did not load.
import '../../styles/more.css';
import type { User } from '@lintel/shared';
import { Avatar, Button, Group, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconExternalLink, IconLogout, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ADMIN_NAV } from './adminNavigation';
import { CHANGELOG_PATH, LEGACY_API_URL, REST_API_OVERVIEW_PATH } from './navigation';
import classes from './TopNavMenus.module.css';

// Every menu here has withInitialFocusPlaceholder={false}: Mantine's placeholder, a focusable
// role="presentation" div inside role="menu", fails axe aria-required-children (issue 13 item 7);
// without it the keyboard opens the menu on its first item, as the ARIA menu pattern has it.
export function ReferenceMenu() {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="subtle" color="gray" rightSection={<IconChevronDown size={14} aria-hidden />}>
          {t('shell.nav.reference')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={REST_API_OVERVIEW_PATH}>
          {t('shell.nav.restApi')}
        </Menu.Item>
        <Menu.Item component={Link} to={CHANGELOG_PATH}>
          {t('shell.nav.changelog')}
        </Menu.Item>
        <Menu.Item
          component="a"
          href={LEGACY_API_URL}
          target="_blank"
          rel="noopener noreferrer"
          rightSection={<IconExternalLink size={14} aria-label={t('common.opensInNewTab')} />}
        >
          {t('shell.nav.legacyApi')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function AdminMenu() {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="subtle" color="gray" rightSection={<IconChevronDown size={14} aria-hidden />}>
          {t('shell.nav.admin')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {ADMIN_NAV.map((item) => (
          <Menu.Item
            key={item.path}
            component={Link}
            to={item.path}
            leftSection={<item.icon size={16} aria-hidden />}
          >
            {t(item.label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => part?.[0]?.toUpperCase() ?? '').join('') || '?';
}

export interface AccountMenuProps {
  user: User;
  onSignOut: () => void;
}

export function AccountMenu({ user, onSignOut }: AccountMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false} width={240}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          aria-label={t('shell.account.menu', { name: user.name })}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          <Group gap="xs" wrap="nowrap">
            <Avatar size="sm" radius="xl" color="indigo" aria-hidden>
              {/* The initials are drawn by CSS, not text: as text they would be visible words missing
                  from the button's name (axe label-content-name-mismatch, WCAG 2.5.3). */}
              <span className={classes.initials} data-initials={initials(user.name)} />
            </Avatar>
            <Text size="sm" fw={500} truncate maw={160}>
              {user.name}
            </Text>
          </Group>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/account" leftSection={<IconSettings size={16} aria-hidden />}>
          {t('shell.account.settings')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onSignOut}>
          {t('shell.account.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
