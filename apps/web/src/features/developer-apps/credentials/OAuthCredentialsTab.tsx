import type { DeveloperApp } from '@lintel/shared';
import { Stack } from '@mantine/core';
import { useAppOutlet } from '../detail/appOutlet';
import { SandboxCard } from '../detail/SandboxCard';
import { CredentialsLoadError } from './CredentialsLoadError';
import { ProductionCredentials } from './ProductionCredentials';

/**
 * The OAuth credentials tab: the sandbox client, then production (spec 2 §2). The credentials come with
 * the app: when its latest load failed, the tab says so (spec 2 §8) rather than show what may be stale.
 */
export function OAuthCredentialsTab({
  app,
  loadFailed = false,
}: {
  app: DeveloperApp;
  loadFailed?: boolean;
}) {
  if (loadFailed) return <CredentialsLoadError />;
  return (
    <Stack gap="lg">
      <SandboxCard app={app} />
      <ProductionCredentials app={app} />
    </Stack>
  );
}

export default function OAuthCredentialsRoute() {
  const { app, loadFailed } = useAppOutlet();
  return <OAuthCredentialsTab app={app} loadFailed={loadFailed} />;
}
