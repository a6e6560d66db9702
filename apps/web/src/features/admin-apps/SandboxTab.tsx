import { type AdminDeveloperApp, adminUpdateDeveloperAppRequest } from '@lintel/shared';
import { Button, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { formatLongDateTime } from '../../components/format';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { SectionCard } from '../../components/SectionCard';
import { applyServerErrors } from '../../forms/serverErrors';
import { zodResolver } from '../../forms/zodResolver';
import { useAdminAppOutlet } from './adminAppOutlet';
import { useUpdateAdminApp } from './queries';

/** The live sandbox's redirect URIs, saved with the admin PATCH's sandbox_attributes. */
function SandboxRedirectUris({ app, current }: { app: AdminDeveloperApp; current: string }) {
  const { t } = useTranslation();
  const save = useUpdateAdminApp(app.id);
  const form = useForm({
    initialValues: { developer_app: { sandbox_attributes: { redirect_uri: current } } },
    validate: zodResolver(adminUpdateDeveloperAppRequest, t),
  });
  const onSubmit = form.onSubmit((values) =>
    save.mutate(values.developer_app, {
      onSuccess: (saved) => {
        const next = {
          developer_app: { sandbox_attributes: { redirect_uri: saved.sandbox?.redirect_uri ?? '' } },
        };
        form.setInitialValues(next);
        form.setValues(next);
        form.resetDirty(next);
        notifySaved(t('adminApps.general.saved'));
      },
      onError: (error) => applyServerErrors(form, error, t),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <MutationErrorAlert
          error={save.error}
          form={form}
          title={t('adminApps.couldNotSave')}
          withCloseButton
          onClose={() => save.reset()}
        />
        <Textarea
          label={t('adminApps.sandbox.redirectUri')}
          description={t('adminApps.general.redirectUriHint')}
          autosize
          minRows={2}
          {...form.getInputProps('developer_app.sandbox_attributes.redirect_uri')}
        />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            {t('adminApps.general.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The Sandbox tab (spec 1 §2 "Sandbox form"), or 'This app has no sandbox'. */
export function SandboxTab({ app }: { app: AdminDeveloperApp }) {
  const { t, i18n } = useTranslation();
  const { sandbox } = app;
  if (!sandbox) return <Text>{t('adminApps.sandbox.none')}</Text>;
  const empty = t('adminApps.sandbox.empty');
  const rows: [string, string][] = [
    [t('adminApps.sandbox.status'), sandbox.status],
    // The admin screens' long format (spec 1 §9), as in the sidebar.
    [
      t('adminApps.sandbox.createdAt'),
      formatLongDateTime(sandbox.created_at, i18n.resolvedLanguage) ?? empty,
    ],
    [
      t('adminApps.sandbox.updatedAt'),
      formatLongDateTime(sandbox.updated_at, i18n.resolvedLanguage) ?? empty,
    ],
    [t('adminApps.sandbox.companyId'), sandbox.company_id === null ? empty : String(sandbox.company_id)],
    [t('adminApps.sandbox.url'), sandbox.url ?? empty],
    [t('adminApps.sandbox.appId'), sandbox.app_id ?? empty],
    [t('adminApps.sandbox.secret'), sandbox.app_secret ?? empty],
    // The platform keeps no CORS domains of a sandbox's own: the app's (production) list is not its.
    [t('adminApps.sandbox.corsDomains'), empty],
    [
      t('adminApps.sandbox.providerAppId'),
      sandbox.provider_app_id === null ? empty : String(sandbox.provider_app_id),
    ],
  ];
  return (
    <SectionCard id="admin-sandbox" title={t('adminApps.tabs.sandbox')}>
      <Stack gap="md">
        <Table variant="vertical" layout="fixed">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={180}>{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {sandbox.live ? (
          <SandboxRedirectUris key={sandbox.updated_at} app={app} current={sandbox.redirect_uri} />
        ) : null}
      </Stack>
    </SectionCard>
  );
}

export default function SandboxTabRoute() {
  const { app } = useAdminAppOutlet();
  return <SandboxTab app={app} />;
}
