import { accountUpdateRequest } from '@lintel/shared';
import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { PasswordInput } from '../../components/PasswordInput';
import { SectionCard } from '../../components/SectionCard';
import { SubmitRow } from '../../components/SubmitRow';
import { applyServerErrors } from '../../forms/serverErrors';
import { zodResolver } from '../../forms/zodResolver';
import { ConfirmPasswordInput, NewPasswordInput } from '../auth/passwordFields';
import { confirmed, mismatch } from '../auth/schemas';
import { useUpdateAccount } from './queries';

/** The server's account rules (current password required with a new one), the new one typed twice. */
const changePasswordForm = accountUpdateRequest
  .extend({ password_confirmation: z.string() })
  .refine(confirmed, mismatch);

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const update = useUpdateAccount();
  const form = useForm({
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    validate: zodResolver(changePasswordForm, t, { mismatch: t('validation.passwordMismatch') }),
  });

  return (
    <SectionCard id="account-password" size="h3" title={t('account.password.title')}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          update.mutate(
            { current_password: values.current_password, password: values.password },
            {
              onSuccess: () => {
                form.reset();
                notifySaved(t('account.password.changed'));
              },
              onError: (error) => applyServerErrors(form, error, t),
            },
          ),
        )}
      >
        <Stack>
          <MutationErrorAlert error={update.error} form={form} title={t('account.saveFailed')} />
          <PasswordInput
            label={t('auth.fields.currentPassword')}
            autoComplete="current-password"
            required
            {...form.getInputProps('current_password')}
          />
          <NewPasswordInput {...form.getInputProps('password')} />
          <ConfirmPasswordInput {...form.getInputProps('password_confirmation')} />
          <SubmitRow loading={update.isPending}>{t('account.password.submit')}</SubmitRow>
        </Stack>
      </form>
    </SectionCard>
  );
}
