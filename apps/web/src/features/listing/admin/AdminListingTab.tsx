import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { loadAreaNamespaces } from '../../../i18n';

// The editor and the listing's texts load together, whichever page hosts this tab (the admin app page
// need not list the `listing` namespace in its route).
const AdminListingEditor = lazy(async () => {
  const [module] = await Promise.all([import('./AdminListingEditor'), loadAreaNamespaces(['listing'])]);
  return module;
});

/**
 * The Marketplace Listing tab of the admin app page (spec 3 §2, §4, §6): the listing form in admin mode,
 * with the admin footer (save, approve with "publish silently", reject with reasons, admin message,
 * concierge and marketplace_enabled), the admin extras (beta, security badge, admin notes, showcase
 * video, self-assessment document, copy buttons), changed-field markers and the diff against the
 * published listing. The app id is the route's `id` (useParams).
 */
export default function AdminListingTab() {
  return (
    <Suspense fallback={<Skeleton height={240} aria-busy="true" />}>
      <AdminListingEditor />
    </Suspense>
  );
}
