import type { DeveloperApp, Sandbox } from '@lintel/shared';
import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { loadAreaNamespaces } from '../../../i18n';

// The panel, its commands and its texts load with the live sandbox card only: neither app layout's
// first chunk grows.
const TryItPanel = lazy(async () => {
  const [module] = await Promise.all([import('./TryItPanel'), loadAreaNamespaces(['tryIt'])]);
  return module;
});

/** Where the Try it panel goes on the live sandbox card. */
export function TryItSlot({ app, sandbox }: { app: DeveloperApp; sandbox: Sandbox }) {
  return (
    <Suspense fallback={<Loader size="sm" aria-hidden />}>
      <TryItPanel app={app} sandbox={sandbox} />
    </Suspense>
  );
}
