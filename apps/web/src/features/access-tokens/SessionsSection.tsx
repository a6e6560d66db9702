import type { AccountSession } from '@lintel/shared';
import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/ConfirmModal';
import { formatLongDateTime } from '../../components/format';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { SectionCard } from '../../components/SectionCard';
import { useAccountSessions, useSignOutOtherSessions, useSignOutSession } from './queries';

/** "Chrome on macOS", from the browser and system the server read off the session's user agent. */
export function useSessionName() {
  const { t } = useTranslation();
  return (session: AccountSession) =>
    session.browser || session.os
      ? t('accessTokens.sessions.browserOn', {
          browser: session.browser ?? t('accessTokens.sessions.unknownBrowser'),
          os: session.os ?? t('accessTokens.sessions.unknownSystem'),
        })
      : t('accessTokens.sessions.unknownBrowser');
}

/** The account page's "Sessions": where the account is signed in; sign one out, or all the others. */
export function SessionsSection() {
  const { t, i18n } = useTranslation();
  const sessions = useAccountSessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const nameOf = useSessionName();
  const [confirming, setConfirming] = useState<AccountSession | 'others' | null>(null);
  const time = (value: string) => formatLongDateTime(value, i18n.resolvedLanguage) ?? value;
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  return (
    <SectionCard
      id="sessions"
      size="h3"
      title={t('accessTokens.sessions.title')}
      description={t('accessTokens.sessions.description')}
    >
      {sessions.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('accessTokens.sessions.loading')}</Text>
        </Group>
      ) : sessions.isError ? (
        <QueryErrorAlert
          error={sessions.error}
          title={t('accessTokens.sessions.loadFailed')}
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <Stack gap="sm">
          <MutationErrorAlert
            error={signOut.error ?? signOutOthers.error}
            title={t('accessTokens.sessions.failed')}
          />
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {sessions.data.map((session) => {
              const name = nameOf(session);
              const Icon =
                session.device === 'mobile' || session.device === 'tablet'
                  ? IconDeviceMobile
                  : IconDeviceDesktop;
              return (
                <Group
                  key={session.id}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  align="flex-start"
                  aria-label={name}
                  data-testid={`session-${session.id}`}
                >
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <Icon size={20} aria-hidden />
                    <Stack gap={2}>
                      <Group gap="xs">
                        <Text fw={600}>{name}</Text>
                        {session.current ? (
                          <Badge color="teal" variant="light">
                            {t('accessTokens.sessions.current')}
                          </Badge>
                        ) : null}
                      </Group>
                      <Text size="sm" c="dimmed">
                        {t('accessTokens.sessions.address')}:{' '}
                        {session.ip ?? t('accessTokens.sessions.unknownAddress')}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {t('accessTokens.sessions.signedInAt', { time: time(session.signed_in_at) })} ·{' '}
                        {t('accessTokens.sessions.lastSeen', { time: time(session.last_seen_at) })}
                      </Text>
                    </Stack>
                  </Group>
                  {session.current ? null : (
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t('accessTokens.sessions.signOutLabel', { session: name })}
                      onClick={() => setConfirming(session)}
                    >
                      {t('accessTokens.sessions.signOut')}
                    </Button>
                  )}
                </Group>
              );
            })}
          </Stack>
          {others.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('accessTokens.sessions.empty')}
            </Text>
          ) : (
            <Group>
              <Button
                variant="default"
                color="red"
                leftSection={<IconLogout size={16} aria-hidden />}
                onClick={() => setConfirming('others')}
              >
                {t('accessTokens.sessions.signOutOthers')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
      <ConfirmModal
        opened={confirming !== null}
        title={
          confirming === 'others'
            ? t('accessTokens.sessions.confirmOthersTitle')
            : t('accessTokens.sessions.confirmOneTitle')
        }
        message={
          confirming === 'others'
            ? t('accessTokens.sessions.confirmOthersMessage')
            : confirming
              ? t('accessTokens.sessions.confirmOneMessage', { session: nameOf(confirming) })
              : ''
        }
        confirmLabel={
          confirming === 'others'
            ? t('accessTokens.sessions.signOutOthers')
            : t('accessTokens.sessions.signOut')
        }
        danger
        loading={signOut.isPending || signOutOthers.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming === 'others') {
            signOutOthers.mutate(undefined, {
              onSuccess: (result) =>
                notifySaved(t('accessTokens.sessions.signedOutOthers', { count: result.signed_out })),
              onSettled: () => setConfirming(null),
            });
          } else if (confirming) {
            signOut.mutate(confirming.id, {
              onSuccess: () => notifySaved(t('accessTokens.sessions.signedOut')),
              onSettled: () => setConfirming(null),
            });
          }
        }}
      />
    </SectionCard>
  );
}
