import { Anchor, Burger, Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useDebouncedWindowWidth } from '../../components/useDebouncedWindowWidth';
import { useNavigationPending } from '../../routing';
import { useSession, useSignOut } from '../auth/queries';
import { NotificationBellSlot } from '../notifications/NotificationBellSlot';
import classes from './AppLayout.module.css';
import { AccountMenu, AdminMenu, LanguageSwitch, ReferenceMenu } from './LazyTopNavMenus';
import {
  DEVELOPER_APPS_PATH,
  MARKETPLACE_PATH,
  NAV_COLLAPSE_BREAKPOINT,
  RESIZE_DEBOUNCE_MS,
} from './navigation';

// The drawer (with its modal machinery) only loads once a narrow window opens it.
const NavDrawer = lazy(() => import('./NavDrawer'));

/**
 * The page frame: top navigation, collapsed into a left drawer on narrow windows (spec 1 §2).
 * A fixed header and a main region in plain CSS: Mantine's AppShell (navbar, aside, footer, resizing,
 * scroll locking) weighed ~10 kB gzip on every first page load for a header this layout can do alone.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const width = useDebouncedWindowWidth(RESIZE_DEBOUNCE_MS);
  const collapsed = width < NAV_COLLAPSE_BREAKPOINT;
  const [navOpened, nav] = useDisclosure(false);
  const location = useLocation();
  const navigationPending = useNavigationPending();
  const navigate = useNavigate();
  const user = useSession().data?.user ?? null;
  const signOut = useSignOut();
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (navOpened && !drawerUsed) setDrawerUsed(true);

  // Following a link, or widening the window, closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation on purpose
  useEffect(() => nav.close(), [location.pathname, collapsed]);

  const onSignOut = () => {
    nav.close();
    signOut.mutate(undefined, { onSettled: () => navigate('/sign_in', { replace: true }) });
  };

  return (
    <>
      <a href="#main" className={classes.skipLink}>
        {t('shell.skipToContent')}
      </a>
      <header className={classes.header}>
        {/* A plain bar: Mantine's Progress would add ~0.7 kB gzip to every first load for this alone. */}
        {navigationPending ? <div className={classes.progress} data-navigation-progress aria-hidden /> : null}
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group
            gap="sm"
            wrap="nowrap"
            component="nav"
            aria-label={collapsed ? undefined : t('shell.nav.main')}
          >
            {collapsed ? (
              <Burger
                opened={navOpened}
                onClick={nav.toggle}
                size="sm"
                aria-label={navOpened ? t('shell.nav.close') : t('shell.nav.open')}
                aria-expanded={navOpened}
              />
            ) : null}
            <Anchor component={Link} to="/" className={classes.brand} underline="never">
              Lintel
            </Anchor>
            {collapsed ? null : (
              <>
                {user ? (
                  <Button
                    component={Link}
                    to={DEVELOPER_APPS_PATH}
                    variant={location.pathname.startsWith(DEVELOPER_APPS_PATH) ? 'light' : 'subtle'}
                    color="gray"
                    aria-current={location.pathname.startsWith(DEVELOPER_APPS_PATH) ? 'page' : undefined}
                  >
                    {t('shell.nav.apps')}
                  </Button>
                ) : null}
                <Button
                  component={Link}
                  to={MARKETPLACE_PATH}
                  variant={location.pathname.startsWith(MARKETPLACE_PATH) ? 'light' : 'subtle'}
                  color="gray"
                  aria-current={location.pathname.startsWith(MARKETPLACE_PATH) ? 'page' : undefined}
                >
                  {t('shell.nav.marketplace')}
                </Button>
                <ReferenceMenu />
                {user?.is_admin ? <AdminMenu /> : null}
              </>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <NotificationBellSlot />
            {collapsed ? null : (
              <>
                <LanguageSwitch />
                {user ? (
                  <AccountMenu user={user} onSignOut={onSignOut} />
                ) : (
                  <>
                    <Button component={Link} to="/sign_in" variant="default">
                      {t('shell.account.signIn')}
                    </Button>
                    <Button component={Link} to="/sign_up">
                      {t('shell.account.signUp')}
                    </Button>
                  </>
                )}
              </>
            )}
          </Group>
        </Group>
      </header>
      {collapsed && drawerUsed ? (
        <Suspense fallback={null}>
          <NavDrawer opened={navOpened} onClose={nav.close} user={user} onSignOut={onSignOut} />
        </Suspense>
      ) : null}
      <main id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
    </>
  );
}
