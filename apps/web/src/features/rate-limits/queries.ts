import type { CreateBucketRequest, UpdateBucketRequest } from '@lintel/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';

export const rateLimitKeys = {
  all: ['admin', 'rate_limits'] as const,
  servers: () => [...rateLimitKeys.all, 'servers'] as const,
  buckets: (server: string) => [...rateLimitKeys.all, 'buckets', server] as const,
};

export function useQuotaMinderServers() {
  return useQuery({
    queryKey: rateLimitKeys.servers(),
    queryFn: ({ signal }) => call('GET /api/v1/admin/quota_minder_servers', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The buckets of one server, fetched once the admin retrieves them (spec 1 §2 "retrieve-buckets action"). */
export function useBuckets(server: string | null) {
  return useQuery({
    queryKey: rateLimitKeys.buckets(server ?? ''),
    queryFn: ({ signal }) =>
      call('GET /api/v1/admin/quota_minder_servers/:server/buckets', {
        params: { server: server ?? '' },
        signal,
      }),
    enabled: server !== null,
  });
}

export function useCreateBucket(server: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: CreateBucketRequest['data']) =>
      call('POST /api/v1/admin/quota_minder_servers/:server/buckets', { params: { server }, body: { data } }),
    onSuccess: () => client.invalidateQueries({ queryKey: rateLimitKeys.buckets(server) }),
  });
}

export function useUpdateBucket(server: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: UpdateBucketRequest['data']) =>
      call('PATCH /api/v1/admin/quota_minder_servers/:server/buckets', {
        params: { server },
        body: { data },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: rateLimitKeys.buckets(server) }),
  });
}

export function useDeleteBucket(server: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      call('DELETE /api/v1/admin/quota_minder_servers/:server/buckets/:id', { params: { server, id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: rateLimitKeys.buckets(server) }),
  });
}
