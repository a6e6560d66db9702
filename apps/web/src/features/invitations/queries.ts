import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { developerAppKeys } from '../developer-apps/queries';

export const invitationKeys = {
  all: ['invitations'] as const,
};

/** Accepts an e-mailed invitation; the user becomes a collaborator of that app. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<{ developer_app_id: number }>('/invitations/accept', { token }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: developerAppKeys.lists() }),
  });
}
