import type { AdminDeveloperApp } from '@lintel/shared';
import { useOutletContext } from 'react-router';

/** What the admin app page hands to its tabs. */
export interface AdminAppOutletContext {
  app: AdminDeveloperApp;
}

export function useAdminAppOutlet(): AdminAppOutletContext {
  return useOutletContext<AdminAppOutletContext>();
}
