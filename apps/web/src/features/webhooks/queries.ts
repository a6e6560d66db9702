import type { WebhookDeliveryList, WebhookHookInput } from '@lintel/shared';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '../../api/client';
import { apiDeliveryFilters, type DeliveryFilters } from './filters';

/** Deliveries per page of the log (and per "Load older"). */
export const DELIVERIES_PER_PAGE = 25;
/** How often the open tab reads the log and the hooks' health again while live. */
export const LIVE_INTERVAL_MS = 3_000;

export const webhookKeys = {
  all: ['webhooks'] as const,
  app: (appId: number, admin: boolean) => [...webhookKeys.all, admin ? 'admin' : 'developer', appId] as const,
  overview: (appId: number, admin: boolean) => [...webhookKeys.app(appId, admin), 'overview'] as const,
  deliveries: (appId: number, admin: boolean) => [...webhookKeys.app(appId, admin), 'deliveries'] as const,
  deliveryList: (appId: number, admin: boolean, filters: DeliveryFilters) =>
    [...webhookKeys.deliveries(appId, admin), 'list', filters] as const,
  delivery: (appId: number, admin: boolean, deliveryId: number) =>
    [...webhookKeys.deliveries(appId, admin), 'detail', deliveryId] as const,
};

/** The hooks with their triggers and health, the catalogue and what the actor may do. */
export function useWebhooksOverview(appId: number, admin: boolean, live: boolean) {
  return useQuery({
    queryKey: webhookKeys.overview(appId, admin),
    queryFn: ({ signal }) =>
      admin
        ? call('GET /api/v1/admin/developer_apps/:id/webhooks', { params: { id: appId }, signal })
        : call('GET /api/v1/developer_apps/:id/webhooks', { params: { id: appId }, signal }),
    refetchInterval: live ? LIVE_INTERVAL_MS : false,
    refetchIntervalInBackground: false,
  });
}

function fetchDeliveries(
  appId: number,
  admin: boolean,
  filters: DeliveryFilters,
  before: number | undefined,
  signal: AbortSignal,
) {
  const query = {
    per_page: DELIVERIES_PER_PAGE,
    ...(before === undefined ? {} : { before }),
    filters: apiDeliveryFilters(filters),
  };
  return admin
    ? call('GET /api/v1/admin/developer_apps/:id/webhooks/deliveries', {
        params: { id: appId },
        query,
        signal,
      })
    : call('GET /api/v1/developer_apps/:id/webhooks/deliveries', { params: { id: appId }, query, signal });
}

/**
 * The log newest first, page by page ("Load older" follows the cursor). A delivery changes while it is
 * retried, so every loaded page is read again each few seconds while live (the pages are small), and
 * polling stops while the browser tab is hidden, while paused, and when the panel unmounts.
 */
export function useDeliveryPages(appId: number, admin: boolean, filters: DeliveryFilters, live: boolean) {
  return useInfiniteQuery<
    WebhookDeliveryList,
    Error,
    InfiniteData<WebhookDeliveryList, number | undefined>,
    readonly unknown[],
    number | undefined
  >({
    queryKey: webhookKeys.deliveryList(appId, admin, filters),
    queryFn: ({ pageParam, signal }) => fetchDeliveries(appId, admin, filters, pageParam, signal),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
    refetchInterval: live ? LIVE_INTERVAL_MS : false,
    refetchIntervalInBackground: false,
  });
}

/** One delivery with its attempts; read again while it is still being tried and the log is live. */
export function useDelivery(appId: number, admin: boolean, deliveryId: number | null, live: boolean) {
  return useQuery({
    queryKey: webhookKeys.delivery(appId, admin, deliveryId ?? 0),
    queryFn: ({ signal }) => {
      const params = { id: appId, delivery_id: deliveryId ?? 0 };
      return admin
        ? call('GET /api/v1/admin/developer_apps/:id/webhooks/deliveries/:delivery_id', { params, signal })
        : call('GET /api/v1/developer_apps/:id/webhooks/deliveries/:delivery_id', { params, signal });
    },
    enabled: deliveryId !== null,
    refetchInterval: (query) =>
      live && (query.state.data?.status === 'queued' || query.state.data?.status === 'failing')
        ? LIVE_INTERVAL_MS
        : false,
    refetchIntervalInBackground: false,
  });
}

/** After a change: the hooks and the log are read again (this area's keys only). */
function useInvalidate(appId: number, admin: boolean) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.app(appId, admin) });
}

export function useSaveHook(appId: number) {
  const invalidate = useInvalidate(appId, false);
  return useMutation({
    mutationFn: ({ hookId, hook }: { hookId: number | null; hook: WebhookHookInput }) =>
      hookId === null
        ? call('POST /api/v1/developer_apps/:id/webhooks/hooks', { params: { id: appId }, body: { hook } })
        : call('PATCH /api/v1/developer_apps/:id/webhooks/hooks/:hook_id', {
            params: { id: appId, hook_id: hookId },
            body: { hook },
          }),
    onSuccess: invalidate,
  });
}

export function useDeleteHook(appId: number) {
  const invalidate = useInvalidate(appId, false);
  return useMutation({
    mutationFn: (hookId: number) =>
      call('DELETE /api/v1/developer_apps/:id/webhooks/hooks/:hook_id', {
        params: { id: appId, hook_id: hookId },
      }),
    onSuccess: invalidate,
  });
}

export function useAddTrigger(appId: number) {
  const invalidate = useInvalidate(appId, false);
  return useMutation({
    mutationFn: ({
      hookId,
      resourceName,
      eventType,
    }: {
      hookId: number;
      resourceName: string;
      eventType: string;
    }) =>
      call('POST /api/v1/developer_apps/:id/webhooks/hooks/:hook_id/triggers', {
        params: { id: appId, hook_id: hookId },
        body: { trigger: { resource_name: resourceName, event_type: eventType } },
      }),
    onSuccess: invalidate,
  });
}

export function useRemoveTrigger(appId: number) {
  const invalidate = useInvalidate(appId, false);
  return useMutation({
    mutationFn: ({ hookId, triggerId }: { hookId: number; triggerId: number }) =>
      call('DELETE /api/v1/developer_apps/:id/webhooks/hooks/:hook_id/triggers/:trigger_id', {
        params: { id: appId, hook_id: hookId, trigger_id: triggerId },
      }),
    onSuccess: invalidate,
  });
}

export function useRedeliver(appId: number, admin: boolean) {
  const invalidate = useInvalidate(appId, admin);
  return useMutation({
    mutationFn: (deliveryId: number) => {
      const params = { id: appId, delivery_id: deliveryId };
      return admin
        ? call('POST /api/v1/admin/developer_apps/:id/webhooks/deliveries/:delivery_id/redeliver', { params })
        : call('POST /api/v1/developer_apps/:id/webhooks/deliveries/:delivery_id/redeliver', { params });
    },
    onSuccess: invalidate,
  });
}

export function useRedeliverFailed(appId: number, admin: boolean) {
  const invalidate = useInvalidate(appId, admin);
  return useMutation({
    mutationFn: ({ hookId, since }: { hookId: number; since: string }) => {
      const input = { params: { id: appId, hook_id: hookId }, body: { since } };
      return admin
        ? call('POST /api/v1/admin/developer_apps/:id/webhooks/hooks/:hook_id/redeliver_failed', input)
        : call('POST /api/v1/developer_apps/:id/webhooks/hooks/:hook_id/redeliver_failed', input);
    },
    onSuccess: invalidate,
  });
}

export function useSendTestEvent(appId: number, admin: boolean) {
  const invalidate = useInvalidate(appId, admin);
  return useMutation({
    mutationFn: (hookId: number) => {
      const params = { id: appId, hook_id: hookId };
      return admin
        ? call('POST /api/v1/admin/developer_apps/:id/webhooks/hooks/:hook_id/test_event', { params })
        : call('POST /api/v1/developer_apps/:id/webhooks/hooks/:hook_id/test_event', { params });
    },
    onSuccess: invalidate,
  });
}

/** Reveal (rotate: false) or rotate the signing secret; the value lives only in the mutation's state. */
export function useSigningSecret(appId: number, hookId: number) {
  return useMutation({
    mutationFn: (rotate: boolean) => {
      const params = { id: appId, hook_id: hookId };
      return rotate
        ? call('POST /api/v1/developer_apps/:id/webhooks/hooks/:hook_id/signing_secret/rotate', { params })
        : call('POST /api/v1/developer_apps/:id/webhooks/hooks/:hook_id/signing_secret/reveal', { params });
    },
  });
}
