import type { User } from '@lintel/shared';
import { Button, Divider, NavLink, Stack, Text } from '@mantine/core';
import {
  IconApps,
  IconBook,
  IconExternalLink,
  IconHome,
  IconLogout,
  IconMail,
  IconSettings,
  IconSpeakerphone,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSwitch } from './LanguageSwitch';
import {
  ADMIN_NOTIFICATIONS_PATH,
  DEVELOPER_APPS_PATH,
  LEGACY_API_URL,
  OUTBOUND_EMAILS_PATH,
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
          <NavLink
            component={Link}
            to={ADMIN_NOTIFICATIONS_PATH}
            label={t('shell.nav.notifications')}
            leftSection={<IconSpeakerphone size={18} aria-hidden />}
            active={pathname.startsWith(ADMIN_NOTIFICATIONS_PATH)}
          />
          <NavLink
            component={Link}
            to={OUTBOUND_EMAILS_PATH}
            label={t('shell.nav.outboundEmails')}
            leftSection={<IconMail size={18} aria-hidden />}
            active={pathname.startsWith(OUTBOUND_EMAILS_PATH)}
          />
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
