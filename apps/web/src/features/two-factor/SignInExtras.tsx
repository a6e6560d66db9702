import { Button, Stack, Text } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/client';
import { errorText } from '../../api/errorText';
import { goToRedirect } from '../auth/redirect';
import { passkeysSupported, usePasskeySignIn } from './queries';

/** The code step's chunk: requested once the visitor types, so it is in when the password is accepted. */
const loadCodeStep = () => import('./SignInCodeStep');
const CodeStep = lazy(loadCodeStep);

export interface SignInExtrasProps {
  /** The sign-in form's last error: `two_factor_required` opens the code step. */
  error: unknown;
  /** What the sign-in form holds: the code step sends them again with the code. */
  values: { email: string; password: string };
  redirect: string;
}

/** "Sign in with a passkey": no password, the passkey (with the device's screen lock) is enough. */
function PasskeyButton({ redirect }: { redirect: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = usePasskeySignIn();
  if (!passkeysSupported()) return null;
  return (
    <Stack gap={4} mt="md">
      <Button
        variant="default"
        fullWidth
        leftSection={<IconFingerprint size={16} aria-hidden />}
        loading={signIn.isPending}
        onClick={() => signIn.mutate(undefined, { onSuccess: () => goToRedirect(redirect, navigate) })}
      >
        {t('account.twoFactor.signIn.withPasskey')}
      </Button>
      {signIn.isError ? (
        <Text size="sm" c="red" role="alert">
          {isApiError(signIn.error)
            ? errorText(t, signIn.error)
            : t('account.twoFactor.signIn.passkeyFailed')}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * What the sign-in page loads after its first paint: the passkey button, and the code step when the
 * server asks for a second factor (its chunk is fetched as soon as a field of the form holds something).
 */
export default function SignInExtras({ error, values, redirect }: SignInExtrasProps) {
  const [dismissed, setDismissed] = useState<unknown>(null);
  const typed = values.email !== '' || values.password !== '';
  useEffect(() => {
    if (typed) void loadCodeStep().catch(() => {}); // a failure shows when the step renders
  }, [typed]);
  const needsCode = isApiError(error) && error.code === 'two_factor_required' && dismissed !== error;
  return (
    <>
      <PasskeyButton redirect={redirect} />
      {needsCode ? (
        <Suspense fallback={null}>
          <CodeStep values={values} redirect={redirect} onClose={() => setDismissed(error)} />
        </Suspense>
      ) : null}
    </>
  );
}
