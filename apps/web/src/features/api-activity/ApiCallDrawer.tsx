import type { ApiCallDetail } from '@lintel/shared';
import { Code, Drawer, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDateTime } from '../../components/format';
import { HeadersTable, prettyBody } from '../../components/HttpExchange';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { CopyToastButton } from '../manifests/CopyToastButton';
import { useApiCall } from './queries';
import { StatusBadge } from './StatusBadge';

/** The error body as answered, indented when it is JSON. */
function CallDetails({ call }: { call: ApiCallDetail }) {
  const { t, i18n } = useTranslation();
  const tokenKind = call.token_kind ?? 'none';
  const rows: [string, ReactNode][] = [
    [t('apiActivity.details.time'), formatLongDateTime(call.occurred_at, i18n.resolvedLanguage)],
    [t('apiActivity.details.status'), <StatusBadge key="status" status={call.status} />],
    [t('apiActivity.details.duration'), t('apiActivity.table.durationMs', { value: call.duration_ms })],
    [t('apiActivity.details.environment'), t(`apiActivity.environments.${call.environment}`)],
    [t('apiActivity.details.route'), <Code key="route">{call.route}</Code>],
    [t('apiActivity.details.company'), call.company_id ?? t('apiActivity.table.noCompany')],
    [t('apiActivity.details.token'), t(`apiActivity.details.tokenKinds.${tokenKind}`)],
    [t('apiActivity.details.clientId'), <Code key="client">{call.client_id}</Code>],
  ];
  if (call.rate_limit !== null) {
    rows.push([
      t('apiActivity.details.rateLimit'),
      t('apiActivity.details.rateRemaining', { remaining: call.rate_remaining ?? 0, limit: call.rate_limit }),
    ]);
  }
  return (
    <Stack gap="lg">
      <section aria-labelledby="api-call-summary">
        <Title order={3} size="h5" id="api-call-summary" mb="xs">
          {t('apiActivity.details.summary')}
        </Title>
        <Table variant="vertical" layout="fixed" withTableBorder>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={140}>{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th w={140}>{t('apiActivity.details.requestId')}</Table.Th>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Code style={{ overflowWrap: 'anywhere' }}>{call.request_id}</Code>
                  <CopyToastButton
                    value={call.request_id}
                    label={t('apiActivity.details.copyRequestId')}
                    copied={t('apiActivity.details.copied')}
                  />
                </Group>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </section>
      <section aria-labelledby="api-call-error">
        <Title order={3} size="h5" id="api-call-error" mb="xs">
          {t('apiActivity.details.error')}
        </Title>
        {call.response_error ? (
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {prettyBody(call.response_error)}
          </Code>
        ) : (
          <Text size="sm" c="dimmed">
            {t('apiActivity.details.noError')}
          </Text>
        )}
      </section>
      <section aria-labelledby="api-call-headers">
        <Title order={3} size="h5" id="api-call-headers">
          {t('apiActivity.details.headers')}
        </Title>
        <Text size="xs" c="dimmed" mb="xs">
          {t('apiActivity.details.headersHint')}
        </Text>
        <HeadersTable
          headers={call.request_headers}
          labels={{
            header: t('apiActivity.details.header'),
            value: t('apiActivity.details.value'),
            none: t('apiActivity.details.noHeaders'),
          }}
        />
      </section>
    </Stack>
  );
}

export interface ApiCallDrawerProps {
  appId: number;
  admin: boolean;
  /** The call shown; null: closed. */
  callId: number | null;
  /** What the list already knows of it, for the title while the details load. */
  heading: { method: string; path: string } | null;
  onClose: () => void;
}

/** One call's details in a drawer: its summary, the error answered, its request headers. */
export function ApiCallDrawer({ appId, admin, callId, heading, onClose }: ApiCallDrawerProps) {
  const { t } = useTranslation();
  const query = useApiCall(appId, admin, callId);
  const title = query.data ?? heading;
  return (
    <Drawer
      opened={callId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        title ? (
          <Text fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {t('apiActivity.details.title', { method: title.method, path: title.path })}
          </Text>
        ) : null
      }
      closeButtonProps={{ 'aria-label': t('apiActivity.details.close') }}
    >
      {query.isPending ? (
        <Group justify="center" py="xl">
          <Loader size="sm" role="status" aria-label={t('apiActivity.details.loading')} />
        </Group>
      ) : query.isError ? (
        <QueryErrorAlert
          error={query.error}
          onRetry={() => void query.refetch()}
          title={t('apiActivity.details.loadError')}
        />
      ) : (
        <CallDetails call={query.data} />
      )}
    </Drawer>
  );
}
