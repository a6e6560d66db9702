import type { DeveloperApp } from '@lintel/shared';
import { Stack } from '@mantine/core';
import { useAppOutlet } from '../detail/appOutlet';
import { AppNameForm } from './AppNameForm';
import { AppTypeCard } from './AppTypeCard';
import { DeleteAppCard } from './DeleteAppCard';
import { ThumbnailCard } from './ThumbnailCard';

/** Settings: names, logo, client type and, for the owner, deleting the app (spec 2 §2). */
export function SettingsTab({ app }: { app: DeveloperApp }) {
  return (
    <Stack gap="lg">
      <AppNameForm app={app} />
      <ThumbnailCard app={app} />
      <AppTypeCard key={String(app.confidential)} app={app} />
      {app.permissions.canDestroy ? <DeleteAppCard app={app} /> : null}
    </Stack>
  );
}

export default function SettingsRoute() {
  const { app } = useAppOutlet();
  return <SettingsTab app={app} />;
}
