import { lazy, Suspense } from 'react';
import { loadAreaNamespaces } from '../../i18n';
import { useCurrentUser } from '../auth/queries';

// The bell (its query, popover machinery and markdown) loads only for signed-in visitors, after the
// first paint: the sign-in page's initial JS stays as it was.
const NotificationBell = lazy(async () => {
  const [module] = await Promise.all([import('./NotificationBell'), loadAreaNamespaces(['notifications'])]);
  return module;
});

/** Keeps the bell's place (34 px, Mantine's ActionIcon size "lg") while its code loads. */
const placeholder = <span style={{ display: 'inline-block', width: 34, height: 34 }} aria-hidden />;

/** Where the notification bell goes in the top navigation (spec 1 §2); empty when signed out. */
export function NotificationBellSlot() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <Suspense fallback={placeholder}>
      <NotificationBell />
    </Suspense>
  );
}
