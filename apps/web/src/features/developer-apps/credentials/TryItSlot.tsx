import type { DeveloperApp, Sandbox } from '@lintel/shared';
import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';

// The panel and its commands load with the live sandbox card only: neither app layout's first chunk
// grows (its texts are the app pages' own, developerApps.tryIt).
const TryItPanel = lazy(() => import('./TryItPanel'));

/** Where the Try it panel goes on the live sandbox card. */
export function TryItSlot({ app, sandbox }: { app: DeveloperApp; sandbox: Sandbox }) {
  return (
    <Suspense fallback={<Loader size="sm" aria-hidden />}>
      <TryItPanel app={app} sandbox={sandbox} />
    </Suspense>
  );
}
