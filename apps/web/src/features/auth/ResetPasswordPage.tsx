import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { StatusAlert } from '../../components/StatusAlert';
import { applyServerErrors } from '../../forms/serverErrors';
import { zodResolver } from '../../forms/zodResolver';
import { AuthCard } from './AuthCard';
import { flashState } from './flash';
import { ConfirmPasswordInput, NewPasswordInput } from './passwordFields';
import { useResetPassword } from './queries';
import { tokenAwareMessage } from './tokenMessage';

/** /password/reset?token=…: choose a new password (typed twice). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();

  const form = useForm({
    initialValues: { password: '', password_confirmation: '' },
    validate: zodResolver(async () => (await import('./schemas')).resetPasswordForm, t, {
      mismatch: t('validation.passwordMismatch'),
    }),
  });

  const requestAgain = (
    <Anchor component={Link} to="/password/forgot" underline="always">
      {t('auth.reset.requestAgain')}
    </Anchor>
  );

  return (
    <AuthCard title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      {!token ? (
        <StatusAlert tone="error" role="alert" title={t('auth.reset.failed')}>
          {t('auth.reset.missingToken')} {requestAgain}
        </StatusAlert>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            reset.mutate(
              { token, password: values.password },
              {
                onSuccess: () =>
                  navigate('/sign_in', { replace: true, state: flashState('auth.flash.passwordReset') }),
                onError: (error) => applyServerErrors(form, error, t),
              },
            ),
          )}
        >
          <Stack>
            <MutationErrorAlert
              format={(error, options) => <Text size="sm">{tokenAwareMessage(t, error, options)}</Text>}
              error={reset.error}
              form={form}
              title={t('auth.reset.failed')}
            >
              <Text size="sm">{requestAgain}</Text>
            </MutationErrorAlert>
            <NewPasswordInput autoFocus {...form.getInputProps('password')} />
            <ConfirmPasswordInput {...form.getInputProps('password_confirmation')} />
            <Button type="submit" fullWidth loading={reset.isPending}>
              {t('auth.reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

export default ResetPasswordPage;
