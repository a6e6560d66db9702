import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { errorMessage } from '../../api/formErrors';
import { Flash } from '../../components/Flash';
import { PasswordInput } from '../../components/PasswordInput';
import { useLightForm } from '../../components/useLightForm';
import { AuthCard } from './AuthCard';
import { readFlash } from './flash';
import { useCurrentUser, useResendConfirmation, useSignIn } from './queries';
import { safeRedirect } from './redirect';

export function SignInPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const signIn = useSignIn();
  const resend = useResendConfirmation();
  const redirect = safeRedirect(params.get('redirect'));
  const flash = readFlash(location.state);

  const form = useLightForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (value.trim() ? null : t('validation.required')),
      password: (value) => (value ? null : t('validation.required')),
    },
  });

  // Once shown, the flash must not come back on reload or back-navigation.
  const clearFlash = useCallback(() => {
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [navigate, location.pathname, location.search]);

  if (user && !signIn.isSuccess) return <Navigate to={redirect} replace />;

  const error = signIn.error;
  const notConfirmed = isApiError(error) && error.code === 'email_not_confirmed';

  return (
    <AuthCard
      title={t('auth.signIn.title')}
      subtitle={t('auth.signIn.subtitle')}
      footer={
        <>
          {t('auth.signIn.noAccount')}{' '}
          <Anchor component={Link} to="/sign_up">
            {t('auth.signIn.signUpLink')}
          </Anchor>
        </>
      }
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          resend.reset();
          signIn.mutate(
            { email: values.email.trim(), password: values.password },
            { onSuccess: () => navigate(redirect, { replace: true }) },
          );
        })}
      >
        <Stack>
          {flash ? (
            <Flash onDone={clearFlash} key={flash}>
              {t(flash)}
            </Flash>
          ) : null}
          {error ? (
            <Alert
              color="red"
              role="alert"
              icon={<IconAlertCircle aria-hidden />}
              title={t('auth.signIn.failed')}
            >
              <Text size="sm">{errorMessage(error, t('errors.generic'))}</Text>
              {notConfirmed ? (
                resend.isSuccess ? (
                  <Text size="sm" mt="xs" role="status">
                    {t('auth.resend.sent')}
                  </Text>
                ) : (
                  <Button
                    mt="sm"
                    size="xs"
                    variant="light"
                    color="red"
                    loading={resend.isPending}
                    onClick={() => resend.mutate(form.values.email.trim())}
                  >
                    {t('auth.resend.action')}
                  </Button>
                )
              ) : null}
              {resend.isError ? (
                <Text size="sm" mt="xs">
                  {errorMessage(resend.error, t('errors.generic'))}
                </Text>
              ) : null}
            </Alert>
          ) : null}
          <TextInput
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            required
            autoFocus
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('auth.fields.password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/password/forgot" size="sm">
              {t('auth.signIn.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={signIn.isPending}>
            {t('auth.signIn.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

export default SignInPage;
