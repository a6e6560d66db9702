import { Alert, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { applyServerErrors } from '../../forms/serverErrors';
import { zodResolver } from '../../forms/zodResolver';
import { EmailInput } from './fields';
import { useResendConfirmation } from './queries';

/** Asks for a new confirmation e-mail; the answer is the same whether or not the address exists. */
export function ResendConfirmationForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation();
  const resend = useResendConfirmation();
  const form = useForm({
    initialValues: { email: initialEmail },
    validate: zodResolver(async () => (await import('./schemas')).emailForm, t),
  });

  if (resend.isSuccess) {
    return (
      <Alert color="blue" role="status">
        {t('auth.resend.sent')}
      </Alert>
    );
  }
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        resend.mutate(values.email.trim(), { onError: (error) => applyServerErrors(form, error, t) }),
      )}
    >
      <Stack gap="sm">
        <Text size="sm">{t('auth.resend.intro')}</Text>
        <EmailInput {...form.getInputProps('email')} />
        <MutationErrorAlert error={resend.error} form={form} />
        <Button type="submit" variant="light" loading={resend.isPending}>
          {t('auth.resend.action')}
        </Button>
      </Stack>
    </form>
  );
}
