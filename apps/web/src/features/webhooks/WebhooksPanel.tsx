import type { WebhookDelivery, WebhookHook } from '@lintel/shared';
import { Alert, Button, Card, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlus, IconWebhook } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmModal } from '../../components/ConfirmModal';
import { LiveToggle } from '../../components/HttpExchange';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { DeliveriesLog } from './DeliveriesLog';
import { DeliveryDrawer } from './DeliveryDrawer';
import {
  DELIVERY_PARAM,
  type DeliveryFilters,
  deliveryFiltersFromSearch,
  idOrNull,
  searchWithDeliveryFilters,
} from './filters';
import { HookCard } from './HookCard';
import { HookFormModal } from './HookFormModal';
import { useDeleteHook, useWebhooksOverview } from './queries';
import { RedeliverFailedModal } from './RedeliverFailedModal';

export interface WebhooksPanelProps {
  appId: number;
  /** The admin app page: the admin endpoints (any app, deleted ones too; read and send again). */
  admin?: boolean;
}

function useDeliveryState() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => deliveryFiltersFromSearch(params), [params]);
  const open = idOrNull(params.get(DELIVERY_PARAM));
  const setFilters = (next: DeliveryFilters) =>
    setParams((current) => searchWithDeliveryFilters(current, next));
  const setOpen = (id: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete(DELIVERY_PARAM);
        else next.set(DELIVERY_PARAM, String(id));
        return next;
      },
      { replace: id === null },
    );
  return { filters, setFilters, open, setOpen };
}

/**
 * An app's webhooks on its sandbox company (issue 22): the hooks with their triggers (added from the
 * resource catalogue), health, test events, "Redeliver all failed since…" and signing secrets; below,
 * the deliveries log (filters in the URL, live while open) whose rows open the request and every
 * attempt's response in a drawer, with "Redeliver".
 */
export function WebhooksPanel({ appId, admin = false }: WebhooksPanelProps) {
  const { t } = useTranslation();
  const [live, setLive] = useState(true);
  const overview = useWebhooksOverview(appId, admin, live);
  const { filters, setFilters, open, setOpen } = useDeliveryState();
  const [editing, setEditing] = useState<WebhookHook | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WebhookHook | null>(null);
  const [redelivering, setRedelivering] = useState<WebhookHook | null>(null);
  const remove = useDeleteHook(appId);

  let body: React.ReactNode;
  if (overview.isPending) {
    body = (
      <Center py="xl">
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      </Center>
    );
  } else if (overview.isError) {
    body = (
      <QueryErrorAlert
        error={overview.error}
        onRetry={() => void overview.refetch()}
        title={t('webhooks.loadError')}
      />
    );
  } else if (overview.data.company_id === null) {
    body = (
      <Alert color="blue" title={t('webhooks.noSandbox.title')}>
        {t('webhooks.noSandbox.description')}
      </Alert>
    );
  } else {
    const { hooks, resources, permissions } = overview.data;
    body = (
      <Stack gap="lg">
        <Stack gap="sm" component="section" aria-labelledby="webhook-hooks-title">
          <Group justify="space-between">
            <Title order={3} size="h4" id="webhook-hooks-title">
              {t('webhooks.hooks.title')}
            </Title>
            {permissions.can_manage && hooks.length > 0 ? (
              <Button
                size="sm"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setEditing('new')}
              >
                {t('webhooks.hooks.add')}
              </Button>
            ) : null}
          </Group>
          {hooks.length === 0 ? (
            <Center py="lg">
              <Stack align="center" gap="xs" maw={480} ta="center">
                <ThemeIcon variant="light" size={48} radius="xl" color="indigo">
                  <IconWebhook size={26} aria-hidden />
                </ThemeIcon>
                <Text fw={600}>{t('webhooks.hooks.emptyTitle')}</Text>
                <Text c="dimmed" size="sm">
                  {permissions.can_manage
                    ? t('webhooks.hooks.emptyDescription')
                    : t('webhooks.hooks.emptyReadOnly')}
                </Text>
                {permissions.can_manage ? (
                  <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
                    {t('webhooks.hooks.add')}
                  </Button>
                ) : null}
              </Stack>
            </Center>
          ) : (
            hooks.map((hook) => (
              <HookCard
                key={hook.id}
                appId={appId}
                admin={admin}
                hook={hook}
                resources={resources}
                permissions={permissions}
                onEdit={() => setEditing(hook)}
                onDelete={() => setDeleting(hook)}
                onRedeliverFailed={() => setRedelivering(hook)}
                onShowDeliveries={() => {
                  setFilters({ ...filters, hookId: hook.id });
                  document.getElementById('webhook-log-title')?.scrollIntoView({ block: 'start' });
                }}
              />
            ))
          )}
        </Stack>
        <DeliveriesLog
          appId={appId}
          admin={admin}
          live={live}
          filters={filters}
          onFiltersChange={setFilters}
          hooks={hooks}
          resources={resources}
          onOpen={(delivery: WebhookDelivery) => setOpen(delivery.id)}
        />
        <DeliveryDrawer
          appId={appId}
          admin={admin}
          deliveryId={open}
          live={live}
          canRedeliver={permissions.can_redeliver}
          onClose={() => setOpen(null)}
        />
        {permissions.can_manage ? (
          <HookFormModal
            appId={appId}
            hook={editing === 'new' ? null : editing}
            opened={editing !== null}
            onClose={() => setEditing(null)}
          />
        ) : null}
        <RedeliverFailedModal
          appId={appId}
          admin={admin}
          hookId={redelivering?.id ?? null}
          destination={redelivering?.destination_url ?? ''}
          onClose={() => setRedelivering(null)}
        />
        <ConfirmModal
          opened={deleting !== null}
          title={t('webhooks.delete.title')}
          message={
            <>
              {t('webhooks.delete.message', { url: deleting?.destination_url ?? '' })}
              <MutationErrorAlert error={remove.error} mt="sm" />
            </>
          }
          confirmLabel={t('webhooks.delete.confirm')}
          danger
          loading={remove.isPending}
          onCancel={() => {
            setDeleting(null);
            remove.reset();
          }}
          onConfirm={() =>
            deleting &&
            remove.mutate(deleting.id, {
              onSuccess: () => {
                setDeleting(null);
                notifySaved(t('webhooks.delete.done'));
              },
            })
          }
        />
      </Stack>
    );
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="webhooks-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2} maw={680}>
            <Title order={2} size="h3" id="webhooks-title">
              {t('webhooks.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {admin ? t('webhooks.adminDescription') : t('webhooks.description')}
            </Text>
          </Stack>
          <LiveToggle
            live={live}
            onToggle={() => setLive((value) => !value)}
            labels={{
              on: t('webhooks.live.on'),
              paused: t('webhooks.live.paused'),
              hint: t('webhooks.live.hint'),
              pause: t('webhooks.live.pause'),
              resume: t('webhooks.live.resume'),
            }}
          />
        </Group>
        {body}
      </Stack>
    </Card>
  );
}
