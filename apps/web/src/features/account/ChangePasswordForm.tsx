import { LIMITS } from '@lintel/shared';
import { Alert, Button, Card, Group, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, errorMessage, onlyFieldErrors } from '../../api/formErrors';
import { PasswordInput } from '../../components/PasswordInput';
import { matchesField, newPasswordField } from '../auth/validation';
import { useUpdateAccount } from './queries';

const FIELDS = ['current_password', 'password'] as const;

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const update = useUpdateAccount();
  const form = useForm({
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    validate: {
      current_password: (value) => (value ? null : t('validation.required')),
      password: newPasswordField(t),
      password_confirmation: matchesField(t, 'password'),
    },
  });

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="account-password-title">
      <Title order={2} size="h3" id="account-password-title" mb="md">
        {t('account.password.title')}
      </Title>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          update.mutate(
            { current_password: values.current_password, password: values.password },
            {
              onSuccess: () => {
                form.reset();
                notifications.show({ color: 'green', message: t('account.password.changed') });
              },
              onError: (error) => applyServerErrors(form, error, FIELDS),
            },
          ),
        )}
      >
        <Stack>
          {update.isError && !onlyFieldErrors(update.error, FIELDS) ? (
            <Alert color="red" role="alert" title={t('account.saveFailed')}>
              {errorMessage(update.error, t('errors.generic'))}
            </Alert>
          ) : null}
          <PasswordInput
            label={t('auth.fields.currentPassword')}
            autoComplete="current-password"
            required
            {...form.getInputProps('current_password')}
          />
          <PasswordInput
            label={t('auth.fields.newPassword')}
            description={t('auth.fields.passwordHint', { min: LIMITS.passwordMin })}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('auth.fields.confirmPassword')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t('account.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
