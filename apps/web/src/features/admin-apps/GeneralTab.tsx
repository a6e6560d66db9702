import {
  type AdminDeveloperApp,
  adminUpdateDeveloperAppRequest,
  DEVELOPER_APP_LIMITS,
  THUMBNAIL_TYPES,
} from '@lintel/shared';
import { Button, Checkbox, Group, Radio, Stack, Table, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { SectionCard } from '../../components/SectionCard';
import { UploadDropzone } from '../../components/UploadDropzone';
import { applyServerErrors } from '../../forms/serverErrors';
import { changedFields, isUnchanged, zodResolver } from '../../forms/zodResolver';
import { useAdminAppOutlet } from './adminAppOutlet';
import { ProductionAccessControl } from './ProductionAccessControl';
import { useRemoveAdminLogo, useUpdateAdminApp, useUploadAdminLogo } from './queries';

interface GeneralValues {
  developer_app: {
    name: string;
    internal_name: string;
    redirect_uri: string;
    legacy: boolean;
    allowed_cors_domains: string;
    connectable: boolean;
  };
}

function valuesOf(app: AdminDeveloperApp): GeneralValues {
  return {
    developer_app: {
      name: app.name,
      internal_name: app.internal_name,
      redirect_uri: app.redirect_uri,
      legacy: app.legacy,
      allowed_cors_domains: app.allowed_cors_domains,
      connectable: app.connectable,
    },
  };
}

/** The avatar drop zone: 'Uploaded Logo!' and 'Removed Logo!' (spec 1 §8). */
function AvatarSection({ app }: { app: AdminDeveloperApp }) {
  const { t } = useTranslation();
  const upload = useUploadAdminLogo(app.id);
  const remove = useRemoveAdminLogo(app.id);
  return (
    <SectionCard id="admin-avatar" title={t('adminApps.general.avatar')}>
      <Stack gap="sm">
        {app.thumbnail_url ? (
          <img
            src={app.thumbnail_url}
            alt={t('adminApps.general.currentLogo', { name: app.internal_name })}
            width={96}
            height={96}
            style={{ objectFit: 'cover', borderRadius: 'var(--mantine-radius-md)' }}
          />
        ) : null}
        <Text size="sm" c="dimmed">
          {t('adminApps.general.avatarHint')}
        </Text>
        <MutationErrorAlert
          error={remove.error}
          title={t('adminApps.couldNotSave')}
          withCloseButton
          onClose={() => {
            upload.reset();
            remove.reset();
          }}
        />
        <UploadDropzone
          label={t('adminApps.general.uploadLogo')}
          accept={THUMBNAIL_TYPES}
          maxBytes={DEVELOPER_APP_LIMITS.thumbnailBytes}
          error={upload.error}
          disabled={remove.isPending}
          onUpload={(file, options) => {
            remove.reset();
            return upload
              .mutateAsync({ file, ...options })
              .then(() => notifySaved(t('adminApps.general.uploaded')));
          }}
        />
        {app.thumbnail_url ? (
          <Group>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              loading={remove.isPending}
              onClick={() => {
                upload.reset();
                remove.mutate(undefined, { onSuccess: () => notifySaved(t('adminApps.general.removed')) });
              }}
            >
              {t('adminApps.general.removeLogo')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </SectionCard>
  );
}

type LatestManifest = AdminDeveloperApp['manifests']['latest_sandbox'];

function ManifestPanel({ latest, count }: { latest: LatestManifest; count: number }) {
  const { t } = useTranslation();
  if (!latest) return <Text size="sm">{t('adminApps.general.noManifests')}</Text>;
  return (
    <Stack gap={4}>
      <Text size="sm">{t('adminApps.general.manifestCount', { count })}</Text>
      <Text size="sm">
        {t('adminApps.general.latestVersion', { version: latest.semantic_version, state: latest.state })}
      </Text>
    </Stack>
  );
}

/**
 * The General tab (spec 1 §2): public, internal and credential settings saved with the admin PATCH
 * ('App Updated!'), the contacts and collaborators, the avatar, and the manifests of both environments.
 */
export function GeneralTab({ app }: { app: AdminDeveloperApp }) {
  const { t } = useTranslation();
  const save = useUpdateAdminApp(app.id);
  const form = useForm<GeneralValues>({
    initialValues: valuesOf(app),
    validate: zodResolver(adminUpdateDeveloperAppRequest, t),
  });
  const onSubmit = form.onSubmit((values) => {
    const changes = changedFields(form.getInitialValues().developer_app, values.developer_app);
    if (isUnchanged(changes)) return;
    save.mutate(changes, {
      onSuccess: (saved) => {
        const next = valuesOf(saved);
        form.setInitialValues(next);
        form.setValues(next);
        form.resetDirty(next);
        notifySaved(t('adminApps.general.saved'));
      },
      onError: (error) => applyServerErrors(form, error, t),
    });
  });

  return (
    <Stack gap="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <MutationErrorAlert
            error={save.error}
            form={form}
            title={t('adminApps.couldNotSave')}
            withCloseButton
            onClose={() => save.reset()}
          />
          <SectionCard id="admin-public" title={t('adminApps.general.publicSection')}>
            <Stack gap="sm">
              <TextInput label={t('adminApps.general.name')} {...form.getInputProps('developer_app.name')} />
              <TextInput label={t('adminApps.general.listingName')} value={app.listing_name ?? ''} readOnly />
            </Stack>
          </SectionCard>
          <SectionCard id="admin-internal" title={t('adminApps.general.internalSection')}>
            <TextInput
              label={t('adminApps.general.internalName')}
              required
              {...form.getInputProps('developer_app.internal_name')}
            />
          </SectionCard>
          <SectionCard id="admin-credentials" title={t('adminApps.general.credentials')}>
            <Stack gap="sm">
              <TextInput
                label={t('adminApps.general.appId')}
                value={app.uid ?? ''}
                placeholder={t('adminApps.general.noAppId')}
                readOnly
              />
              <ProductionAccessControl app={app} />
              <Textarea
                label={t('adminApps.general.redirectUri')}
                description={t('adminApps.general.redirectUriHint')}
                autosize
                minRows={2}
                {...form.getInputProps('developer_app.redirect_uri')}
              />
              <Checkbox
                label={t('adminApps.general.legacy')}
                {...form.getInputProps('developer_app.legacy', { type: 'checkbox' })}
              />
              <Radio.Group
                label={t('adminApps.general.privacy')}
                value={app.confidential ? 'confidential' : 'public'}
                readOnly
              >
                <Group mt={4}>
                  <Radio value="confidential" label={t('adminApps.general.privacyConfidential')} disabled />
                  <Radio value="public" label={t('adminApps.general.privacyPublic')} disabled />
                </Group>
              </Radio.Group>
              <TextInput
                label={t('adminApps.general.secret')}
                value={t('adminApps.general.secretHidden')}
                readOnly
              />
              <Textarea
                label={t('adminApps.general.corsDomains')}
                description={t('adminApps.general.corsDomainsHint')}
                autosize
                minRows={2}
                {...form.getInputProps('developer_app.allowed_cors_domains')}
              />
              <Checkbox
                label={t('adminApps.general.connectable')}
                {...form.getInputProps('developer_app.connectable', { type: 'checkbox' })}
              />
            </Stack>
          </SectionCard>
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              {t('adminApps.general.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <SectionCard id="admin-contacts" title={t('adminApps.general.contacts')}>
        {app.contacts.length === 0 ? (
          <Text size="sm">{t('adminApps.general.noContacts')}</Text>
        ) : (
          <Table>
            <Table.Tbody>
              {app.contacts.map((contact) => (
                <Table.Tr key={contact.id}>
                  <Table.Td>{contact.name}</Table.Td>
                  <Table.Td>{contact.email}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </SectionCard>
      <SectionCard id="admin-collaborators" title={t('adminApps.general.collaborators')}>
        {app.collaborators.length === 0 ? (
          <Text size="sm">{t('adminApps.general.noCollaborators')}</Text>
        ) : (
          <Table>
            <Table.Tbody>
              {app.collaborators.map((collaborator) => (
                <Table.Tr key={collaborator.id}>
                  <Table.Td>{collaborator.name}</Table.Td>
                  <Table.Td>{collaborator.email}</Table.Td>
                  <Table.Td>{t(`adminApps.general.role.${collaborator.role}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </SectionCard>
      <AvatarSection app={app} />
      <SectionCard id="admin-manifests" title={t('adminApps.general.manifests')}>
        <Tabs defaultValue="sandbox">
          <Tabs.List aria-label={t('adminApps.general.manifests')}>
            <Tabs.Tab value="sandbox">{t('adminApps.general.sandboxManifests')}</Tabs.Tab>
            <Tabs.Tab value="production">{t('adminApps.general.productionManifests')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="sandbox" pt="sm">
            <ManifestPanel latest={app.manifests.latest_sandbox} count={app.manifests.sandbox_count} />
          </Tabs.Panel>
          <Tabs.Panel value="production" pt="sm">
            <ManifestPanel latest={app.manifests.latest_production} count={app.manifests.production_count} />
          </Tabs.Panel>
        </Tabs>
      </SectionCard>
    </Stack>
  );
}

export default function GeneralTabRoute() {
  const { app } = useAdminAppOutlet();
  return <GeneralTab app={app} />;
}
