import type { OutboundEmail, OutboundEmailStatus } from '@lintel/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export interface OutboundEmailListParams {
  page: number;
  perPage: number;
  sort: string | null;
  search: string;
  status: OutboundEmailStatus | null;
}

export const outboundEmailKeys = {
  all: ['admin', 'outbound_emails'] as const,
  lists: () => [...outboundEmailKeys.all, 'list'] as const,
  list: (params: OutboundEmailListParams) => [...outboundEmailKeys.lists(), params] as const,
};

export function fetchOutboundEmails(params: OutboundEmailListParams, signal?: AbortSignal) {
  return api.list<OutboundEmail>(
    '/admin/outbound_emails',
    {
      page: params.page,
      per_page: params.perPage,
      sort: params.sort ? [params.sort] : undefined,
      filters: { search: params.search.trim() || undefined, status: params.status ?? undefined },
    },
    { signal },
  );
}

export function useOutboundEmails(params: OutboundEmailListParams) {
  return useQuery({
    queryKey: outboundEmailKeys.list(params),
    queryFn: ({ signal }) => fetchOutboundEmails(params, signal),
    placeholderData: keepPreviousData,
  });
}
