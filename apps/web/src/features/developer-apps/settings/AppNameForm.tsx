import { DEVELOPER_APP_LIMITS, type DeveloperApp } from '@lintel/shared';
import { Alert, Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { errorMessage } from '../../../api/formErrors';
import { useUpdateDeveloperApp } from '../queries';

const FIELDS = ['name', 'internal_name'] as const;

/** The app's public name and its internal name; read-only without canEdit. */
export function AppNameForm({ app }: { app: DeveloperApp }) {
  const { t } = useTranslation();
  const update = useUpdateDeveloperApp(app.id);
  const editable = app.permissions.canEdit;
  const required = (max: number) => (value: string) => {
    if (!value.trim()) return t('validation.required');
    return value.trim().length > max ? t('validation.tooLong', { max }) : null;
  };
  const [saved, setSaved] = useState(false);
  const form = useForm({
    initialValues: { name: app.name, internal_name: app.internal_name },
    onValuesChange: () => setSaved(false),
    validate: {
      name: required(DEVELOPER_APP_LIMITS.name),
      internal_name: required(DEVELOPER_APP_LIMITS.internalName),
    },
  });
  // Names changed elsewhere (another tab, a collaborator) replace the form's unless it is being edited.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the server's values only
  useEffect(() => {
    if (form.isDirty()) return;
    const values = { name: app.name, internal_name: app.internal_name };
    form.setValues(values);
    form.resetDirty(values);
  }, [app.name, app.internal_name]);

  const fieldErrors = isApiError(update.error)
    ? update.error.details.filter((detail) =>
        FIELDS.some((field) => detail.path === `developer_app.${field}`),
      )
    : [];

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="app-name-title">
      <Title order={2} size="h4" mb="md" id="app-name-title">
        {t('developerApps.settings.details.title')}
      </Title>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          update.mutate(
            { name: values.name.trim(), internal_name: values.internal_name.trim() },
            {
              onSuccess: (app) => {
                form.resetDirty({ name: app.name, internal_name: app.internal_name });
                setSaved(true);
              },
              onError: (error) => {
                if (!isApiError(error)) return;
                for (const detail of error.details) {
                  const field = FIELDS.find((name) => detail.path === `developer_app.${name}`);
                  if (field) form.setFieldError(field, detail.message);
                }
              },
            },
          ),
        )}
      >
        <Stack>
          {update.isError && fieldErrors.length === 0 ? (
            <Alert
              color="red"
              role="alert"
              icon={<IconAlertCircle aria-hidden />}
              title={t('developerApps.errorOccurred')}
            >
              {errorMessage(update.error, t('errors.generic'))}
            </Alert>
          ) : null}
          {saved ? (
            <Alert color="green" role="status" icon={<IconCheck aria-hidden />}>
              {t('developerApps.settings.saved')}
            </Alert>
          ) : null}
          <TextInput
            label={t('developerApps.settings.details.name')}
            description={t('developerApps.settings.details.nameHint')}
            readOnly={!editable}
            required={editable}
            maxLength={DEVELOPER_APP_LIMITS.name}
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('developerApps.settings.details.internalName')}
            description={t('developerApps.settings.details.internalNameHint')}
            readOnly={!editable}
            required={editable}
            maxLength={DEVELOPER_APP_LIMITS.internalName}
            {...form.getInputProps('internal_name')}
          />
          {editable ? (
            <Group justify="flex-end">
              <Button type="submit" disabled={!form.isDirty()} loading={update.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}
