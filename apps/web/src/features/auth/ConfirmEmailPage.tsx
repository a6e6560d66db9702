import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { StatusAlert } from '../../components/StatusAlert';
import { AuthCard } from './AuthCard';
import { flashState } from './flash';
import { useConfirmEmail } from './queries';
import { ResendConfirmationForm } from './ResendConfirmationForm';
import { tokenAwareMessage } from './tokenMessage';

/** /confirm_email?token=…: confirms the address as soon as the page opens. */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmail();
  const sent = useRef<string | null>(null);
  const { mutate } = confirm;

  useEffect(() => {
    // A token works once: never send it twice (StrictMode runs effects twice in development).
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  let content: React.ReactNode;
  if (!token) {
    content = (
      <Stack>
        <StatusAlert tone="error" role="alert" title={t('auth.confirm.failed')}>
          {t('auth.confirm.missingToken')}
        </StatusAlert>
        <ResendConfirmationForm />
      </Stack>
    );
  } else if (confirm.isSuccess) {
    content = (
      <Stack>
        <StatusAlert tone="success" role="status" title={t('auth.confirm.success')}>
          {t('auth.confirm.successDescription')}
        </StatusAlert>
        <Button component={Link} to="/sign_in" state={flashState('auth.flash.emailConfirmed')} fullWidth>
          {t('auth.confirm.signIn')}
        </Button>
      </Stack>
    );
  } else if (confirm.isError) {
    content = (
      <Stack>
        <MutationErrorAlert
          format={(error, options) => <Text size="sm">{tokenAwareMessage(t, error, options)}</Text>}
          error={confirm.error}
          title={t('auth.confirm.failed')}
        />
        <ResendConfirmationForm />
      </Stack>
    );
  } else {
    content = (
      <Center py="md" role="status">
        <Stack align="center" gap="xs">
          <Loader aria-hidden />
          <Text>{t('auth.confirm.pending')}</Text>
        </Stack>
      </Center>
    );
  }

  return <AuthCard title={t('auth.confirm.title')}>{content}</AuthCard>;
}

export default ConfirmEmailPage;
