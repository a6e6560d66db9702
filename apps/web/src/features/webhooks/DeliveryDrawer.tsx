import type { WebhookAttempt, WebhookDeliveryDetail } from '@lintel/shared';
import { Accordion, Button, Code, Drawer, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/CopyButton';
import { formatLongDateTime } from '../../components/format';
import { HeadersTable, prettyBody } from '../../components/HttpExchange';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { AttemptOutcomeBadge, DeliveryStatusBadge } from './DeliveryStatusBadge';
import { useDelivery, useRedeliver } from './queries';
import { eventName } from './TriggerList';

function Attempt({ attempt, index }: { attempt: WebhookAttempt; index: number }) {
  const { t, i18n } = useTranslation();
  return (
    <Accordion.Item value={String(attempt.id)}>
      <Accordion.Control>
        <Group gap="sm" wrap="wrap">
          <Text size="sm" fw={600}>
            {t('webhooks.details.attempt', { number: index + 1 })}
          </Text>
          <AttemptOutcomeBadge outcome={attempt.outcome} />
          <Text size="sm">
            {attempt.response_status !== null
              ? t('webhooks.details.status', { status: attempt.response_status })
              : t('webhooks.details.noResponse')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('webhooks.table.durationMs', { value: Math.round(attempt.duration_ms) })}
          </Text>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          <Text size="xs" c="dimmed">
            {t('webhooks.details.attemptTimes', {
              started: formatLongDateTime(attempt.started_at, i18n.resolvedLanguage),
              completed: formatLongDateTime(attempt.completed_at, i18n.resolvedLanguage),
            })}
          </Text>
          {attempt.response_error ? (
            <Text size="sm" c="red.9" role="note">
              {t('webhooks.details.error', { error: attempt.response_error })}
            </Text>
          ) : null}
          <HeadersTable
            headers={attempt.request_headers}
            caption={t('webhooks.details.requestHeaders')}
            labels={{
              header: t('webhooks.details.header'),
              value: t('webhooks.details.value'),
              none: t('webhooks.details.noHeaders'),
            }}
            fz="xs"
          />
          {attempt.response_headers ? (
            <HeadersTable
              headers={attempt.response_headers}
              caption={t('webhooks.details.responseHeaders')}
              labels={{
                header: t('webhooks.details.header'),
                value: t('webhooks.details.value'),
                none: t('webhooks.details.noHeaders'),
              }}
              fz="xs"
            />
          ) : null}
          <Text size="sm" fw={600}>
            {t('webhooks.details.responseBody')}
          </Text>
          {attempt.response_body ? (
            <Code
              block
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 320, overflow: 'auto' }}
            >
              {prettyBody(attempt.response_body)}
            </Code>
          ) : (
            <Text size="sm" c="dimmed">
              {t('webhooks.details.noBody')}
            </Text>
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

function Details({ delivery, appId, admin, canRedeliver }: DetailsProps) {
  const { t, i18n } = useTranslation();
  const redeliver = useRedeliver(appId, admin);
  const rows: [string, ReactNode][] = [
    [t('webhooks.details.statusLabel'), <DeliveryStatusBadge key="status" status={delivery.status} />],
    [
      t('webhooks.details.event'),
      delivery.is_test
        ? t('webhooks.events.test')
        : t('webhooks.triggers.choice', {
            resource: delivery.resource_name ?? '',
            event: eventName(t, delivery.event_type),
          }),
    ],
    [t('webhooks.details.destination'), <Code key="url">{delivery.destination_url}</Code>],
    [t('webhooks.details.created'), formatLongDateTime(delivery.created_at, i18n.resolvedLanguage)],
    [t('webhooks.details.attempts'), delivery.attempts],
  ];
  if (delivery.next_attempt_at) {
    rows.push([
      t('webhooks.details.nextAttempt'),
      formatLongDateTime(delivery.next_attempt_at, i18n.resolvedLanguage),
    ]);
  }
  if (delivery.redelivery_of !== null) {
    rows.push([t('webhooks.details.redeliveryOf'), `#${delivery.redelivery_of}`]);
  }
  return (
    <Stack gap="lg">
      <section aria-labelledby="webhook-delivery-summary">
        <Group justify="space-between" mb="xs">
          <Title order={3} size="h5" id="webhook-delivery-summary">
            {t('webhooks.details.summary')}
          </Title>
          {canRedeliver ? (
            <Button
              size="xs"
              leftSection={<IconRepeat size={14} aria-hidden />}
              loading={redeliver.isPending}
              onClick={() =>
                redeliver.mutate(delivery.id, {
                  onSuccess: () => notifySaved(t('webhooks.details.redelivered')),
                })
              }
            >
              {t('webhooks.details.redeliver')}
            </Button>
          ) : null}
        </Group>
        <MutationErrorAlert error={redeliver.error} title={t('webhooks.details.redeliverFailed')} mb="xs" />
        <Table variant="vertical" layout="fixed" withTableBorder>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={150}>{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </section>
      <section aria-labelledby="webhook-delivery-payload">
        <Group justify="space-between" mb="xs">
          <Title order={3} size="h5" id="webhook-delivery-payload">
            {t('webhooks.details.payload')}
          </Title>
          <CopyButton value={delivery.body} label={t('webhooks.details.payload')} />
        </Group>
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {prettyBody(delivery.body)}
        </Code>
      </section>
      <section aria-labelledby="webhook-delivery-attempts">
        <Title order={3} size="h5" id="webhook-delivery-attempts" mb="xs">
          {t('webhooks.details.attemptsTitle')}
        </Title>
        {delivery.attempts_log.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('webhooks.details.noAttempts')}
          </Text>
        ) : (
          <Accordion
            multiple
            variant="separated"
            defaultValue={[String(delivery.attempts_log.at(-1)?.id)]}
            key={delivery.attempts_log.length}
          >
            {delivery.attempts_log.map((attempt, index) => (
              <Attempt key={attempt.id} attempt={attempt} index={index} />
            ))}
          </Accordion>
        )}
      </section>
    </Stack>
  );
}

interface DetailsProps {
  delivery: WebhookDeliveryDetail;
  appId: number;
  admin: boolean;
  canRedeliver: boolean;
}

export interface DeliveryDrawerProps {
  appId: number;
  admin: boolean;
  deliveryId: number | null;
  live: boolean;
  canRedeliver: boolean;
  onClose: () => void;
}

/** One delivery in a drawer: the request (payload, headers), each attempt with its response, Redeliver. */
export function DeliveryDrawer({
  appId,
  admin,
  deliveryId,
  live,
  canRedeliver,
  onClose,
}: DeliveryDrawerProps) {
  const { t } = useTranslation();
  const query = useDelivery(appId, admin, deliveryId, live);
  return (
    <Drawer
      opened={deliveryId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={
        <Text fw={600} component="span">
          {t('webhooks.details.title', { id: deliveryId ?? '' })}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('webhooks.details.close') }}
    >
      {query.isPending ? (
        <Group justify="center" py="xl">
          <Loader size="sm" role="status" aria-label={t('webhooks.details.loading')} />
        </Group>
      ) : query.isError ? (
        <QueryErrorAlert
          error={query.error}
          onRetry={() => void query.refetch()}
          title={t('webhooks.details.loadError')}
        />
      ) : (
        <Details delivery={query.data} appId={appId} admin={admin} canRedeliver={canRedeliver} />
      )}
    </Drawer>
  );
}
