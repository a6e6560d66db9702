import {
  type OutboundEmailSortKey,
  type OutboundEmailStatus,
  outboundEmailStatus,
  type SortValue,
} from '@lintel/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callList } from '../../api/client';
import type { ListParams } from '../../components/useListState';

export { OUTBOUND_EMAIL_SORT_KEYS, type OutboundEmailSortKey } from '@lintel/shared';
export const OUTBOUND_EMAIL_STATUSES: readonly OutboundEmailStatus[] = outboundEmailStatus.options;

export interface OutboundEmailFilters {
  search: string;
  status: OutboundEmailStatus | null;
}

export type OutboundEmailListParams = ListParams<SortValue<OutboundEmailSortKey>, OutboundEmailFilters>;

export const outboundEmailKeys = {
  all: ['admin', 'outbound_emails'] as const,
  lists: () => [...outboundEmailKeys.all, 'list'] as const,
  list: (params: OutboundEmailListParams) => [...outboundEmailKeys.lists(), params] as const,
};

export function fetchOutboundEmails(params: OutboundEmailListParams, signal?: AbortSignal) {
  const { search, status } = params.filters;
  return callList('GET /api/v1/admin/outbound_emails', {
    query: {
      page: params.page,
      per_page: params.perPage,
      sort: params.sort ? [params.sort] : undefined,
      filters: { search: search.trim() || undefined, status: status ?? undefined },
    },
    signal,
  });
}

export function useOutboundEmails(params: OutboundEmailListParams) {
  return useQuery({
    queryKey: outboundEmailKeys.list(params),
    queryFn: ({ signal }) => fetchOutboundEmails(params, signal),
    placeholderData: keepPreviousData,
  });
}
