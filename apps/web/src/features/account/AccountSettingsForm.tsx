import { accountUpdateRequest, type User } from '@lintel/shared';
import { Button, Card, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { applyServerErrors } from '../../forms/serverErrors';
import { zodResolver } from '../../forms/zodResolver';
import { useUpdateAccount } from './queries';

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
    validate: zodResolver(accountUpdateRequest, t),
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
              notifySaved(t('account.profile.saved'));
            },
            onError: (error) => applyServerErrors(form, error, t),
          });
        })}
      >
        <Stack>
          <MutationErrorAlert error={update.error} form={form} title={t('account.saveFailed')} />
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
