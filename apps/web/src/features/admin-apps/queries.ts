import type { AdminDeveloperApp, AdminUpdateDeveloperAppRequest } from '@lintel/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { type UploadProgress, upload } from '../../api/upload';
import { auditKeys } from '../audit/queries';
import { developerAppKeys } from '../developer-apps/queries';

export const adminAppKeys = {
  all: ['adminApps'] as const,
  detail: (id: number) => [...adminAppKeys.all, 'detail', id] as const,
};

/** Where the admin page of an app lives. */
export const adminAppPath = (id: number) => `/admin/developer_apps/${id}`;
export const ADMIN_APPS_PATH = '/admin/developer_apps';

export function useAdminApp(id: number) {
  return useQuery({
    queryKey: adminAppKeys.detail(id),
    queryFn: ({ signal }) => call('GET /api/v1/admin/developer_apps/:id', { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Every admin change writes audit events: the trails (the app page's among them) read afresh. */
function refreshTrail(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: auditKeys.lists() });
}

/** The admin's answer is the app: keep it, and let the developer screens and the trail read theirs afresh. */
function storeApp(queryClient: QueryClient, app: AdminDeveloperApp): void {
  queryClient.setQueryData(adminAppKeys.detail(app.id), app);
  void queryClient.invalidateQueries({ queryKey: developerAppKeys.detail(app.id) });
  void refreshTrail(queryClient);
}

export type AdminAppChanges = AdminUpdateDeveloperAppRequest['developer_app'];

/** The General form, and undelete (`deleted_at: null`). */
export function useUpdateAdminApp(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: AdminAppChanges) =>
      call('PATCH /api/v1/admin/developer_apps/:id', { params: { id }, body: { developer_app: changes } }),
    onSuccess: (app) => storeApp(queryClient, app),
  });
}

/**
 * Soft delete (the server answers 204, as every DELETE does): the page reads the app afresh, so it shows
 * the DELETED marker before the mutation settles.
 */
export function useDeleteAdminApp(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('DELETE /api/v1/admin/developer_apps/:id', { params: { id } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminAppKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: developerAppKeys.detail(id) }),
        refreshTrail(queryClient),
      ]),
  });
}

export interface LogoUpload {
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

export function useUploadAdminLogo(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress, signal }: LogoUpload) =>
      upload('PUT /api/v1/admin/developer_apps/:id', {
        params: { id },
        body: { developer_app: { thumbnail: file } },
        onProgress,
        signal,
      }),
    onSuccess: (app) => storeApp(queryClient, app),
  });
}

export function useRemoveAdminLogo(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      call('PUT /api/v1/admin/developer_apps/:id', {
        params: { id },
        body: { developer_app: { remove_thumbnail: true } },
      }),
    onSuccess: (app) => storeApp(queryClient, app),
  });
}

export function useChangeOwner(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      call('POST /api/v1/admin/developer_apps/:id/owner', { params: { id }, body: { owner: { email } } }),
    onSuccess: (app) => storeApp(queryClient, app),
  });
}

export function useCreateContact(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: { name: string; email: string }) =>
      call('POST /api/v1/admin/developer_apps/:id/contacts', { params: { id }, body: { contact } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminAppKeys.detail(id) });
      void refreshTrail(queryClient);
    },
  });
}
