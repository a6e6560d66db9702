import type { DeveloperApp } from '@lintel/shared';
import { useOutletContext } from 'react-router';

/** What the app page frame hands to its tabs. */
export interface AppOutletContext {
  app: DeveloperApp;
}

export function useAppOutlet(): AppOutletContext {
  return useOutletContext<AppOutletContext>();
}
