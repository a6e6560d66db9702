import { DEVELOPER_APP_LIMITS, type DeveloperApp, updateDeveloperAppRequest } from '@lintel/shared';
import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../../components/MutationErrorAlert';
import { notifySaved } from '../../../components/notifySaved';
import { SectionCard } from '../../../components/SectionCard';
import { SubmitRow } from '../../../components/SubmitRow';
import { applyServerErrors } from '../../../forms/serverErrors';
import { changedFields, isUnchanged, zodResolver } from '../../../forms/zodResolver';
import { useUpdateDeveloperApp } from '../queries';

const namesOf = (app: DeveloperApp) => ({
  developer_app: { name: app.name, internal_name: app.internal_name },
});

/** The app's public name and its internal name; read-only without canEdit. */
export function AppNameForm({ app }: { app: DeveloperApp }) {
  const { t } = useTranslation();
  const update = useUpdateDeveloperApp(app.id);
  const editable = app.permissions.canEdit;
  // The values are the request body, so the server's `developer_app.name` lands on its field as is.
  const form = useForm({
    initialValues: namesOf(app),
    validate: zodResolver(updateDeveloperAppRequest, t),
  });
  // Names changed elsewhere (another tab, a collaborator) replace the form's unless it is being edited.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the server's values only
  useEffect(() => {
    if (form.isDirty()) return;
    form.setValues(namesOf(app));
    form.resetDirty(namesOf(app));
  }, [app.name, app.internal_name]);

  return (
    <SectionCard id="app-name" title={t('developerApps.settings.details.title')}>
      <form
        noValidate
        onSubmit={form.onSubmit(({ developer_app: names }) => {
          // Only the names the user changed are sent (spec 2 §5): an untouched one is never written back.
          const changes = changedFields(namesOf(app).developer_app, {
            name: names.name.trim(),
            internal_name: names.internal_name.trim(),
          });
          if (isUnchanged(changes)) {
            form.setValues(namesOf(app));
            form.resetDirty(namesOf(app));
            return;
          }
          update.mutate(changes, {
            onSuccess: (saved) => {
              form.resetDirty(namesOf(saved));
              notifySaved(t('developerApps.settings.saved'));
            },
            onError: (error) => applyServerErrors(form, error, t),
          });
        })}
      >
        <Stack>
          <MutationErrorAlert error={update.error} form={form} title={t('developerApps.errorOccurred')} />
          <TextInput
            label={t('developerApps.settings.details.name')}
            description={t('developerApps.settings.details.nameHint')}
            readOnly={!editable}
            required={editable}
            maxLength={DEVELOPER_APP_LIMITS.name}
            {...form.getInputProps('developer_app.name')}
          />
          <TextInput
            label={t('developerApps.settings.details.internalName')}
            description={t('developerApps.settings.details.internalNameHint')}
            readOnly={!editable}
            required={editable}
            maxLength={DEVELOPER_APP_LIMITS.internalName}
            {...form.getInputProps('developer_app.internal_name')}
          />
          {editable ? (
            <SubmitRow disabled={!form.isDirty()} loading={update.isPending}>
              {t('common.save')}
            </SubmitRow>
          ) : null}
        </Stack>
      </form>
    </SectionCard>
  );
}
