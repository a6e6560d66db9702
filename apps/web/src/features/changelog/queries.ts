import {
  type AdminChangelogEntry,
  type AdminChangelogSortKey,
  type ChangelogEntryInput,
  type ChangelogEntryUpdate,
  type ChangelogType,
  changelogType,
  type SortValue,
} from '@lintel/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callList, type ListResult } from '../../api/client';
import type { ListParams } from '../../components/useListState';

export { ADMIN_CHANGELOG_SORT_KEYS, type AdminChangelogSortKey } from '@lintel/shared';
export const CHANGELOG_TYPE_VALUES: readonly ChangelogType[] = changelogType.options;

/** The changelog page's request: paging, filters and the staff branch switch, as the URL holds them. */
export interface ChangelogParams {
  page: number;
  perPage: number;
  types: ChangelogType[];
  breaking: boolean;
  search: string;
  branch: string;
}

export interface AdminChangelogFilters {
  search: string;
  type: ChangelogType | null;
}
export type AdminChangelogListParams = ListParams<SortValue<AdminChangelogSortKey>, AdminChangelogFilters>;

export const changelogKeys = {
  all: ['changelog'] as const,
  feeds: () => [...changelogKeys.all, 'feed'] as const,
  feed: (params: ChangelogParams) => [...changelogKeys.feeds(), params] as const,
  admin: () => [...changelogKeys.all, 'admin'] as const,
  adminLists: () => [...changelogKeys.admin(), 'list'] as const,
  adminList: (params: AdminChangelogListParams) => [...changelogKeys.adminLists(), params] as const,
  adminEntry: (id: number) => [...changelogKeys.admin(), 'entry', id] as const,
};

/**
 * The aggregated changelog call (spec 2 §7). A failed fetch answers an empty list and logs a warning,
 * as the spec says: the page then shows its empty text rather than an error.
 */
export async function fetchChangelog(params: ChangelogParams, signal?: AbortSignal) {
  try {
    return await callList('GET /api/v1/resource_groups/aggregated_changelog', {
      query: {
        page: params.page,
        per_page: params.perPage,
        custom_service_sha: params.branch.trim() || undefined,
        filters: {
          type: params.types.length > 0 ? params.types : undefined,
          breaking: params.breaking ? true : undefined,
          search: params.search.trim() || undefined,
        },
      },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('The API changelog could not be loaded; showing an empty list.', error);
    return {
      items: [],
      total: 0,
      perPage: params.perPage,
      headers: new Headers(),
    } satisfies ListResult<never>;
  }
}

export function useChangelog(params: ChangelogParams) {
  return useQuery({
    queryKey: changelogKeys.feed(params),
    queryFn: ({ signal }) => fetchChangelog(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminChangelog(params: AdminChangelogListParams) {
  return useQuery({
    queryKey: changelogKeys.adminList(params),
    queryFn: ({ signal }) =>
      callList('GET /api/v1/admin/changelog_entries', {
        query: {
          page: params.page,
          per_page: params.perPage,
          sort: params.sort ? [params.sort] : undefined,
          filters: {
            search: params.filters.search.trim() || undefined,
            type: params.filters.type ?? undefined,
          },
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminChangelogEntry(id: number | null) {
  return useQuery({
    queryKey: changelogKeys.adminEntry(id ?? 0),
    queryFn: ({ signal }) =>
      call('GET /api/v1/admin/changelog_entries/:id', { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

export type SaveChangelogEntry =
  | { id: null; body: ChangelogEntryInput }
  | { id: number; body: ChangelogEntryUpdate };

export function useSaveChangelogEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SaveChangelogEntry): Promise<AdminChangelogEntry> =>
      save.id === null
        ? call('POST /api/v1/admin/changelog_entries', { body: save.body })
        : call('PATCH /api/v1/admin/changelog_entries/:id', { params: { id: save.id }, body: save.body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(changelogKeys.adminEntry(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: changelogKeys.adminLists() });
      // What the changelog page shows has changed too.
      void queryClient.invalidateQueries({ queryKey: changelogKeys.feeds() });
    },
  });
}
