import { type AdminDeveloper, updateAdminDeveloperRequest } from '@lintel/shared';
import {
  Anchor,
  Badge,
  Breadcrumbs,
  Container,
  Grid,
  Group,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { guardAccess } from '../../components/AccessGuard';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { PageLoader } from '../../components/PageLoader';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { SectionCard } from '../../components/SectionCard';
import { SubmitRow } from '../../components/SubmitRow';
import { applyServerErrors } from '../../forms/serverErrors';
import { changedFields, isUnchanged, zodResolver } from '../../forms/zodResolver';
import { DeveloperTokensSlot } from '../access-tokens/LazySections';
import { useCurrentUser } from '../auth/queries';
import { AdminDeveloperTwoFactor } from '../two-factor/AdminDeveloperTwoFactor';
import { DEVELOPER_APP_PATH, formatDay } from './format';
import { useAdminDeveloper, useUpdateAdminDeveloper } from './queries';

// The form's values are the request's shape, so the server's detail paths (developer.email) name its fields.
function valuesOf(developer: AdminDeveloper) {
  return {
    developer: {
      name: developer.name,
      company_name: developer.company_name,
      email: developer.email,
      confirmed: developer.confirmed,
      is_admin: developer.is_admin,
      is_employee: developer.is_employee,
    },
  };
}

function DeveloperForm({ developer }: { developer: AdminDeveloper }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const update = useUpdateAdminDeveloper(developer.id);
  const form = useForm({
    initialValues: valuesOf(developer),
    validate: zodResolver(updateAdminDeveloperRequest, t),
  });
  // The server refuses it too: an administrator never removes their own administrator flag.
  const isSelf = me?.id === developer.id;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        const edited = values.developer;
        const body = changedFields(form.getInitialValues().developer, {
          ...edited,
          name: edited.name.trim(),
          company_name: edited.company_name.trim(),
          email: edited.email.trim(),
        });
        if (isUnchanged(body)) return;
        update.mutate(body, {
          onSuccess: (saved) => {
            const next = valuesOf(saved);
            form.setInitialValues(next);
            form.setValues(next);
            form.resetDirty(next);
            notifySaved(t('adminLists.developerEdit.saved'));
          },
          onError: (error) => applyServerErrors(form, error, t),
        });
      })}
    >
      <Stack>
        <MutationErrorAlert
          error={update.error}
          form={form}
          title={t('adminLists.developerEdit.saveFailed')}
        />
        <TextInput
          label={t('adminLists.developerEdit.fields.name')}
          required
          {...form.getInputProps('developer.name')}
        />
        <TextInput
          label={t('adminLists.developerEdit.fields.company')}
          required
          {...form.getInputProps('developer.company_name')}
        />
        <TextInput
          label={t('adminLists.developerEdit.fields.email')}
          type="email"
          required
          {...form.getInputProps('developer.email')}
        />
        <Switch
          label={t('adminLists.developerEdit.fields.confirmed')}
          {...form.getInputProps('developer.confirmed', { type: 'checkbox' })}
        />
        <Switch
          label={t('adminLists.developerEdit.fields.isAdmin')}
          description={isSelf ? t('adminLists.developerEdit.ownAdminHint') : undefined}
          {...form.getInputProps('developer.is_admin', { type: 'checkbox' })}
          disabled={isSelf && form.getValues().developer.is_admin}
        />
        <Switch
          label={t('adminLists.developerEdit.fields.isEmployee')}
          {...form.getInputProps('developer.is_employee', { type: 'checkbox' })}
        />
        <SubmitRow disabled={!form.isDirty()} loading={update.isPending}>
          {t('common.save')}
        </SubmitRow>
      </Stack>
    </form>
  );
}

function DeveloperApps({ developer }: { developer: AdminDeveloper }) {
  const { t } = useTranslation();
  const none = t('common.notAvailable');
  if (developer.apps.length === 0) return <Text c="dimmed">{t('adminLists.developerEdit.apps.empty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table aria-label={t('adminLists.developerEdit.apps.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('adminLists.developerEdit.apps.columns.name')}</Table.Th>
            <Table.Th>{t('adminLists.developerEdit.apps.columns.role')}</Table.Th>
            <Table.Th>{t('adminLists.developerEdit.apps.columns.createdAt')}</Table.Th>
            <Table.Th>{t('adminLists.developerEdit.apps.columns.deletedAt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {developer.apps.map((app) => (
            <Table.Tr key={app.id}>
              <Table.Td>
                <Anchor component={Link} to={DEVELOPER_APP_PATH(app.id)} size="sm">
                  {app.internal_name}
                </Anchor>
              </Table.Td>
              <Table.Td>{t(`adminLists.developerEdit.apps.role.${app.role}`)}</Table.Td>
              <Table.Td>{formatDay(app.created_at) ?? none}</Table.Td>
              <Table.Td>{formatDay(app.deleted_at) ?? none}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /admin/developers/:id/edit: the developer's profile and flags, and the apps they own or work on. */
export function AdminDeveloperEditPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const validId = Number.isInteger(id) && id > 0;
  const query = useAdminDeveloper(validId ? id : 0);

  const denied = guardAccess(query.error, {
    invalidId: !validId,
    notFound: { title: t('adminLists.developerEdit.notFound') },
  });
  if (denied) return denied;

  const developer = query.data;
  let body: ReactNode;
  if (query.isPending) body = <PageLoader />;
  else if (!developer) body = <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  else
    body = (
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <SectionCard
            id="developer-profile"
            size="h3"
            title={t('adminLists.developerEdit.profile')}
            aside={
              <Group gap="xs">
                {developer.platform_id !== null ? (
                  <Badge variant="light">
                    {t('adminLists.developerEdit.platformId', { id: developer.platform_id })}
                  </Badge>
                ) : null}
              </Group>
            }
            description={t('adminLists.developerEdit.signedUp', { date: formatDay(developer.created_at) })}
          >
            <DeveloperForm key={developer.id} developer={developer} />
          </SectionCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <SectionCard id="developer-apps" size="h3" title={t('adminLists.developerEdit.apps.title')}>
            <DeveloperApps developer={developer} />
          </SectionCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <AdminDeveloperTwoFactor developerId={developer.id} />
        </Grid.Col>
        <Grid.Col span={12}>
          <DeveloperTokensSlot developerId={developer.id} />
        </Grid.Col>
      </Grid>
    );

  return (
    <Container size="xl" py="md">
      <Breadcrumbs mb="xs" role="navigation" aria-label={t('common.breadcrumbs')}>
        <Text size="sm" c="dimmed">
          {t('adminLists.breadcrumbs.admin')}
        </Text>
        <Anchor component={Link} to="/admin/developers" size="sm">
          {t('adminLists.breadcrumbs.developers')}
        </Anchor>
        <Text size="sm" aria-current="page">
          {developer?.name ?? '…'}
        </Text>
      </Breadcrumbs>
      <Title order={1} mb="lg">
        {developer
          ? t('adminLists.developerEdit.title', { name: developer.name })
          : t('adminLists.developers.title')}
      </Title>
      {body}
    </Container>
  );
}

export default AdminDeveloperEditPage;
