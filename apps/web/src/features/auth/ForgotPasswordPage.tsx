import { Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { StatusAlert } from '../../components/StatusAlert';
import { applyServerErrors } from '../../forms/serverErrors';
import { zodResolver } from '../../forms/zodResolver';
import { AuthCard } from './AuthCard';
import { EmailInput } from './fields';
import { useRequestPasswordReset } from './queries';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useForm({
    initialValues: { email: '' },
    validate: zodResolver(async () => (await import('./schemas')).emailForm, t),
  });

  return (
    <AuthCard
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle')}
      footer={
        <Anchor component={Link} to="/sign_in">
          {t('auth.forgot.backToSignIn')}
        </Anchor>
      }
    >
      {request.isSuccess ? (
        <StatusAlert tone="info" role="status" icon={IconMailForward} title={t('auth.forgot.sentTitle')}>
          {t('auth.forgot.sent')}
        </StatusAlert>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            request.mutate(values.email.trim(), { onError: (error) => applyServerErrors(form, error, t) }),
          )}
        >
          <Stack>
            <MutationErrorAlert error={request.error} form={form} />
            <EmailInput autoFocus {...form.getInputProps('email')} />
            <Button type="submit" fullWidth loading={request.isPending}>
              {t('auth.forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

export default ForgotPasswordPage;
