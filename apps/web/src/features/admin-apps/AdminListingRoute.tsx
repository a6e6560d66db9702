import AdminListingTab from '../listing/admin/AdminListingTab';

/** The Marketplace Listing tab: the listing editor with its admin extras (features/listing/admin). */
export default function AdminListingRoute() {
  return <AdminListingTab />;
}
