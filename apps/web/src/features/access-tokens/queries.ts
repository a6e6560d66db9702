import type { CreatePersonalAccessTokenRequest } from '@lintel/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';

export const accessTokenKeys = {
  all: ['personal-access-tokens'] as const,
  mine: () => [...accessTokenKeys.all, 'mine'] as const,
  ofDeveloper: (id: number) => [...accessTokenKeys.all, 'developer', id] as const,
};

export const accountSessionKeys = {
  all: ['account-sessions'] as const,
};

export function useAccessTokens() {
  return useQuery({
    queryKey: accessTokenKeys.mine(),
    queryFn: ({ signal }) => call('GET /api/v1/personal_access_tokens', { signal }),
  });
}

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePersonalAccessTokenRequest) =>
      call('POST /api/v1/personal_access_tokens', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accessTokenKeys.mine() }),
  });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /api/v1/personal_access_tokens/:id', { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accessTokenKeys.mine() }),
  });
}

export function useDeveloperAccessTokens(developerId: number) {
  return useQuery({
    queryKey: accessTokenKeys.ofDeveloper(developerId),
    queryFn: ({ signal }) =>
      call('GET /api/v1/admin/developers/:id/personal_access_tokens', {
        params: { id: developerId },
        signal,
      }),
  });
}

export function useRevokeDeveloperAccessToken(developerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: number) =>
      call('DELETE /api/v1/admin/developers/:id/personal_access_tokens/:token_id', {
        params: { id: developerId, token_id: tokenId },
      }),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: accessTokenKeys.ofDeveloper(developerId) }),
  });
}

export function useAccountSessions() {
  return useQuery({
    queryKey: accountSessionKeys.all,
    queryFn: ({ signal }) => call('GET /api/v1/account/sessions', { signal }),
  });
}

export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /api/v1/account/sessions/:id', { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountSessionKeys.all }),
  });
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('DELETE /api/v1/account/sessions'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountSessionKeys.all }),
  });
}
