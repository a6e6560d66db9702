import '@mantine/dates/styles.css';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookHook,
  type WebhookResource,
} from '@lintel/shared';
import {
  Box,
  Button,
  Center,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconInbox } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadOlder } from '../../components/HttpExchange';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { DeliveryStatusBadge } from './DeliveryStatusBadge';
import {
  DELIVERY_RANGES,
  type DeliveryFilters,
  type DeliveryRange,
  hasDeliveryFilters,
  NO_DELIVERY_FILTERS,
} from './filters';
import { useDeliveryPages } from './queries';
import { eventName } from './TriggerList';

type FiltersChange = (next: DeliveryFilters) => void;

function FilterBar({
  filters,
  onChange,
  hooks,
  resources,
}: {
  filters: DeliveryFilters;
  onChange: FiltersChange;
  hooks: WebhookHook[];
  resources: WebhookResource[];
}) {
  const { t } = useTranslation();
  const local = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : null);
  const iso = (value: string | null) => (value ? dayjs(value).toISOString() : null);
  return (
    <Box component="fieldset" p={0} m={0} style={{ border: 0 }}>
      <VisuallyHidden component="legend">{t('webhooks.filters.label')}</VisuallyHidden>
      <Group gap="sm" align="flex-end" wrap="wrap">
        {hooks.length > 1 ? (
          <Select
            label={t('webhooks.filters.hook')}
            placeholder={t('webhooks.filters.anyHook')}
            data={hooks.map((hook) => ({ value: String(hook.id), label: hook.destination_url }))}
            value={filters.hookId === null ? null : String(filters.hookId)}
            onChange={(value) => onChange({ ...filters, hookId: value ? Number(value) : null })}
            clearable
            w={240}
          />
        ) : null}
        <Select
          label={t('webhooks.filters.status')}
          placeholder={t('webhooks.filters.anyStatus')}
          data={WEBHOOK_DELIVERY_STATUSES.map((value) => ({ value, label: t(`webhooks.statuses.${value}`) }))}
          value={filters.status}
          onChange={(value) =>
            onChange({
              ...filters,
              status: WEBHOOK_DELIVERY_STATUSES.find((status) => status === value) ?? null,
            })
          }
          clearable
          w={150}
        />
        <Select
          label={t('webhooks.filters.resource')}
          placeholder={t('webhooks.filters.anyResource')}
          data={resources.map((resource) => resource.resource_name)}
          value={filters.resource}
          onChange={(value) => onChange({ ...filters, resource: value })}
          clearable
          w={170}
        />
        <Select
          label={t('webhooks.filters.eventType')}
          placeholder={t('webhooks.filters.anyEventType')}
          data={WEBHOOK_EVENT_TYPES.map((value) => ({ value, label: eventName(t, value) }))}
          value={filters.eventType}
          onChange={(value) => onChange({ ...filters, eventType: value })}
          clearable
          w={160}
        />
        <Select
          label={t('webhooks.filters.range')}
          data={DELIVERY_RANGES.map((value) => ({ value, label: t(`webhooks.filters.ranges.${value}`) }))}
          value={filters.range}
          onChange={(value) => onChange({ ...filters, range: (value as DeliveryRange | null) ?? 'all' })}
          allowDeselect={false}
          w={180}
        />
        {filters.range === 'custom' ? (
          <>
            <DateTimePicker
              label={t('webhooks.filters.from')}
              value={local(filters.from)}
              onChange={(value) => onChange({ ...filters, from: iso(value) })}
              clearable
              withSeconds={false}
              w={200}
            />
            <DateTimePicker
              label={t('webhooks.filters.to')}
              value={local(filters.to)}
              onChange={(value) => onChange({ ...filters, to: iso(value) })}
              clearable
              withSeconds={false}
              w={200}
            />
          </>
        ) : null}
        {hasDeliveryFilters(filters) ? (
          <Button variant="subtle" onClick={() => onChange(NO_DELIVERY_FILTERS)}>
            {t('webhooks.filters.clear')}
          </Button>
        ) : null}
      </Group>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function DeliveriesTable({
  deliveries,
  hooks,
  onOpen,
}: {
  deliveries: WebhookDelivery[];
  hooks: WebhookHook[];
  onOpen: (delivery: WebhookDelivery) => void;
}) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const urls = new Map(hooks.map((hook) => [hook.id, hook.destination_url]));
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover verticalSpacing="xs" fz="sm">
        <Table.Caption style={visuallyHidden}>{t('webhooks.table.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('webhooks.table.time')}</Table.Th>
            <Table.Th>{t('webhooks.table.event')}</Table.Th>
            <Table.Th>{t('webhooks.table.status')}</Table.Th>
            <Table.Th>{t('webhooks.table.response')}</Table.Th>
            <Table.Th ta="right">{t('webhooks.table.attempts')}</Table.Th>
            <Table.Th ta="right">{t('webhooks.table.duration')}</Table.Th>
            <Table.Th>{t('webhooks.table.destination')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((delivery) => {
            const when = time.format(new Date(delivery.created_at));
            const event = delivery.is_test
              ? t('webhooks.events.test')
              : t('webhooks.triggers.choice', {
                  resource: delivery.resource_name ?? '',
                  event: eventName(t, delivery.event_type),
                });
            return (
              <Table.Tr key={delivery.id} onClick={() => onOpen(delivery)} style={{ cursor: 'pointer' }}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={delivery.created_at}>{when}</time>
                </Table.Td>
                <Table.Td>
                  <UnstyledButton
                    fz="sm"
                    c="indigo.7"
                    aria-label={t('webhooks.table.open', { event, time: when })}
                    onClick={(clickEvent) => {
                      clickEvent.stopPropagation();
                      onOpen(delivery);
                    }}
                  >
                    {event}
                  </UnstyledButton>
                  {delivery.redelivery_of !== null ? (
                    <Text size="xs" c="dimmed">
                      {t('webhooks.table.redeliveryOf', { id: delivery.redelivery_of })}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <DeliveryStatusBadge status={delivery.status} />
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {delivery.last_response_status !== null
                    ? delivery.last_response_status
                    : (delivery.last_response_error ?? t('webhooks.table.noResponse'))}
                </Table.Td>
                <Table.Td ta="right">{delivery.attempts}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {delivery.last_duration_ms === null
                    ? '—'
                    : t('webhooks.table.durationMs', { value: Math.round(delivery.last_duration_ms) })}
                </Table.Td>
                <Table.Td ff="monospace" fz="xs" style={{ overflowWrap: 'anywhere' }}>
                  {urls.get(delivery.hook_id) ?? `#${delivery.hook_id}`}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export interface DeliveriesLogProps {
  appId: number;
  admin: boolean;
  live: boolean;
  filters: DeliveryFilters;
  onFiltersChange: FiltersChange;
  hooks: WebhookHook[];
  resources: WebhookResource[];
  onOpen: (delivery: WebhookDelivery) => void;
}

/** The deliveries log, newest first, with filters (in the URL), live while open, "Load older". */
export function DeliveriesLog({
  appId,
  admin,
  live,
  filters,
  onFiltersChange,
  hooks,
  resources,
  onOpen,
}: DeliveriesLogProps) {
  const { t } = useTranslation();
  const pages = useDeliveryPages(appId, admin, filters, live);
  const deliveries = useMemo(() => pages.data?.pages.flatMap((page) => page.deliveries) ?? [], [pages.data]);
  let list: React.ReactNode;
  if (pages.isPending) {
    list = (
      <Center py="xl">
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      </Center>
    );
  } else if (pages.isError) {
    list = (
      <QueryErrorAlert
        error={pages.error}
        onRetry={() => void pages.refetch()}
        title={t('webhooks.log.loadError')}
      />
    );
  } else if (deliveries.length === 0) {
    const filtered = hasDeliveryFilters(filters);
    list = (
      <Center py="lg">
        <Stack align="center" gap="xs" maw={460} ta="center">
          <ThemeIcon variant="light" size={40} radius="xl" color="indigo">
            <IconInbox size={22} aria-hidden />
          </ThemeIcon>
          <Text fw={600}>
            {filtered ? t('webhooks.log.filteredEmptyTitle') : t('webhooks.log.emptyTitle')}
          </Text>
          <Text c="dimmed" size="sm">
            {filtered ? t('webhooks.log.filteredEmptyDescription') : t('webhooks.log.emptyDescription')}
          </Text>
        </Stack>
      </Center>
    );
  } else {
    list = (
      <Stack gap="sm">
        <DeliveriesTable deliveries={deliveries} hooks={hooks} onOpen={onOpen} />
        <LoadOlder
          pages={pages}
          labels={{ loadOlder: t('webhooks.log.loadOlder'), end: t('webhooks.log.end') }}
        />
      </Stack>
    );
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby="webhook-log-title">
      <Title order={3} size="h4" id="webhook-log-title">
        {t('webhooks.log.title')}
      </Title>
      <FilterBar filters={filters} onChange={onFiltersChange} hooks={hooks} resources={resources} />
      {list}
    </Stack>
  );
}
