import type { AdminDeveloperApp, ProductionAccess } from '@lintel/shared';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconKey, IconKeyOff } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/ConfirmModal';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { useUpdateAdminApp } from './queries';

/** A pending request stands out (yellow): it is the one state that waits for an administrator. */
const BADGES: Record<ProductionAccess, { color: string; variant: 'light' | 'filled' }> = {
  none: { color: 'gray', variant: 'light' },
  production_pending: { color: 'yellow', variant: 'filled' },
  granted: { color: 'green', variant: 'light' },
};

/**
 * Production access on the credentials section (issue 11: the admin grants or revokes it). Each action
 * saves at once with the admin PATCH, apart from the General form; revoking asks first, since it stops
 * the app's production credentials.
 */
export function ProductionAccessControl({ app }: { app: AdminDeveloperApp }) {
  const { t } = useTranslation();
  const save = useUpdateAdminApp(app.id);
  const [revoking, setRevoking] = useState(false);
  const labelId = useId();
  const access = app.production_access;
  const change = (next: ProductionAccess, message: string) =>
    save.mutate(
      { production_access: next },
      { onSuccess: () => notifySaved(message), onSettled: () => setRevoking(false) },
    );

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500}>
        {t('adminApps.production.label')}
      </Text>
      <Group gap="sm">
        <Badge {...BADGES[access]} autoContrast>
          {t(`adminApps.production.status.${access}`)}
        </Badge>
        {access === 'granted' ? (
          <Button
            size="xs"
            color="red"
            variant="outline"
            leftSection={<IconKeyOff size={14} aria-hidden />}
            loading={save.isPending}
            onClick={() => setRevoking(true)}
          >
            {t('adminApps.production.revoke')}
          </Button>
        ) : (
          <Button
            size="xs"
            leftSection={<IconKey size={14} aria-hidden />}
            loading={save.isPending}
            onClick={() => change('granted', t('adminApps.production.granted'))}
          >
            {t('adminApps.production.grant')}
          </Button>
        )}
      </Group>
      {access === 'production_pending' ? (
        <Text size="sm" c="dimmed">
          {t('adminApps.production.pendingHint')}
        </Text>
      ) : null}
      <MutationErrorAlert
        error={save.error}
        title={t('adminApps.couldNotSave')}
        withCloseButton
        onClose={() => save.reset()}
      />
      <ConfirmModal
        opened={revoking}
        danger
        title={t('adminApps.production.revokeTitle')}
        message={t('adminApps.production.revokeMessage', { name: app.internal_name })}
        confirmLabel={t('adminApps.production.revoke')}
        loading={save.isPending}
        onCancel={() => setRevoking(false)}
        onConfirm={() => change('none', t('adminApps.production.revoked'))}
      />
    </Stack>
  );
}
