import type { DeveloperApp } from '@lintel/shared';
import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle, IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The notices above the tabs (spec 2 §2 Warnings). */
export function AppWarnings({ app }: { app: DeveloperApp }) {
  const { t } = useTranslation();
  const warnings = [];
  if (app.production_access === 'production_pending') {
    warnings.push(
      <Alert
        key="pending"
        color="blue"
        icon={<IconHourglass aria-hidden />}
        title={t('developerApps.warnings.productionPending.title')}
      >
        {t('developerApps.warnings.productionPending.message')}
      </Alert>,
    );
  }
  // The app response carries no support contact yet, so every published app is reminded.
  if (app.published_at) {
    warnings.push(
      <Alert
        key="support"
        color="yellow"
        icon={<IconAlertTriangle aria-hidden />}
        title={t('developerApps.warnings.supportContact.title')}
      >
        {t('developerApps.warnings.supportContact.message')}
      </Alert>,
    );
  }
  if (warnings.length === 0) return null;
  return <Stack gap="sm">{warnings}</Stack>;
}
