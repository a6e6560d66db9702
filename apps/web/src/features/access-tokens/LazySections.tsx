import { Group, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';

const AccountAccessSections = lazy(() => import('./AccountAccessSections'));
// The admin console loads the account texts with its pages (router.tsx ADMIN).
const DeveloperTokensSection = lazy(() => import('./DeveloperTokensSection'));

const loading = (
  <Group justify="center" p="md">
    <Loader size="sm" aria-hidden />
  </Group>
);

/** Sessions and personal access tokens on the account page, loaded after the page itself. */
export function AccountAccessSlot({ isAdmin }: { isAdmin: boolean }) {
  return (
    <Suspense fallback={loading}>
      <AccountAccessSections isAdmin={isAdmin} />
    </Suspense>
  );
}

/** A developer's tokens on the admin developer page, loaded after the page itself. */
export function DeveloperTokensSlot({ developerId }: { developerId: number }) {
  return (
    <Suspense fallback={loading}>
      <DeveloperTokensSection developerId={developerId} />
    </Suspense>
  );
}
