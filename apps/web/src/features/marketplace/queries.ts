import type { CreateInstallationRequest, SortValue } from '@lintel/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callList } from '../../api/client';
import type { ListParams } from '../../components/useListState';

export const MARKETPLACE_SORT_KEYS = ['public_name', 'published_at'] as const;
export type MarketplaceSortKey = (typeof MARKETPLACE_SORT_KEYS)[number];
export type MarketplaceListParams = ListParams<
  SortValue<MarketplaceSortKey>,
  { search: string; category_id: number | null }
>;

export const marketplaceKeys = {
  all: ['marketplace'] as const,
  list: (params: MarketplaceListParams) => [...marketplaceKeys.all, 'list', params] as const,
  categories: () => [...marketplaceKeys.all, 'categories'] as const,
  app: (id: number) => [...marketplaceKeys.all, 'app', id] as const,
};

export function useMarketplaceApps(params: MarketplaceListParams) {
  return useQuery({
    queryKey: marketplaceKeys.list(params),
    queryFn: ({ signal }) =>
      callList('GET /api/v1/marketplace/apps', {
        query: {
          page: params.page,
          per_page: params.perPage,
          sort: params.sort ? [params.sort] : undefined,
          filters: {
            search: params.filters.search.trim() || undefined,
            category_id: params.filters.category_id ?? undefined,
          },
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useMarketplaceCategories() {
  return useQuery({
    queryKey: marketplaceKeys.categories(),
    queryFn: ({ signal }) => call('GET /api/v1/marketplace/categories', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A published listing; opening it counts one marketplace view (per visitor and day, on the server). */
export function useMarketplaceApp(id: number) {
  return useQuery({
    queryKey: marketplaceKeys.app(id),
    queryFn: ({ signal }) => call('GET /api/v1/marketplace/apps/:id', { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useInstallApp(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInstallationRequest) =>
      call('POST /api/v1/marketplace/apps/:id/installations', { params: { id }, body }),
    // The developer's report reads the new installation.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['metrics'] }),
  });
}
