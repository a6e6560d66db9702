import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { applyServerErrors } from '../../forms/serverErrors';
import { zodResolver } from '../../forms/zodResolver';
import { AuthCard } from './AuthCard';
import { CompanyNameInput, EmailInput, NameInput } from './fields';
import { flashState } from './flash';
import { NewPasswordInput } from './passwordFields';
import { useCurrentUser, useRegister } from './queries';
import { safeRedirect, signInPath } from './redirect';

export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useCurrentUser();
  const register = useRegister();

  const form = useForm({
    initialValues: { name: '', company_name: '', email: '', password: '' },
    validate: zodResolver(async () => (await import('./schemas')).signUpForm, t),
  });

  if (user) return <Navigate to="/" replace />;

  return (
    <AuthCard
      title={t('auth.signUp.title')}
      subtitle={t('auth.signUp.subtitle')}
      footer={
        <>
          {t('auth.signUp.haveAccount')}{' '}
          <Anchor component={Link} to="/sign_in" underline="always">
            {t('auth.signUp.signInLink')}
          </Anchor>
        </>
      }
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          register.mutate(
            {
              ...values,
              name: values.name.trim(),
              company_name: values.company_name.trim(),
              email: values.email.trim(),
            },
            {
              // Back to where the visitor came from (an invitation link, say) once they have signed in.
              onSuccess: () =>
                navigate(signInPath(safeRedirect(params.get('redirect'))), {
                  state: flashState('auth.flash.confirmationSent'),
                }),
              onError: (error) => applyServerErrors(form, error, t),
            },
          ),
        )}
      >
        <Stack>
          <MutationErrorAlert error={register.error} form={form} title={t('auth.signUp.failed')} />
          <NameInput {...form.getInputProps('name')} />
          <CompanyNameInput {...form.getInputProps('company_name')} />
          <EmailInput {...form.getInputProps('email')} />
          <NewPasswordInput label={t('auth.fields.password')} {...form.getInputProps('password')} />
          <Text size="xs" c="dimmed">
            {t('auth.signUp.policy')}
          </Text>
          <Button type="submit" fullWidth loading={register.isPending}>
            {t('auth.signUp.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

export default SignUpPage;
