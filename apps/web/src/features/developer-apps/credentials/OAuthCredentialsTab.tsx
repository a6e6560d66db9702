import type { DeveloperApp } from '@lintel/shared';
import { Stack } from '@mantine/core';
import { useAppOutlet } from '../detail/appOutlet';
import { SandboxCard } from '../detail/SandboxCard';
import { ProductionCredentials } from './ProductionCredentials';

/** The OAuth credentials tab: the sandbox client, then production (spec 2 §2). */
export function OAuthCredentialsTab({ app }: { app: DeveloperApp }) {
  return (
    <Stack gap="lg">
      <SandboxCard app={app} />
      <ProductionCredentials app={app} />
    </Stack>
  );
}

export default function OAuthCredentialsRoute() {
  const { app } = useAppOutlet();
  return <OAuthCredentialsTab app={app} />;
}
