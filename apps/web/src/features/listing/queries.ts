import type { Submission } from '@lintel/shared/listing';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { type UploadProgress, upload } from '../../api/upload';
import { adminAppKeys } from '../admin-apps/queries';
import { auditKeys } from '../audit/queries';
import { developerAppKeys } from '../developer-apps/queries';
import { type AdminSubmissionBody, hasFiles, type SubmissionBody } from './formValues';

export const listingKeys = {
  all: ['listing'] as const,
  current: (appId: number) => [...listingKeys.all, 'current', appId] as const,
  submission: (id: number) => [...listingKeys.all, 'submission', id] as const,
  decisions: (appId: number) => [...listingKeys.all, 'decisions', appId] as const,
  categories: () => [...listingKeys.all, 'categories'] as const,
  regions: () => [...listingKeys.all, 'regions'] as const,
  productTools: () => [...listingKeys.all, 'productTools'] as const,
  securityStandards: () => [...listingKeys.all, 'securityStandards'] as const,
};

/** Reference data hardly changes while the form is open. */
const REFERENCE_STALE_MS = 10 * 60_000;

export function useCategories() {
  return useQuery({
    queryKey: listingKeys.categories(),
    queryFn: ({ signal }) => call('GET /api/v1/categories', { signal }),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useRegions() {
  return useQuery({
    queryKey: listingKeys.regions(),
    queryFn: ({ signal }) => call('GET /api/v1/regions', { signal }),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useProductTools() {
  return useQuery({
    queryKey: listingKeys.productTools(),
    queryFn: ({ signal }) => call('GET /api/v1/product_tools', { signal }),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useSecurityStandards(enabled = true) {
  return useQuery({
    queryKey: listingKeys.securityStandards(),
    queryFn: ({ signal }) => call('GET /api/v1/security_standards', { signal }),
    staleTime: REFERENCE_STALE_MS,
    enabled,
  });
}

/** The app's newest submission (null: no listing yet). */
export function useCurrentSubmission(appId: number) {
  return useQuery({
    queryKey: listingKeys.current(appId),
    queryFn: ({ signal }) =>
      call('GET /api/v1/developer_apps/:id/submissions/current', { params: { id: appId }, signal }),
  });
}

/** The review decisions of every submission of the app's listing, newest first (issue 20). */
export function useListingDecisions(appId: number) {
  return useQuery({
    queryKey: listingKeys.decisions(appId),
    queryFn: ({ signal }) =>
      call('GET /api/v1/developer_apps/:id/submissions/decisions', { params: { id: appId }, signal }),
  });
}

export interface SaveInput {
  /** The submission to update; null creates one (spec 3 §4 "Saving"). */
  submissionId: number | null;
  /** The developer's fields, or (with `admin`) the admin route's body. */
  body: SubmissionBody | AdminSubmissionBody;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** A platform administrator's save: the admin routes (spec 3 §7), which also take the admin fields. */
  admin?: boolean;
}

/**
 * Saves a submission (spec 3 §7): PATCH /api/v1/submissions/:id when one exists and is not published,
 * else POST /api/v1/developer_apps/:id/submissions. A body with files goes as multipart
 * (`submission[pictures_attributes][0][file]`), with upload progress; without, as JSON.
 */
export function saveSubmission(appId: number, input: SaveInput): Promise<Submission> {
  const multipart = hasFiles(input.body);
  if (input.admin) return saveAsAdmin(appId, input, multipart);
  const body = { submission: input.body as SubmissionBody };
  if (input.submissionId !== null) {
    const args = { params: { id: input.submissionId }, body, signal: input.signal };
    return multipart
      ? upload('PATCH /api/v1/submissions/:id', { ...args, onProgress: input.onProgress })
      : call('PATCH /api/v1/submissions/:id', args);
  }
  const args = { params: { id: appId }, body, signal: input.signal };
  return multipart
    ? upload('POST /api/v1/developer_apps/:id/submissions', { ...args, onProgress: input.onProgress })
    : call('POST /api/v1/developer_apps/:id/submissions', args);
}

/** The admin routes: PATCH /api/v1/admin/submissions/:id, POST /api/v1/admin/developer_apps/:id/submissions. */
function saveAsAdmin(appId: number, input: SaveInput, multipart: boolean): Promise<Submission> {
  const body = { submission: input.body as AdminSubmissionBody };
  if (input.submissionId !== null) {
    const args = { params: { id: input.submissionId }, body, signal: input.signal };
    return multipart
      ? upload('PATCH /api/v1/admin/submissions/:id', { ...args, onProgress: input.onProgress })
      : call('PATCH /api/v1/admin/submissions/:id', args);
  }
  const args = { params: { id: appId }, body, signal: input.signal };
  return multipart
    ? upload('POST /api/v1/admin/developer_apps/:id/submissions', { ...args, onProgress: input.onProgress })
    : call('POST /api/v1/admin/developer_apps/:id/submissions', args);
}

export function storeSubmission(queryClient: QueryClient, appId: number, submission: Submission) {
  queryClient.setQueryData(listingKeys.current(appId), submission);
  // A verdict adds to the history of decisions, and to the admin page's audit trail.
  void queryClient.invalidateQueries({ queryKey: listingKeys.decisions(appId) });
  void queryClient.invalidateQueries({ queryKey: auditKeys.lists() });
  // The app page shows the listing's state (last_marketplace_app, published_app, unpublished_app).
  void queryClient.invalidateQueries({ queryKey: developerAppKeys.detail(appId) });
  void queryClient.invalidateQueries({ queryKey: adminAppKeys.detail(appId) });
}

/** Save, submit (`state: in_review`) or withdraw (`state: draft`): one mutation, the same call. */
export function useSaveSubmission(appId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveInput) => saveSubmission(appId, input),
    onSuccess: (submission) => storeSubmission(queryClient, appId, submission),
  });
}

/** One submission (the published one, whose version the new one must be newer than). */
export function useSubmission(id: number | null | undefined) {
  return useQuery({
    queryKey: listingKeys.submission(id ?? 0),
    queryFn: ({ signal }) => call('GET /api/v1/submissions/:id', { params: { id: id ?? 0 }, signal }),
    enabled: typeof id === 'number' && id > 0,
  });
}

/** Switches marketplace_enabled of an app (platform administrators, spec 3 §6). */
export function useSetMarketplaceEnabled(appId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      call('PATCH /api/v1/admin/developer_apps/:id', {
        params: { id: appId },
        body: { developer_app: { marketplace_enabled: enabled } },
      }),
    onSuccess: (app) => {
      queryClient.setQueryData(adminAppKeys.detail(appId), app);
      void queryClient.invalidateQueries({ queryKey: developerAppKeys.detail(appId) });
    },
  });
}
