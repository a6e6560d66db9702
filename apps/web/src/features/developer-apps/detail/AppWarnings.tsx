import type { DeveloperApp } from '@lintel/shared';
import { Stack } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusAlert } from '../../../components/StatusAlert';

/** The notices above the tabs (spec 2 §2 Warnings). */
export function AppWarnings({ app }: { app: DeveloperApp }) {
  const { t } = useTranslation();
  const warnings = [];
  if (app.production_access === 'production_pending') {
    warnings.push(
      <StatusAlert
        key="pending"
        tone="info"
        icon={IconHourglass}
        title={t('developerApps.warnings.productionPending.title')}
      >
        {t('developerApps.warnings.productionPending.message')}
      </StatusAlert>,
    );
  }
  // A live app needs a support contact: an integration contact or its listing's support e-mail.
  if (app.live && !app.has_support_contact) {
    warnings.push(
      <StatusAlert key="support" tone="warning" title={t('developerApps.warnings.supportContact.title')}>
        {t('developerApps.warnings.supportContact.message')}
      </StatusAlert>,
    );
  }
  if (warnings.length === 0) return null;
  return <Stack gap="sm">{warnings}</Stack>;
}
