import { Anchor, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFingerprint } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/client';
import { errorText } from '../../api/errorText';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { applyServerErrors } from '../../forms/serverErrors';
import { useSignIn } from '../auth/queries';
import { goToRedirect } from '../auth/redirect';
import { CodeInput } from './CodeInput';
import { passkeyAssertion, passkeysSupported } from './queries';
import type { SignInExtrasProps } from './SignInExtras';

// A chunk of its own (SignInExtras loads it once the visitor starts typing): the dialog, the form library
// and the code fields are ~40 kB gzip that the sign-in page's first load does not need.

/**
 * The second step of signing in, after the right password: a code from the authenticator app, a recovery
 * code, or a passkey. A dialog over the sign-in form (Escape goes back to it).
 */
export default function CodeStep({
  values,
  redirect,
  onClose,
}: Omit<SignInExtrasProps, 'error'> & { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [passkeyError, setPasskeyError] = useState<unknown>(null);
  const form = useForm({ initialValues: { otp_code: '', recovery_code: '' } });
  const credentials = { email: values.email.trim(), password: values.password };
  const send = (factor: { otp_code?: string; recovery_code?: string; passkey?: Record<string, unknown> }) =>
    signIn.mutate(
      { ...credentials, ...factor },
      {
        onSuccess: () => goToRedirect(redirect, navigate),
        onError: (error) => applyServerErrors(form, error, t),
      },
    );
  const passkeyStep = async () => {
    setPasskeyError(null);
    try {
      send({ passkey: await passkeyAssertion() });
    } catch (error) {
      setPasskeyError(error);
    }
  };

  const submit = form.onSubmit((entered) =>
    send(
      mode === 'code'
        ? { otp_code: entered.otp_code.replace(/\s+/g, '') }
        : { recovery_code: entered.recovery_code.trim() },
    ),
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('account.twoFactor.signIn.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          // The dialog is rendered in a portal, but React bubbles its submit up its own tree.
          event.stopPropagation();
          submit(event);
        }}
      >
        <Stack>
          <MutationErrorAlert error={signIn.error} form={form} title={t('account.twoFactor.signIn.failed')} />
          {passkeyError ? (
            <Text size="sm" c="red" role="alert">
              {isApiError(passkeyError)
                ? errorText(t, passkeyError)
                : t('account.twoFactor.signIn.passkeyFailed')}
            </Text>
          ) : null}
          {mode === 'code' ? (
            <>
              <Text size="sm">{t('account.twoFactor.signIn.codeIntro')}</Text>
              <CodeInput data-autofocus {...form.getInputProps('otp_code')} />
            </>
          ) : (
            <>
              <Text size="sm">{t('account.twoFactor.signIn.recoveryIntro')}</Text>
              <TextInput
                label={t('account.twoFactor.fields.recoveryCode')}
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                required
                data-autofocus
                {...form.getInputProps('recovery_code')}
              />
            </>
          )}
          <Button type="submit" fullWidth loading={signIn.isPending}>
            {t('account.twoFactor.signIn.verify')}
          </Button>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              signIn.reset();
              setMode(mode === 'code' ? 'recovery' : 'code');
            }}
          >
            {mode === 'code'
              ? t('account.twoFactor.signIn.useRecovery')
              : t('account.twoFactor.signIn.useCode')}
          </Anchor>
          {passkeysSupported() ? (
            <Button
              variant="default"
              leftSection={<IconFingerprint size={16} aria-hidden />}
              onClick={() => void passkeyStep()}
            >
              {t('account.twoFactor.signIn.usePasskey')}
            </Button>
          ) : null}
        </Stack>
      </form>
    </Modal>
  );
}
