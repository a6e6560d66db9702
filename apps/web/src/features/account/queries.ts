import type { AccountUpdateRequest, Session } from '@lintel/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { sessionKeys } from '../auth/queries';

export const accountKeys = {
  all: ['account'] as const,
  detail: () => [...accountKeys.all, 'detail'] as const,
};

export function useAccount() {
  return useQuery({
    queryKey: accountKeys.detail(),
    queryFn: ({ signal }) => call('GET /api/v1/account', { signal }),
  });
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountUpdateRequest) => call('PATCH /api/v1/account', { body }),
    onSuccess: (user) => {
      queryClient.setQueryData(accountKeys.detail(), user);
      // The navigation shows the name from the session: keep it in step without a refetch.
      queryClient.setQueryData<Session | null>(sessionKeys.current(), (session) =>
        session ? { ...session, user } : session,
      );
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}
