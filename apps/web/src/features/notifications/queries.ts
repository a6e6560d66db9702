import { BELL_PREVIEW_COUNT, type Notification } from '@lintel/shared';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call, callList, headerNumber } from '../../api/client';

/** Cards per page of /notifications. */
export const NOTIFICATIONS_PER_PAGE = 20;
/** The bell's unread count refreshes this often (and when the window regains focus). */
export const BELL_REFRESH_MS = 60_000;

export interface NotificationPage {
  items: Notification[];
  total: number;
  perPage: number;
  /** The user's unread visible notifications (`Unread-Count` header). */
  unreadCount: number;
}

export interface NotificationListParams {
  page: number;
  perPage: number;
}

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (params: NotificationListParams) => [...notificationKeys.lists(), params] as const,
  details: () => [...notificationKeys.all, 'detail'] as const,
  detail: (id: number) => [...notificationKeys.details(), id] as const,
};

/** One page of the signed-in user's notifications, with the unread count the bell shows. */
export async function fetchNotifications(
  { page, perPage }: NotificationListParams,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const {
    items,
    total,
    perPage: served,
    headers,
  } = await callList('GET /api/v1/notifications', { query: { page, per_page: perPage }, signal });
  return {
    items,
    total,
    perPage: served,
    unreadCount: headerNumber(headers, 'Unread-Count', items.filter((item) => !item.read_at).length),
  };
}

export function useNotifications(params: NotificationListParams) {
  return useQuery({
    queryKey: notificationKeys.list(params),
    queryFn: ({ signal }) => fetchNotifications(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** The bell: the first few notifications and the unread count, kept fresh. */
export function useBellNotifications() {
  return useQuery({
    queryKey: notificationKeys.list({ page: 1, perPage: BELL_PREVIEW_COUNT }),
    queryFn: ({ signal }) => fetchNotifications({ page: 1, perPage: BELL_PREVIEW_COUNT }, signal),
    refetchInterval: BELL_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });
}

export function useNotification(id: number) {
  return useQuery({
    queryKey: notificationKeys.detail(id),
    queryFn: ({ signal }) => call('GET /api/v1/notifications/:id', { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Puts a just-read notification into every cached list and lowers the unread counts at once. */
export function applyRead(queryClient: QueryClient, read: Notification, wasUnread: boolean): void {
  queryClient.setQueryData(notificationKeys.detail(read.id), read);
  queryClient.setQueriesData<NotificationPage>({ queryKey: notificationKeys.lists() }, (page) =>
    page
      ? {
          ...page,
          items: page.items.map((item) => (item.id === read.id ? { ...item, read_at: read.read_at } : item)),
          unreadCount: wasUnread ? Math.max(0, page.unreadCount - 1) : page.unreadCount,
        }
      : page,
  );
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('PATCH /api/v1/notifications/:id', { params: { id } }),
    onSuccess: (read) => {
      applyRead(queryClient, read, true);
      // The lists are then checked against the server (another tab may have read others).
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
    },
  });
}
