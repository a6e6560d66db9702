import type { User } from '@lintel/shared';
import { Button, Divider, NavLink, Stack, Text } from '@mantine/core';
import {
  IconApps,
  IconBook,
  IconExternalLink,
  IconHistory,
  IconHome,
  IconLogout,
  IconSettings,
  IconShoppingBag,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ADMIN_NAV } from './adminNavigation';
import { LanguageSwitch } from './LanguageSwitch';
import {
  CHANGELOG_PATH,
  DEVELOPER_APPS_PATH,
  LEGACY_API_URL,
  MARKETPLACE_PATH,
  REST_API_OVERVIEW_PATH,
} from './navigation';

export interface SideNavProps {
  user: User | null;
  onSignOut: () => void;
}

/** The navigation in its left placement, used below the collapse breakpoint. */
export function SideNav({ user, onSignOut }: SideNavProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack gap="xs" component="nav" aria-label={t('shell.nav.main')}>
      {user ? (
        <NavLink
          component={Link}
          to="/"
          label={t('shell.nav.home')}
          leftSection={<IconHome size={18} aria-hidden />}
          active={pathname === '/'}
        />
      ) : null}
      {user ? (
        <NavLink
          component={Link}
          to={DEVELOPER_APPS_PATH}
          label={t('shell.nav.apps')}
          leftSection={<IconApps size={18} aria-hidden />}
          active={pathname.startsWith(DEVELOPER_APPS_PATH)}
        />
      ) : null}
      <NavLink
        component={Link}
        to={MARKETPLACE_PATH}
        label={t('shell.nav.marketplace')}
        leftSection={<IconShoppingBag size={18} aria-hidden />}
        active={pathname.startsWith(MARKETPLACE_PATH)}
      />
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="sm">
        {t('shell.nav.reference')}
      </Text>
      <NavLink
        component={Link}
        to={REST_API_OVERVIEW_PATH}
        label={t('shell.nav.restApi')}
        leftSection={<IconBook size={18} aria-hidden />}
        active={pathname.startsWith('/reference')}
      />
      <NavLink
        component={Link}
        to={CHANGELOG_PATH}
        label={t('shell.nav.changelog')}
        leftSection={<IconHistory size={18} aria-hidden />}
        active={pathname.startsWith(CHANGELOG_PATH)}
      />
      <NavLink
        component="a"
        href={LEGACY_API_URL}
        target="_blank"
        rel="noopener noreferrer"
        label={t('shell.nav.legacyApi')}
        leftSection={<IconExternalLink size={18} aria-hidden />}
        description={t('common.opensInNewTab')}
      />
      {user?.is_admin ? (
        <>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="sm">
            {t('shell.nav.admin')}
          </Text>
          {ADMIN_NAV.map((item) => (
            <NavLink
              key={item.path}
              component={Link}
              to={item.path}
              label={t(item.label)}
              leftSection={<item.icon size={18} aria-hidden />}
              active={pathname.startsWith(item.path)}
            />
          ))}
        </>
      ) : null}
      <Divider my="sm" />
      {user ? (
        <>
          <Text size="sm" fw={600} truncate>
            {user.name}
          </Text>
          <NavLink
            component={Link}
            to="/account"
            label={t('shell.account.settings')}
            leftSection={<IconSettings size={18} aria-hidden />}
            active={pathname === '/account'}
          />
          <NavLink
            component="button"
            label={t('shell.account.signOut')}
            leftSection={<IconLogout size={18} aria-hidden />}
            onClick={onSignOut}
          />
        </>
      ) : (
        <>
          <Button component={Link} to="/sign_in" variant="default" fullWidth>
            {t('shell.account.signIn')}
          </Button>
          <Button component={Link} to="/sign_up" fullWidth>
            {t('shell.account.signUp')}
          </Button>
        </>
      )}
      <Divider my="sm" />
      <LanguageSwitch fullWidth />
    </Stack>
  );
}
