import type { GracePeriodHours } from '@lintel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client';
import { developerAppKeys, type SecretTarget } from '../queries';

/** Rotates a secret (issue 23): the new one is answered once; the card then shows the grace period. */
export function useRotateSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, graceHours }: { target: SecretTarget; graceHours: GracePeriodHours }) =>
      target.kind === 'sandbox'
        ? call('POST /api/v1/sandboxes/:id/rotate_secret', {
            params: { id: target.sandboxId },
            body: { grace_period_hours: graceHours },
          })
        : call('POST /api/v1/oauth_applications/:uid/rotate_secret', {
            params: { uid: target.uid },
            body: { grace_period_hours: graceHours },
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerAppKeys.details() }),
  });
}

/** "Expire the old secret now": only the new secret works afterwards. */
export function useExpirePreviousSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: SecretTarget) =>
      target.kind === 'sandbox'
        ? call('POST /api/v1/sandboxes/:id/expire_previous_secret', { params: { id: target.sandboxId } })
        : call('POST /api/v1/oauth_applications/:uid/expire_previous_secret', {
            params: { uid: target.uid },
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerAppKeys.details() }),
  });
}
