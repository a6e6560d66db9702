import type { User } from '@lintel/shared';
import { Button } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../i18n';

// The dropdown machinery (popover positioning, focus handling) is ~25 KB gzip: it loads right after
// the first paint instead of delaying it. Until then each menu shows its (inert) button.
const menus = () => import('./TopNavMenus');
const ReferenceMenuImpl = lazy(async () => ({ default: (await menus()).ReferenceMenu }));
const AdminMenuImpl = lazy(async () => ({ default: (await menus()).AdminMenu }));
const AccountMenuImpl = lazy(async () => ({ default: (await menus()).AccountMenu }));
const LanguageSwitchImpl = lazy(async () => ({ default: (await import('./LanguageSwitch')).LanguageSwitch }));

function Placeholder({ children, icon }: { children: ReactNode; icon?: ReactNode }) {
  return (
    <Button
      variant="subtle"
      color="gray"
      leftSection={icon}
      rightSection={icon ? undefined : <IconChevronDown size={14} aria-hidden />}
      tabIndex={-1}
      aria-hidden
    >
      {children}
    </Button>
  );
}

export function ReferenceMenu() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Placeholder>{t('shell.nav.reference')}</Placeholder>}>
      <ReferenceMenuImpl />
    </Suspense>
  );
}

export function AdminMenu() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Placeholder>{t('shell.nav.admin')}</Placeholder>}>
      <AdminMenuImpl />
    </Suspense>
  );
}

export function AccountMenu(props: { user: User; onSignOut: () => void }) {
  return (
    <Suspense fallback={<Placeholder>{props.user.name}</Placeholder>}>
      <AccountMenuImpl {...props} />
    </Suspense>
  );
}

export function LanguageSwitch() {
  const { i18n } = useTranslation();
  const current = LANGUAGES.find((language) => language.code === i18n.resolvedLanguage) ?? LANGUAGES[0];
  return (
    <Suspense
      fallback={<Placeholder icon={<IconLanguage size={18} aria-hidden />}>{current.label}</Placeholder>}
    >
      <LanguageSwitchImpl />
    </Suspense>
  );
}
