import type { DeveloperApp } from '@lintel/shared';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { MutationErrorAlert } from '../../../components/MutationErrorAlert';
import { DEVELOPER_APPS_PATH } from '../constants';
import { developerAppKeys, useDeleteDeveloperApp } from '../queries';

/**
 * Deleting the app (owner only): confirm, then back to the apps list; a failure closes the dialog
 * and shows an "Error" banner in this card (spec 2 §4 Delete app).
 */
export function DeleteAppCard({ app }: { app: DeveloperApp }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteDeveloperApp(app.id);
  const [confirming, setConfirming] = useState(false);

  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="section"
      aria-labelledby="delete-app-title"
      style={{ borderColor: 'var(--mantine-color-red-4)' }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="delete-app-title" c="red">
          {t('developerApps.settings.delete.title')}
        </Title>
        <MutationErrorAlert error={remove.error} title={t('developerApps.settings.delete.error')} />
        <Text size="sm">{t('developerApps.settings.delete.explain')}</Text>
        <Group>
          <Button
            color="red"
            variant="outline"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => {
              remove.reset();
              setConfirming(true);
            }}
          >
            {t('developerApps.settings.delete.button')}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('developerApps.settings.delete.confirmTitle')}
        message={t('developerApps.settings.delete.confirmMessage', { name: app.internal_name })}
        confirmLabel={t('developerApps.settings.delete.confirm')}
        danger
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              navigate(DEVELOPER_APPS_PATH, { replace: true });
              queryClient.removeQueries({ queryKey: developerAppKeys.detail(app.id) });
            },
            onError: () => setConfirming(false),
          })
        }
      />
    </Card>
  );
}
