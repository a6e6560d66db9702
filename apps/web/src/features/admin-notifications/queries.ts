import type {
  AdminNotification,
  AdminNotificationSortKey,
  NotificationInput,
  NotificationUpdate,
  SortValue,
} from '@lintel/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callList } from '../../api/client';
import type { ListParams } from '../../components/useListState';
import { notificationKeys } from '../notifications/queries';

/** While e-mails of a critical notification are queued, its delivery is polled this often. */
export const DELIVERY_POLL_MS = 2_000;
/** Right after creation the e-mails may not be queued yet (total 0): keep polling this long. */
export const DELIVERY_SETTLE_MS = 60_000;

export { ADMIN_NOTIFICATION_SORT_KEYS, type AdminNotificationSortKey } from '@lintel/shared';

export type AdminNotificationListParams = ListParams<SortValue<AdminNotificationSortKey>>;

export const adminNotificationKeys = {
  all: ['admin', 'notifications'] as const,
  lists: () => [...adminNotificationKeys.all, 'list'] as const,
  list: (params: AdminNotificationListParams) => [...adminNotificationKeys.lists(), params] as const,
  details: () => [...adminNotificationKeys.all, 'detail'] as const,
  detail: (id: number) => [...adminNotificationKeys.details(), id] as const,
};

export function useAdminNotifications(params: AdminNotificationListParams) {
  return useQuery({
    queryKey: adminNotificationKeys.list(params),
    queryFn: ({ signal }) =>
      callList('GET /api/v1/admin/notifications', {
        query: { page: params.page, per_page: params.perPage, sort: params.sort ? [params.sort] : undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Whether the e-mails of a critical notification are still going out (or not queued yet). */
export function isDelivering(notification: AdminNotification | undefined, now = Date.now()): boolean {
  if (!notification?.critical || !notification.delivery) return false;
  const { total, queued } = notification.delivery;
  if (queued > 0) return true;
  return total === 0 && now - new Date(notification.created_at).getTime() < DELIVERY_SETTLE_MS;
}

export function useAdminNotification(id: number | null) {
  return useQuery({
    queryKey: adminNotificationKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call('GET /api/v1/admin/notifications/:id', { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    refetchInterval: (query) => (isDelivering(query.state.data) ? DELIVERY_POLL_MS : false),
  });
}

/** What the form sends; `critical` only on create (the server ignores it on update). */
export type SaveNotification =
  | { id: null; body: NotificationInput }
  | { id: number; body: NotificationUpdate };

export function useSaveAdminNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SaveNotification) =>
      save.id === null
        ? call('POST /api/v1/admin/notifications', { body: save.body })
        : call('PATCH /api/v1/admin/notifications/:id', { params: { id: save.id }, body: save.body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminNotificationKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: adminNotificationKeys.lists() });
      // What developers (the admin included) see has changed too.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

export function useDeleteAdminNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /api/v1/admin/notifications/:id', { params: { id } }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: adminNotificationKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: adminNotificationKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
