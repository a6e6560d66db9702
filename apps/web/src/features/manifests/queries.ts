import type { EnvironmentType } from '@lintel/shared/manifests';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call, callList } from '../../api/client';
import { developerAppKeys } from '../developer-apps/queries';

/**
 * The manifest calls of spec 2 §7, typed from `packages/shared/src/api/manifests.ts`. Both layouts (the
 * builder's Configurations and Versions tabs, the older single page with its JSON editor) use these.
 */
export const manifestKeys = {
  all: ['manifests'] as const,
  lists: (appId: number) => [...manifestKeys.all, 'list', appId] as const,
  list: (appId: number, environment: EnvironmentType, perPage: number) =>
    [...manifestKeys.lists(appId), environment, perPage] as const,
  detail: (id: number) => [...manifestKeys.all, 'detail', id] as const,
  templates: () => [...manifestKeys.all, 'templates'] as const,
  snippets: (version: string, hasExistingManifest: boolean) =>
    [...manifestKeys.all, 'snippets', version, hasExistingManifest] as const,
  permissions: () => [...manifestKeys.all, 'permissions'] as const,
  views: () => [...manifestKeys.all, 'views'] as const,
};

/** The server's default page of versions (spec 2 §9): enough for every version of nearly every app. */
export const MANIFEST_PAGE_SIZE = 100;

/** One app's versions of one environment, newest first. */
export function useManifests(appId: number, environment: EnvironmentType, perPage = MANIFEST_PAGE_SIZE) {
  return useQuery({
    queryKey: manifestKeys.list(appId, environment, perPage),
    queryFn: ({ signal }) =>
      callList('GET /api/v1/manifests', {
        query: { per_page: perPage, filters: { developer_app_id: appId, versionable_type: environment } },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One version with its manifest (`content`) and the builder's form of it (`configured_manifest_content`). */
export function useManifest(id: number | null | undefined) {
  return useQuery({
    queryKey: manifestKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      call('GET /api/v1/app_versioned_manifests/:id', { params: { id: id ?? 0 }, signal }),
    enabled: typeof id === 'number' && id > 0,
  });
}

/** After any write: the app (its latest versions and header status) and its version lists are stale. */
function refreshApp(queryClient: QueryClient, appId: number): void {
  void queryClient.invalidateQueries({ queryKey: manifestKeys.lists(appId) });
  void queryClient.invalidateQueries({ queryKey: developerAppKeys.detail(appId) });
}

export type CreateVersionInput =
  | { semanticVersion: string; configured: NonNullable<CreateBody['configured_manifest_content']> }
  | { semanticVersion: string; content: string; authCodeEnabled?: boolean };
type CreateBody = Parameters<typeof call<'POST /api/v1/app_versioned_manifests'>>[1]['body'];

/** Creates a sandbox version from the builder's form or the JSON editor's text. */
export function useCreateManifest(appId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateVersionInput) =>
      call('POST /api/v1/app_versioned_manifests', {
        body: {
          developer_app_id: appId,
          environment_type: 'Sandbox',
          semantic_version: input.semanticVersion,
          ...('configured' in input
            ? { configured_manifest_content: input.configured }
            : {
                content: input.content,
                ...(input.authCodeEnabled === undefined ? {} : { auth_code_enabled: input.authCodeEnabled }),
              }),
        },
      }),
    onSuccess: (manifest) => {
      queryClient.setQueryData(manifestKeys.detail(manifest.id), manifest);
      refreshApp(queryClient, appId);
    },
  });
}

/** Promotes a sandbox version to production with its release notes. */
export function usePromoteManifest(appId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sourceId, changelog }: { sourceId: number; changelog: string }) =>
      call('POST /api/v1/app_version_promotions', {
        body: {
          developer_app_id: appId,
          app_version_promotion: { source_app_version_id: sourceId, changelog },
        },
      }),
    onSuccess: (manifest) => {
      queryClient.setQueryData(manifestKeys.detail(manifest.id), manifest);
      refreshApp(queryClient, appId);
    },
  });
}

/**
 * The review states a production version moves to (spec 2 §4): submit (in_review), withdraw and reject
 * (confidential: a platform admin's with admin notes is a rejection), approve (published).
 */
export type ReviewState = 'in_review' | 'confidential' | 'published';

/** A review action on a production version: notes go to developer_notes or, for platform admins, admin_notes. */
export function useReviewManifest(appId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      state,
      developerNotes,
      adminNotes,
    }: {
      id: number;
      state: ReviewState;
      developerNotes?: string;
      adminNotes?: string;
    }) =>
      call('PATCH /api/v1/app_versions/:id', {
        params: { id },
        body: {
          app_version: {
            id,
            state,
            ...(developerNotes === undefined ? {} : { developer_notes: developerNotes }),
            ...(adminNotes === undefined ? {} : { admin_notes: adminNotes }),
          },
        },
      }),
    onSuccess: (manifest) => {
      queryClient.setQueryData(manifestKeys.detail(manifest.id), manifest);
      refreshApp(queryClient, appId);
    },
  });
}

/** Validates a manifest's JSON text on the server: every error with its pointer, line and column. */
export function validateManifest(appId: number, content: string, signal?: AbortSignal) {
  return call('POST /api/v1/manifest_validations', {
    query: { developer_app_id: appId, environment_type: 'Sandbox' },
    body: { manifest: { content } },
    signal,
  });
}

// Reference data: it changes with a deployment, never during a visit.
const FOREVER = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY } as const;

/** The template of each schema version ("3", "4.1"). */
export function useManifestTemplates() {
  return useQuery({
    queryKey: manifestKeys.templates(),
    queryFn: ({ signal }) => call('GET /api/v1/manifest_templates', { signal }),
    ...FOREVER,
  });
}

/** The oauth, iframe, fullscreen and sidepanel snippets of a schema version. */
export function useManifestSnippets(version: '3' | '4.1', hasExistingManifest: boolean) {
  return useQuery({
    queryKey: manifestKeys.snippets(version, hasExistingManifest),
    queryFn: ({ signal }) =>
      call('GET /api/v1/manifest_templates/:version/snippets', {
        params: { version },
        query: { has_existing_manifest: hasExistingManifest },
        signal,
      }),
    ...FOREVER,
  });
}

/** The permission catalogue: company and project tools, the levels each disallows. */
export function usePermissionCatalogue() {
  return useQuery({
    queryKey: manifestKeys.permissions(),
    queryFn: ({ signal }) => call('GET /api/v1/manifest_permissions', { signal }),
    ...FOREVER,
  });
}

/** The side-panel view keys. */
export function useViewKeys() {
  return useQuery({
    queryKey: manifestKeys.views(),
    queryFn: ({ signal }) => call('GET /api/v1/manifest_views', { signal }),
    ...FOREVER,
  });
}
