import type { ApiCallList } from '@lintel/shared';
import { type InfiniteData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { type ActivityFilters, apiFilters } from './filters';

/** Calls per page of the list (and per "Load older"). */
export const CALLS_PER_PAGE = 50;
/** How often the open tab asks for new calls while live. */
export const LIVE_INTERVAL_MS = 3_000;
/** How often the chart and the buckets' use are refreshed while live. */
export const SUMMARY_INTERVAL_MS = 5_000;

export const apiActivityKeys = {
  all: ['apiActivity'] as const,
  app: (appId: number, admin: boolean) =>
    [...apiActivityKeys.all, admin ? 'admin' : 'developer', appId] as const,
  calls: (appId: number, admin: boolean, filters: ActivityFilters) =>
    [...apiActivityKeys.app(appId, admin), 'calls', filters] as const,
  call: (appId: number, admin: boolean, callId: number) =>
    [...apiActivityKeys.app(appId, admin), 'call', callId] as const,
  summary: (appId: number, admin: boolean) => [...apiActivityKeys.app(appId, admin), 'summary'] as const,
};

function fetchCalls(
  appId: number,
  admin: boolean,
  filters: ActivityFilters,
  before: number | undefined,
  signal: AbortSignal,
) {
  const query = {
    per_page: CALLS_PER_PAGE,
    ...(before === undefined ? {} : { before }),
    filters: apiFilters(filters),
  };
  return admin
    ? call('GET /api/v1/admin/developer_apps/:id/api_activity', { params: { id: appId }, query, signal })
    : call('GET /api/v1/developer_apps/:id/api_activity', { params: { id: appId }, query, signal });
}

/**
 * The app's calls newest first, page by page ("Load older" follows the cursor). Read once per set of
 * filters: the pages the user loaded never move; new calls come from useNewestCalls.
 */
export function useApiCallPages(appId: number, admin: boolean, filters: ActivityFilters) {
  return useInfiniteQuery<
    ApiCallList,
    Error,
    InfiniteData<ApiCallList, number | undefined>,
    readonly unknown[],
    number | undefined
  >({
    queryKey: apiActivityKeys.calls(appId, admin, filters),
    queryFn: ({ pageParam, signal }) => fetchCalls(appId, admin, filters, pageParam, signal),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/**
 * The newest page of calls, read again every few seconds while `live`: the list puts what is new at the
 * top and keeps every row it shows. Polling stops while the browser tab is hidden
 * (refetchIntervalInBackground off), while paused, and when the panel unmounts.
 */
export function useNewestCalls(
  appId: number,
  admin: boolean,
  filters: ActivityFilters,
  live: boolean,
  ready: boolean,
) {
  const queryClient = useQueryClient();
  const pagesKey = apiActivityKeys.calls(appId, admin, filters);
  const pages = () => queryClient.getQueryState<InfiniteData<ApiCallList>>(pagesKey);
  return useQuery({
    queryKey: [...pagesKey, 'newest'] as const,
    queryFn: ({ signal }) => fetchCalls(appId, admin, filters, undefined, signal),
    enabled: live && ready,
    refetchInterval: live ? LIVE_INTERVAL_MS : false,
    refetchIntervalInBackground: false,
    // The pages' first answer is the newest page until the first poll, one interval later.
    initialData: () => pages()?.data?.pages[0],
    initialDataUpdatedAt: () => pages()?.dataUpdatedAt,
    staleTime: LIVE_INTERVAL_MS,
  });
}

export function useApiCall(appId: number, admin: boolean, callId: number | null) {
  return useQuery({
    queryKey: apiActivityKeys.call(appId, admin, callId ?? 0),
    queryFn: ({ signal }) => {
      const params = { id: appId, call_id: callId ?? 0 };
      return admin
        ? call('GET /api/v1/admin/developer_apps/:id/api_activity/:call_id', { params, signal })
        : call('GET /api/v1/developer_apps/:id/api_activity/:call_id', { params, signal });
    },
    enabled: callId !== null,
    // A call never changes once recorded.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The per-minute series of the last 24 hours and the buckets' current use. */
export function useApiActivitySummary(appId: number, admin: boolean, live: boolean) {
  return useQuery({
    queryKey: apiActivityKeys.summary(appId, admin),
    queryFn: ({ signal }) =>
      admin
        ? call('GET /api/v1/admin/developer_apps/:id/api_activity/summary', { params: { id: appId }, signal })
        : call('GET /api/v1/developer_apps/:id/api_activity/summary', { params: { id: appId }, signal }),
    refetchInterval: live ? SUMMARY_INTERVAL_MS : false,
    refetchIntervalInBackground: false,
  });
}
