import { Button } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppOutlet } from '../developer-apps/detail/appOutlet';
import { tabPath } from '../developer-apps/detail/tabs';
import { ApiActivityPanel } from './ApiActivityPanel';

/** The way to a first call: the credentials tab, where the Try it panel is. */
export function FirstCallButton({ appId }: { appId: number }) {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to={tabPath(appId, 'oauthCredentials')}
      variant="light"
      leftSection={<IconKey size={16} aria-hidden />}
    >
      {t('apiActivity.empty.action')}
    </Button>
  );
}

/** The app page's "API activity" tab (issue 21), for the app's collaborators. */
export function ApiActivityTab() {
  const { app } = useAppOutlet();
  return <ApiActivityPanel appId={app.id} firstCallAction={<FirstCallButton appId={app.id} />} />;
}

export default ApiActivityTab;
