import type { AdminDeveloperApp } from '@lintel/shared';
import { Button, Card, Stack, Table, Title } from '@mantine/core';
import { IconAlertTriangle, IconRestore, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmModal } from '../../components/ConfirmModal';
import { formatLongDateTime } from '../../components/format';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { ChangeOwnerModal } from './ChangeOwnerModal';
import { adminAppPath, useDeleteAdminApp, useUpdateAdminApp } from './queries';

/**
 * The admin page's sidebar (spec 1 §2): new integration contact, Undelete (deleted apps only) or Delete
 * (issue 11: the admin deletes and undeletes), Change Owner, the owner's name, e-mail and id, and the app's created, updated and deleted times.
 */
export function AdminAppSidebar({ app }: { app: AdminDeveloperApp }) {
  const { t, i18n } = useTranslation();
  const undelete = useUpdateAdminApp(app.id);
  const remove = useDeleteAdminApp(app.id);
  const [changingOwner, setChangingOwner] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const never = t('adminApps.sidebar.never');
  const rows: [string, string][] = [
    [t('adminApps.sidebar.ownerName'), app.owner.name],
    [t('adminApps.sidebar.ownerEmail'), app.owner.email],
    [t('adminApps.sidebar.ownerId'), String(app.owner.id)],
    [
      t('adminApps.sidebar.ownerPlatformId'),
      app.owner.platform_id === null ? never : String(app.owner.platform_id),
    ],
  ];
  // Spec 1 §9's long format ('November 27th 2026, 4:05:09 am').
  const when = (value: string | null) => formatLongDateTime(value, i18n.resolvedLanguage) ?? never;
  const times: [string, string][] = [
    [t('adminApps.sidebar.createdAt'), when(app.created_at)],
    [t('adminApps.sidebar.updatedAt'), when(app.updated_at)],
    [t('adminApps.sidebar.deletedAt'), when(app.deleted_at)],
  ];
  const table = (entries: [string, string][]) => (
    <Table variant="vertical" withTableBorder={false} layout="fixed">
      <Table.Tbody>
        {entries.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={110}>{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );

  return (
    <Card withBorder component="aside" aria-label={t('adminApps.sidebar.label')}>
      <Stack gap="md">
        <Button
          component={Link}
          to={`${adminAppPath(app.id)}/contacts/new`}
          variant="light"
          leftSection={<IconUserPlus size={16} aria-hidden />}
        >
          {t('adminApps.sidebar.newContact')}
        </Button>
        {app.deleted_at ? (
          <Button
            leftSection={<IconRestore size={16} aria-hidden />}
            loading={undelete.isPending}
            onClick={() =>
              undelete.mutate(
                { deleted_at: null },
                { onSuccess: () => notifySaved(t('adminApps.sidebar.undeleted')) },
              )
            }
          >
            {t('adminApps.sidebar.undelete')}
          </Button>
        ) : (
          <Button
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={remove.isPending}
            onClick={() => setDeleting(true)}
          >
            {t('adminApps.sidebar.delete')}
          </Button>
        )}
        <MutationErrorAlert
          error={undelete.error ?? remove.error}
          title={t('adminApps.couldNotSave')}
          withCloseButton
          onClose={() => {
            undelete.reset();
            remove.reset();
          }}
        />
        <Button
          color="red"
          variant="outline"
          leftSection={<IconAlertTriangle size={16} aria-hidden />}
          onClick={() => setChangingOwner(true)}
        >
          {t('adminApps.sidebar.changeOwner')}
        </Button>
        <div>
          <Title order={2} size="h5" mb={4}>
            {t('adminApps.sidebar.owner')}
          </Title>
          {table(rows)}
        </div>
        {table(times)}
      </Stack>
      <ConfirmModal
        opened={deleting}
        danger
        title={t('adminApps.sidebar.deleteTitle')}
        message={t('adminApps.sidebar.deleteMessage', { name: app.internal_name })}
        confirmLabel={t('adminApps.sidebar.delete')}
        loading={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => notifySaved(t('adminApps.sidebar.deleted')),
            onSettled: () => setDeleting(false),
          })
        }
      />
      <ChangeOwnerModal
        appId={app.id}
        ownerId={app.owner.id}
        opened={changingOwner}
        onClose={() => setChangingOwner(false)}
      />
    </Card>
  );
}
