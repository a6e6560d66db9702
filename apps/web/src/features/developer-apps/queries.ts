import type {
  Collaborator,
  CreateInvitationRequest,
  DeveloperApp,
  Invitation,
  RoleChange,
  UpdateDeveloperAppRequest,
} from '@lintel/shared';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call, callList } from '../../api/client';
import { type UploadProgress, upload } from '../../api/upload';
import { SANDBOX_POLL_MS } from './constants';

export interface DeveloperAppListParams {
  page: number;
  perPage: number;
}

export const developerAppKeys = {
  all: ['developerApps'] as const,
  lists: () => [...developerAppKeys.all, 'list'] as const,
  list: (params: DeveloperAppListParams) => [...developerAppKeys.lists(), params] as const,
  details: () => [...developerAppKeys.all, 'detail'] as const,
  detail: (id: number) => [...developerAppKeys.details(), id] as const,
  collaborators: (appId: number) => [...developerAppKeys.all, 'collaborators', appId] as const,
  invitations: (appId: number) => [...developerAppKeys.all, 'invitations', appId] as const,
};

/** The fake-sandbox answer: the app plus the sandbox secret, shown once. */
export type FakeSandboxResponse = DeveloperApp & { app_secret: string };

/** Whether the app is still waiting for its sandbox (none yet, or being built). */
export function sandboxPending(app: DeveloperApp | undefined): boolean {
  return Boolean(app) && (app?.sandbox === null || app?.sandbox?.status === 'pending');
}

export function useDeveloperApps(params: DeveloperAppListParams) {
  return useQuery({
    queryKey: developerAppKeys.list(params),
    queryFn: ({ signal }) =>
      callList('GET /api/v1/developer_apps', {
        query: { page: params.page, per_page: params.perPage },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function fetchDeveloperApp(id: number, signal?: AbortSignal): Promise<DeveloperApp> {
  return call('GET /api/v1/developer_apps/:id', { params: { id }, signal });
}

/** One app; refreshes itself every few seconds while its sandbox is being built. */
export function useDeveloperApp(id: number) {
  return useQuery({
    queryKey: developerAppKeys.detail(id),
    queryFn: ({ signal }) => fetchDeveloperApp(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (query) => (sandboxPending(query.state.data) ? SANDBOX_POLL_MS : false),
  });
}

function storeApp(queryClient: QueryClient, app: DeveloperApp): void {
  queryClient.setQueryData(developerAppKeys.detail(app.id), app);
  void queryClient.invalidateQueries({ queryKey: developerAppKeys.lists() });
}

export function useCreateDeveloperApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (internalName: string) =>
      call('POST /api/v1/developer_apps', { body: { internal_name: internalName } }),
    onSuccess: (app) => storeApp(queryClient, app),
  });
}

/** A JSON change of an app's settings; the logo goes through useUploadThumbnail. */
export type DeveloperAppChanges = Omit<UpdateDeveloperAppRequest['developer_app'], 'thumbnail'>;

export function useUpdateDeveloperApp(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: DeveloperAppChanges) =>
      call('PATCH /api/v1/developer_apps/:id', { params: { id }, body: { developer_app: changes } }),
    onSuccess: (app) => storeApp(queryClient, app),
  });
}

export interface ThumbnailUpload {
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** The new logo, as multipart with the file in `developer_app[thumbnail]` (same contract as the JSON PATCH). */
export function useUploadThumbnail(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress, signal }: ThumbnailUpload) =>
      upload('PATCH /api/v1/developer_apps/:id', {
        params: { id },
        body: { developer_app: { thumbnail: file } },
        onProgress,
        signal,
      }),
    onSuccess: (app) => storeApp(queryClient, app),
  });
}

export function useDeleteDeveloperApp(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('DELETE /api/v1/developer_apps/:id', { params: { id } }),
    // The app's own cache entry is dropped by the caller once it has left the app's page: dropping
    // it while the page still shows would refetch the deleted app.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: developerAppKeys.lists() }),
  });
}

export function useGenerateFakeSandbox(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('POST /api/v1/developer_apps/:id/fake_sandbox', { params: { id } }),
    onSuccess: ({ app_secret: _secret, ...app }) => storeApp(queryClient, app),
  });
}

export function useUpdateSandbox(appId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sandboxId, redirectUri }: { sandboxId: number; redirectUri: string }) =>
      call('PATCH /api/v1/sandboxes/:id', {
        params: { id: sandboxId },
        body: { sandbox: { redirect_uri: redirectUri } },
      }),
    onSuccess: (sandbox) => {
      queryClient.setQueryData<DeveloperApp>(developerAppKeys.detail(appId), (app) =>
        app ? { ...app, sandbox } : app,
      );
    },
  });
}

/** Where a secret is reset: the sandbox client, or the production OAuth application. */
export type SecretTarget = { kind: 'sandbox'; sandboxId: number } | { kind: 'production'; uid: string };

export function useResetSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: SecretTarget) =>
      target.kind === 'sandbox'
        ? call('POST /api/v1/sandboxes/:id/reset_secret', { params: { id: target.sandboxId } })
        : call('POST /api/v1/oauth_applications/:uid/reset_secret', { params: { uid: target.uid } }),
    // The live card shows the sandbox secret, and production may be revealed again: read the app anew.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerAppKeys.details() }),
  });
}

/** Reveals the production secret once (spec 2 §4); the app then says it can no longer be revealed. */
export function useRevealSecret() {
  return useMutation({
    mutationFn: (uid: string) =>
      call('POST /api/v1/oauth_applications/:uid/reveal_secret', { params: { uid } }),
  });
}

/**
 * Marks the app's production secret as revealed, once the dialog showing it has closed: marking it
 * when the reveal answers would swap the Show button, and with it the open dialog, for Reset.
 */
export function useMarkSecretRevealed(appId: number) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.setQueryData<DeveloperApp>(developerAppKeys.detail(appId), (app) =>
      app?.credentials ? { ...app, credentials: { ...app.credentials, revealable: false } } : app,
    );
}

export function useCollaborators(appId: number) {
  return useQuery({
    queryKey: developerAppKeys.collaborators(appId),
    queryFn: ({ signal }) =>
      call('GET /api/v1/collaborators', { query: { developer_app_id: appId }, signal }),
  });
}

export function useInvitations(appId: number) {
  return useQuery({
    queryKey: developerAppKeys.invitations(appId),
    queryFn: ({ signal }) => call('GET /api/v1/invitations', { query: { developer_app_id: appId }, signal }),
  });
}

export function useUpdateCollaborators(appId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: RoleChange[]) =>
      call('PATCH /api/v1/collaborators', { body: { developer_app_id: appId, collaborators: changes } }),
    onSuccess: (collaborators, changes) => {
      queryClient.setQueryData(developerAppKeys.collaborators(appId), collaborators);
      // A transfer changes the current user's own role, so what the app page may show.
      if (changes.some((change) => change.role === 'owner')) {
        void queryClient.invalidateQueries({ queryKey: developerAppKeys.detail(appId) });
        void queryClient.invalidateQueries({ queryKey: developerAppKeys.lists() });
      }
    },
  });
}

export function useRemoveCollaborator(appId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      call('DELETE /api/v1/collaborators/:id', { params: { id }, query: { developer_app_id: appId } }),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<Collaborator[]>(developerAppKeys.collaborators(appId), (list) =>
        list?.filter((item) => item.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: developerAppKeys.collaborators(appId) });
    },
  });
}

export function useInviteCollaborator(appId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateInvitationRequest, 'developer_app_id'>) =>
      call('POST /api/v1/invitations', { body: { developer_app_id: appId, ...body } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: developerAppKeys.invitations(appId) }),
  });
}

export function useCancelInvitation(appId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      call('PATCH /api/v1/invitations/:id', {
        params: { id },
        body: { developer_app_id: appId, invitation: { status: 'canceled' } },
      }),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<Invitation[]>(developerAppKeys.invitations(appId), (list) =>
        list?.filter((item) => item.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: developerAppKeys.invitations(appId) });
    },
  });
}
