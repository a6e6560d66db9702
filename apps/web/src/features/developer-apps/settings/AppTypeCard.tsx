import type { DeveloperApp } from '@lintel/shared';
import { Button, Card, Group, Radio, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../../components/MutationErrorAlert';
import { notifySaved } from '../../../components/notifySaved';
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
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="app-type-title">
      <Title order={2} size="h4" mb="md" id="app-type-title">
        {t('developerApps.settings.type.title')}
      </Title>
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
            <Group justify="flex-end">
              <Button type="submit" disabled={value === saved} loading={update.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}
