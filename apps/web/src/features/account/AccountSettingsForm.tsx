import { LIMITS, type User } from '@lintel/shared';
import { Alert, Button, Card, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, errorMessage, onlyFieldErrors } from '../../api/formErrors';
import { requiredText } from '../auth/validation';
import { useUpdateAccount } from './queries';

const FIELDS = ['name', 'company_name', 'critical_emails'] as const;

/** Profile settings; Save stays disabled until a field changes (spec 1 §2 change tracking). */
export function AccountSettingsForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateAccount();
  const form = useForm({
    initialValues: {
      name: user.name,
      company_name: user.company_name,
      critical_emails: user.critical_emails,
    },
    validate: { name: requiredText(t, LIMITS.name), company_name: requiredText(t, LIMITS.companyName) },
  });

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="account-profile-title">
      <Title order={2} size="h3" id="account-profile-title" mb="xs">
        {t('account.profile.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('account.profile.description', { email: user.email })}
      </Text>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          const body = { ...values, name: values.name.trim(), company_name: values.company_name.trim() };
          update.mutate(body, {
            onSuccess: (saved) => {
              const next = {
                name: saved.name,
                company_name: saved.company_name,
                critical_emails: saved.critical_emails,
              };
              form.setInitialValues(next);
              form.setValues(next);
              form.resetDirty(next);
              notifications.show({ color: 'green', message: t('account.profile.saved') });
            },
            onError: (error) => applyServerErrors(form, error, FIELDS),
          });
        })}
      >
        <Stack>
          {update.isError && !onlyFieldErrors(update.error, FIELDS) ? (
            <Alert color="red" role="alert" title={t('account.saveFailed')}>
              {errorMessage(update.error, t('errors.generic'))}
            </Alert>
          ) : null}
          <TextInput
            label={t('auth.fields.name')}
            autoComplete="name"
            required
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('auth.fields.companyName')}
            autoComplete="organization"
            required
            {...form.getInputProps('company_name')}
          />
          <Switch
            label={t('account.profile.criticalEmails')}
            description={t('account.profile.criticalEmailsHint')}
            {...form.getInputProps('critical_emails', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={!form.isDirty()} loading={update.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
