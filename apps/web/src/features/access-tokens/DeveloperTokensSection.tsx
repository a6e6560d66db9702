import type { PersonalAccessToken } from '@lintel/shared';
import { Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { SectionCard } from '../../components/SectionCard';
import { useDeveloperAccessTokens, useRevokeDeveloperAccessToken } from './queries';
import { RevokeTokenModal } from './RevokeTokenModal';
import { TokenTable } from './TokenTable';

/** The admin developer page's list of the developer's tokens; an administrator may revoke any. */
export function DeveloperTokensSection({ developerId }: { developerId: number }) {
  const { t } = useTranslation();
  const tokens = useDeveloperAccessTokens(developerId);
  const revoke = useRevokeDeveloperAccessToken(developerId);
  const [revoking, setRevoking] = useState<PersonalAccessToken | null>(null);

  return (
    <SectionCard
      id="developer-tokens"
      title={t('accessTokens.tokens.adminTitle')}
      description={t('accessTokens.tokens.adminDescription')}
    >
      <Stack gap="sm">
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
            {t('accessTokens.tokens.adminEmpty')}
          </Text>
        ) : (
          <TokenTable
            tokens={tokens.data}
            caption={t('accessTokens.tokens.adminTitle')}
            onRevoke={setRevoking}
          />
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
