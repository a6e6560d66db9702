import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconMailOpened } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { errorText } from '../../api/errorText';
import { PageLoader } from '../../components/PageLoader';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { AuthCard } from '../auth/AuthCard';
import { useSession } from '../auth/queries';
import { signInPath } from '../auth/redirect';
import { appPath, DEVELOPER_APPS_PATH } from '../developer-apps/constants';
import { useAcceptInvitation } from './queries';

/**
 * What went wrong, in the page's words: the server answers 422 invalid_token for an unknown, canceled,
 * used or expired invitation, and 403 when it was sent to another e-mail address.
 */
function errorKey(error: unknown): 'invitation_invalid' | 'invitation_email_mismatch' | 'other' {
  if (!isApiError(error)) return 'other';
  if (error.status === 404 || error.code === 'invalid_token') return 'invitation_invalid';
  if (error.status === 403) return 'invitation_email_mismatch';
  return 'other';
}

/** The (masked) address an invitation was sent to, when the server names it in a detail's params. */
function invitedEmail(error: unknown): string | null {
  if (!isApiError(error)) return null;
  for (const detail of error.details) {
    const email = detail.params?.email;
    if (typeof email === 'string' && email) return email;
  }
  return null;
}

/** Accepts the signed-in user's invitation once, then opens the app. */
function Accept({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    accept.mutate(token, {
      onSuccess: ({ developer_app_id }) => navigate(appPath(developer_app_id), { replace: true }),
    });
  }, [accept, token, navigate]);

  if (accept.isError) {
    const key = errorKey(accept.error);
    const sentTo = key === 'invitation_email_mismatch' ? invitedEmail(accept.error) : null;
    // Beside the page's words: the invited (masked) address, or what went wrong, never the server's English.
    let more: string | null = null;
    if (sentTo) more = t('invitations.errors.invitation_email_mismatch.sentTo', { email: sentTo });
    else if (key === 'other') more = errorText(t, accept.error);
    return (
      <Stack>
        <Alert
          color="red"
          role="alert"
          icon={<IconAlertCircle aria-hidden />}
          title={t(`invitations.errors.${key}.title`)}
        >
          <Text size="sm">{t(`invitations.errors.${key}.message`)}</Text>
          {more ? (
            <Text size="sm" mt="xs" c="dimmed">
              {more}
            </Text>
          ) : null}
        </Alert>
        <Group justify="center">
          <Button component={Link} to={DEVELOPER_APPS_PATH} variant="light">
            {t('invitations.goToApps')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Center py="md">
      <Stack align="center" gap="sm" role="status">
        <Loader aria-hidden />
        <Text>{t('invitations.accepting')}</Text>
      </Stack>
    </Center>
  );
}

/** /invitations/accept?token=…: join an app as a collaborator (spec 2 §4 Invitations). */
export function AcceptInvitationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const session = useSession();
  const token = params.get('token')?.trim() ?? '';
  const here = `${location.pathname}${location.search}`;

  if (session.isPending) return <PageLoader />;
  if (session.isError)
    return <QueryErrorAlert error={session.error} onRetry={() => void session.refetch()} />;

  let body: ReactNode;
  if (!token) {
    body = (
      <Alert
        color="red"
        role="alert"
        icon={<IconAlertCircle aria-hidden />}
        title={t('invitations.errors.missing.title')}
      >
        {t('invitations.errors.missing.message')}
      </Alert>
    );
  } else if (!session.data) {
    body = (
      <Stack>
        <Group wrap="nowrap" align="flex-start">
          <IconMailOpened size={28} aria-hidden />
          <Text>{t('invitations.signedOut.message')}</Text>
        </Group>
        <Button component={Link} to={signInPath(here)} fullWidth>
          {t('invitations.signedOut.signIn')}
        </Button>
        <Button
          component={Link}
          to={`/sign_up?redirect=${encodeURIComponent(here)}`}
          variant="default"
          fullWidth
        >
          {t('invitations.signedOut.signUp')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('invitations.signedOut.signUpHint')}
        </Text>
      </Stack>
    );
  } else {
    body = <Accept token={token} />;
  }

  return (
    <AuthCard title={t('invitations.title')} subtitle={t('invitations.subtitle')}>
      {body}
    </AuthCard>
  );
}

export default AcceptInvitationPage;
