import { lazy, Suspense } from 'react';
import { PageLoader } from '../../components/PageLoader';

// Loaded by the account page itself: the modules the sections share with the sign-in step and the admin
// console stay out of the preload lists of the entry (the sign-in page's budget).
const AccountSections = lazy(() => import('./AccountSections'));

/** Where the account page shows its second-factor sections. */
export function AccountSectionsSlot() {
  return (
    <Suspense fallback={<PageLoader />}>
      <AccountSections />
    </Suspense>
  );
}
