import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { errorText } from '../../api/errorText';
import { Flash } from '../../components/Flash';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { PasswordInput } from '../../components/PasswordInput';
import { lazyValidate, useLightForm } from '../../components/useLightForm';
import { AuthCard } from './AuthCard';
import { EmailInput } from './fields';
import { readFlash } from './flash';
import { useCurrentUser, useResendConfirmation, useSignIn } from './queries';
import { goToRedirect, isPlatformPath, pageLoad, safeRedirect } from './redirect';

// The passkey button and the second-factor step load after the first paint (features/two-factor).
const Extras = lazy(async () => (await import('../two-factor/signInLoader')).loadSignInExtras());

/**
 * False until the frame after the first commit has been painted. Requested while the page renders,
 * the extras' chunk was one more request the first paint could wait for (Lighthouse counts every
 * request that ends before the largest paint in its estimate of that paint).
 */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callback runs before its paint; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

export function SignInPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const signIn = useSignIn();
  const resend = useResendConfirmation();
  const painted = usePainted();
  const redirect = safeRedirect(params.get('redirect'));
  const flash = readFlash(location.state);

  const form = useLightForm({
    initialValues: { email: '', password: '' },
    validate: lazyValidate(async () => ({
      validate: (await import('./signInValidation')).signInValidator(t),
    })),
  });

  // Once shown, the flash must not come back on reload or back-navigation. Once the user has submitted,
  // the page is on its way elsewhere: replacing the URL then would send a signed-in user back here.
  const submitted = useRef(false);
  const clearFlash = useCallback(() => {
    if (submitted.current) return;
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [navigate, location.pathname, location.search]);

  // Already signed in and sent here by the platform (its consent page): back there with a full load.
  const leaveForPlatform = Boolean(user) && !signIn.isSuccess && isPlatformPath(redirect);
  useEffect(() => {
    if (leaveForPlatform) pageLoad.assign(redirect);
  }, [leaveForPlatform, redirect]);

  if (leaveForPlatform) return null;
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
          submitted.current = true;
          resend.reset();
          signIn.mutate(
            { email: values.email.trim(), password: values.password },
            {
              onSuccess: () => goToRedirect(redirect, navigate),
              onError: () => {
                submitted.current = false;
              },
            },
          );
        })}
      >
        <Stack>
          {flash ? (
            <Flash onDone={clearFlash} key={flash}>
              {t(flash)}
            </Flash>
          ) : null}
          <MutationErrorAlert error={error} title={t('auth.signIn.failed')}>
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
                {errorText(t, resend.error)}
              </Text>
            ) : null}
          </MutationErrorAlert>
          <EmailInput autoFocus {...form.getInputProps('email')} />
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
      {painted ? (
        <Suspense>
          <Extras error={error} values={form.values} redirect={redirect} />
        </Suspense>
      ) : null}
    </AuthCard>
  );
}

export default SignInPage;
