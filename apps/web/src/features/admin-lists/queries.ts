import type {
  AdminDeveloperAppSortKey,
  AdminDeveloperSortKey,
  AdminOAuthApplicationSortKey,
  OAuthEnvironment,
  SortValue,
  UpdateAdminDeveloperRequest,
} from '@lintel/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callList } from '../../api/client';
import type { ListParams } from '../../components/useListState';
import { developerAppKeys } from '../developer-apps/queries';

export {
  ADMIN_DEVELOPER_APP_SORT_KEYS,
  ADMIN_DEVELOPER_SORT_KEYS,
  ADMIN_OAUTH_APPLICATION_SORT_KEYS,
  OAUTH_ENVIRONMENTS,
} from '@lintel/shared';

export interface DeveloperAppFilters {
  search: string;
  owner_id: number[];
  in_review: boolean;
  with_deleted: boolean;
}
export type DeveloperAppListParams = ListParams<SortValue<AdminDeveloperAppSortKey>, DeveloperAppFilters>;
export type DeveloperListParams = ListParams<SortValue<AdminDeveloperSortKey>, { search: string }>;
export interface OAuthApplicationFilters {
  search: string;
  environment: OAuthEnvironment | null;
}
export type OAuthApplicationListParams = ListParams<
  SortValue<AdminOAuthApplicationSortKey>,
  OAuthApplicationFilters
>;

export const adminListKeys = {
  all: ['admin', 'lists'] as const,
  developerApps: (params: DeveloperAppListParams) =>
    [...adminListKeys.all, 'developer_apps', params] as const,
  developers: () => [...adminListKeys.all, 'developers'] as const,
  developerList: (params: DeveloperListParams) => [...adminListKeys.developers(), 'list', params] as const,
  developer: (id: number) => [...adminListKeys.developers(), 'detail', id] as const,
  owners: (search: string) => [...adminListKeys.developers(), 'owners', search] as const,
  oauthApplications: (params: OAuthApplicationListParams) =>
    [...adminListKeys.all, 'oauth_applications', params] as const,
};

// Under the app's detail key: the submit and review mutations that invalidate the app refresh it too.
export const reviewQueueKeys = {
  app: (appId: number) => [...developerAppKeys.detail(appId), 'review_queue'] as const,
};

/** The admin developer apps list (and the review queue, with in_review). */
export function useAdminDeveloperApps(params: DeveloperAppListParams) {
  return useQuery({
    queryKey: adminListKeys.developerApps(params),
    queryFn: ({ signal }) => {
      const { search, owner_id, in_review, with_deleted } = params.filters;
      return callList('GET /api/v1/admin/developer_apps', {
        query: {
          page: params.page,
          per_page: params.perPage,
          sort: params.sort ? [params.sort] : undefined,
          filters: {
            search: search.trim() || undefined,
            owner_id: owner_id.length > 0 ? owner_id : undefined,
            in_review: in_review ? 'true' : undefined,
            with_deleted: with_deleted ? 'true' : undefined,
          },
        },
        signal,
      });
    },
    placeholderData: keepPreviousData,
  });
}

export function useAdminDevelopers(params: DeveloperListParams) {
  return useQuery({
    queryKey: adminListKeys.developerList(params),
    queryFn: ({ signal }) =>
      callList('GET /api/v1/admin/developers', {
        query: {
          page: params.page,
          per_page: params.perPage,
          sort: params.sort ? [params.sort] : undefined,
          filters: { search: params.filters.search.trim() || undefined },
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The 'Created By' options: developers whose e-mail (or name) matches what is typed (spec 1 §7: search only). */
export function useOwnerOptions(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: adminListKeys.owners(term),
    queryFn: ({ signal }) =>
      callList('GET /api/v1/admin/developers', {
        query: { per_page: 20, sort: ['email'], filters: { search: term } },
        signal,
      }),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useAdminDeveloper(id: number) {
  return useQuery({
    queryKey: adminListKeys.developer(id),
    queryFn: ({ signal }) => call('GET /api/v1/admin/developers/:id', { params: { id }, signal }),
  });
}

export function useUpdateAdminDeveloper(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (developer: UpdateAdminDeveloperRequest['developer']) =>
      call('PATCH /api/v1/admin/developers/:id', { params: { id }, body: { developer } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminListKeys.developer(id), saved);
      void queryClient.invalidateQueries({ queryKey: adminListKeys.developers() });
    },
  });
}

export function useAdminOAuthApplications(params: OAuthApplicationListParams) {
  return useQuery({
    queryKey: adminListKeys.oauthApplications(params),
    queryFn: ({ signal }) =>
      callList('GET /api/v1/admin/oauth_applications', {
        query: {
          environment: params.filters.environment ?? 'production',
          page: params.page,
          per_page: params.perPage,
          sort: params.sort ? [params.sort] : undefined,
          filters: { search: params.filters.search.trim() || undefined },
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Where the app's version and listing stand in the review queue (its collaborators see it). */
export function useReviewQueue(appId: number, enabled = true) {
  return useQuery({
    queryKey: reviewQueueKeys.app(appId),
    queryFn: ({ signal }) =>
      call('GET /api/v1/developer_apps/:id/review_queue', { params: { id: appId }, signal }),
    enabled,
  });
}
