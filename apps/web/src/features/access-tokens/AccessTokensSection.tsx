import type { CreatedPersonalAccessToken, PersonalAccessToken } from '@lintel/shared';
import { Alert, Button, Code, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/CopyButton';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { SectionCard } from '../../components/SectionCard';
import { CreateTokenForm } from './CreateTokenForm';
import { useAccessTokens, useRevokeAccessToken } from './queries';
import { RevokeTokenModal } from './RevokeTokenModal';
import { TokenTable } from './TokenTable';

export interface AccessTokensSectionProps {
  /** Platform administrators may also grant the `admin` scope. */
  isAdmin: boolean;
}

/** The account page's "Personal access tokens": create one (shown once), see them, revoke them. */
export function AccessTokensSection({ isAdmin }: AccessTokensSectionProps) {
  const { t } = useTranslation();
  const tokens = useAccessTokens();
  const revoke = useRevokeAccessToken();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedPersonalAccessToken | null>(null);
  const [revoking, setRevoking] = useState<PersonalAccessToken | null>(null);

  return (
    <SectionCard
      id="personal-access-tokens"
      size="h3"
      title={t('accessTokens.tokens.title')}
      description={t('accessTokens.tokens.description')}
    >
      <Stack gap="md">
        {created ? (
          <Alert
            color="yellow"
            icon={<IconAlertTriangle size={16} aria-hidden />}
            title={t('accessTokens.tokens.createdTitle')}
            role="status"
          >
            <Stack gap="xs">
              <Text size="sm">{t('accessTokens.tokens.createdWarning')}</Text>
              <Group gap="xs" wrap="nowrap">
                <Code
                  data-testid="created-token"
                  aria-label={t('accessTokens.tokens.createdLabel', { name: created.name })}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {created.token}
                </Code>
                <CopyButton
                  value={created.token}
                  label={t('accessTokens.tokens.createdLabel', { name: created.name })}
                />
              </Group>
              <Group>
                <Button size="xs" variant="default" onClick={() => setCreated(null)}>
                  {t('accessTokens.tokens.done')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {creating ? (
          <CreateTokenForm
            isAdmin={isAdmin}
            onCancel={() => setCreating(false)}
            onCreated={(token) => {
              setCreating(false);
              setCreated(token);
            }}
          />
        ) : (
          <Group>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              {t('accessTokens.tokens.create')}
            </Button>
          </Group>
        )}
        <MutationErrorAlert error={revoke.error} title={t('accessTokens.tokens.revokeFailed')} />
        {tokens.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="sm" aria-hidden />
            <Text size="sm">{t('accessTokens.tokens.loading')}</Text>
          </Group>
        ) : tokens.isError ? (
          <QueryErrorAlert
            error={tokens.error}
            title={t('accessTokens.tokens.loadFailed')}
            onRetry={() => void tokens.refetch()}
          />
        ) : tokens.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('accessTokens.tokens.empty')}
          </Text>
        ) : (
          <TokenTable tokens={tokens.data} caption={t('accessTokens.tokens.title')} onRevoke={setRevoking} />
        )}
      </Stack>
      <RevokeTokenModal
        token={revoking}
        loading={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={(token) =>
          revoke.mutate(token.id, {
            onSuccess: () => notifySaved(t('accessTokens.tokens.revoked')),
            onSettled: () => setRevoking(null),
          })
        }
      />
    </SectionCard>
  );
}
