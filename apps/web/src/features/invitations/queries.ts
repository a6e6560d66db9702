import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { developerAppKeys } from '../developer-apps/queries';

export const invitationKeys = {
  all: ['invitations'] as const,
};

/** Accepts an e-mailed invitation; the user becomes a collaborator of that app. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call('POST /api/v1/invitations/accept', { body: { token } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: developerAppKeys.lists() }),
  });
}
