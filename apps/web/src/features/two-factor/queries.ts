import type { CreatePasskeyRequest, Session, TwoFactorDisableRequest } from '@lintel/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { setCsrfToken } from '../../api/csrf';
import { sessionKeys } from '../auth/queries';

export const twoFactorKeys = {
  all: ['twoFactor'] as const,
  status: () => [...twoFactorKeys.all, 'status'] as const,
  passkeys: () => [...twoFactorKeys.all, 'passkeys'] as const,
  developer: (id: number) => [...twoFactorKeys.all, 'developer', id] as const,
};

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorKeys.status(),
    queryFn: ({ signal }) => call('GET /api/v1/account/two_factor', { signal }),
  });
}

/**
 * Refreshes the status and the passkeys without waiting for it: the caller's own `onSuccess` (showing the
 * recovery codes) must run before the refreshed status unmounts the form that made the call.
 */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: twoFactorKeys.all });
  };
}

export function useSetupTotp() {
  return useMutation({ mutationFn: () => call('POST /api/v1/account/two_factor') });
}

export function useConfirmTotp() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (code: string) => call('POST /api/v1/account/two_factor/confirmation', { body: { code } }),
    onSuccess: invalidate,
  });
}

export function useDisableTotp() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TwoFactorDisableRequest) => call('DELETE /api/v1/account/two_factor', { body }),
    onSuccess: invalidate,
  });
}

export function useRegenerateRecoveryCodes() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (code: string) => call('POST /api/v1/account/two_factor/recovery_codes', { body: { code } }),
    onSuccess: invalidate,
  });
}

export function usePasskeys() {
  return useQuery({
    queryKey: twoFactorKeys.passkeys(),
    queryFn: ({ signal }) => call('GET /api/v1/account/passkeys', { signal }),
  });
}

/** Whether this browser can create and use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Registers a passkey: the server's options, the browser's ceremony (its library loads only now), the answer. */
export function useAddPasskey() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (name: string) => {
      const { options } = await call('POST /api/v1/account/passkeys/registration_options');
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({ optionsJSON: options as never });
      const body: CreatePasskeyRequest = {
        passkey: { name, response: response as unknown as Record<string, unknown> },
      };
      return call('POST /api/v1/account/passkeys', { body });
    },
    onSuccess: invalidate,
  });
}

export function useRemovePasskey() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /api/v1/account/passkeys/:id', { params: { id } }),
    onSuccess: invalidate,
  });
}

/** A passkey's answer to a fresh sign-in challenge (the browser library loads only now). */
export async function passkeyAssertion(): Promise<Record<string, unknown>> {
  const { options } = await call('POST /api/v1/session/passkey_options');
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return (await startAuthentication({ optionsJSON: options as never })) as unknown as Record<string, unknown>;
}

/** Passwordless: signs in with a passkey alone. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      call('POST /api/v1/session/passkey', { body: { response: await passkeyAssertion() } }),
    onSuccess: (session: Session) => {
      setCsrfToken(session.csrf_token);
      queryClient.setQueryData(sessionKeys.current(), session);
    },
  });
}

export function useDeveloperTwoFactor(id: number) {
  return useQuery({
    queryKey: twoFactorKeys.developer(id),
    queryFn: ({ signal }) => call('GET /api/v1/admin/developers/:id/two_factor', { params: { id }, signal }),
  });
}

export function useRemoveDeveloperTwoFactor(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => call('DELETE /api/v1/admin/developers/:id/two_factor', { params: { id } }),
    onSuccess: invalidate,
  });
}
