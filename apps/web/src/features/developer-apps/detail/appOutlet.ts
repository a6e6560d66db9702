import type { DeveloperApp } from '@lintel/shared';
import { useOutletContext } from 'react-router';

/** What the app page frame hands to its tabs. */
export interface AppOutletContext {
  app: DeveloperApp;
  /** The app's latest load failed (the page shows what it had): the credentials tab says so. */
  loadFailed?: boolean;
}

export function useAppOutlet(): AppOutletContext {
  return useOutletContext<AppOutletContext>();
}
