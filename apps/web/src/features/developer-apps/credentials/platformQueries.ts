import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client';

export const platformKeys = {
  all: ['platform'] as const,
  baseUrls: () => [...platformKeys.all, 'baseUrls'] as const,
};

/** The platform's auth and API base URLs of both environments (they change only with a deployment). */
export function usePlatformBaseUrls() {
  return useQuery({
    queryKey: platformKeys.baseUrls(),
    queryFn: ({ signal }) => call('GET /api/v1/platform/base_urls', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** "Get a test token": a sandbox user token for the signed-in collaborator, shown once (never cached). */
export function useTestToken(appId: number) {
  return useMutation({
    mutationFn: () => call('POST /api/v1/developer_apps/:id/sandbox/test_token', { params: { id: appId } }),
  });
}
