import type { DeveloperApp } from '@lintel/shared';
import { Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../../components/MutationErrorAlert';
import { notifySaved } from '../../../components/notifySaved';
import { SectionCard } from '../../../components/SectionCard';
import { SubmitRow } from '../../../components/SubmitRow';
import { useUpdateDeveloperApp } from '../queries';

type AppType = 'confidential' | 'public';

/** Confidential (server-side, keeps a secret) or public (browser or mobile) client (spec 2 §2). */
export function AppTypeCard({ app }: { app: DeveloperApp }) {
  const { t } = useTranslation();
  const update = useUpdateDeveloperApp(app.id);
  const saved: AppType = app.confidential ? 'confidential' : 'public';
  const [value, setValue] = useState<AppType>(saved);
  const editable = app.permissions.canEdit;

  return (
    <SectionCard id="app-type" title={t('developerApps.settings.type.title')}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (value !== saved)
            update.mutate(
              { confidential: value === 'confidential' },
              { onSuccess: () => notifySaved(t('developerApps.settings.saved')) },
            );
        }}
      >
        <Stack>
          <MutationErrorAlert error={update.error} title={t('developerApps.errorOccurred')} />
          <Radio.Group
            value={value}
            onChange={(next) => setValue(next as AppType)}
            label={t('developerApps.settings.type.label')}
          >
            <Stack gap="sm" mt="xs">
              <Radio
                value="confidential"
                disabled={!editable}
                label={t('developerApps.settings.type.confidential')}
                description={t('developerApps.settings.type.confidentialHint')}
              />
              <Radio
                value="public"
                disabled={!editable}
                label={t('developerApps.settings.type.public')}
                description={t('developerApps.settings.type.publicHint')}
              />
            </Stack>
          </Radio.Group>
          {editable ? (
            <SubmitRow disabled={value === saved} loading={update.isPending}>
              {t('common.save')}
            </SubmitRow>
          ) : null}
        </Stack>
      </form>
    </SectionCard>
  );
}
