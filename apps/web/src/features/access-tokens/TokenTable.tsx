import type { PersonalAccessToken } from '@lintel/shared';
import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatLongDateTime } from '../../components/format';

export interface TokenTableProps {
  tokens: readonly PersonalAccessToken[];
  onRevoke: (token: PersonalAccessToken) => void;
  caption: string;
}

/** Tokens with their scopes, expiry and last use (never the token itself), each with a Revoke button. */
export function TokenTable({ tokens, onRevoke, caption }: TokenTableProps) {
  const { t, i18n } = useTranslation();
  const time = (value: string) => formatLongDateTime(value, i18n.resolvedLanguage) ?? value;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm">
        <Table.Caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('accessTokens.tokens.columns.name')}</Table.Th>
            <Table.Th>{t('accessTokens.tokens.columns.scopes')}</Table.Th>
            <Table.Th>{t('accessTokens.tokens.columns.expires')}</Table.Th>
            <Table.Th>{t('accessTokens.tokens.columns.lastUsed')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('accessTokens.tokens.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.id} data-testid={`token-${token.id}`}>
              <Table.Td>
                <Text fw={600}>{token.name}</Text>
                <Text size="xs" c="dimmed">
                  {t('accessTokens.tokens.createdAt', { time: time(token.created_at) })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {token.scopes.map((scope) => (
                    <Badge key={scope} variant="light" tt="none">
                      {scope}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                {token.expired ? (
                  <Badge color="red" variant="light">
                    {t('accessTokens.tokens.expired')}
                  </Badge>
                ) : token.expires_at ? (
                  <Text size="sm">{time(token.expires_at)}</Text>
                ) : (
                  <Text size="sm" c="orange">
                    {t('accessTokens.tokens.never')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {token.last_used_at
                    ? t('accessTokens.tokens.usedFrom', {
                        time: time(token.last_used_at),
                        ip: token.last_used_ip ?? '?',
                      })
                    : t('accessTokens.tokens.neverUsed')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="default"
                  color="red"
                  aria-label={t('accessTokens.tokens.revokeLabel', { name: token.name })}
                  onClick={() => onRevoke(token)}
                >
                  {t('accessTokens.tokens.revoke')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
