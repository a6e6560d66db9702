import type { Session, User } from '@lintel/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CallInput, call, isApiError } from '../../api/client';
import { setCsrfToken } from '../../api/csrf';

export const sessionKeys = {
  all: ['session'] as const,
  current: () => [...sessionKeys.all, 'current'] as const,
};

/** The current session, or null when signed out (401). Keeps the CSRF token for the API client. */
export async function fetchSession(): Promise<Session | null> {
  try {
    const session = await call('GET /api/v1/session');
    setCsrfToken(session.csrf_token);
    return session;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      setCsrfToken(null);
      return null;
    }
    throw error;
  }
}

export function useSession() {
  return useQuery({ queryKey: sessionKeys.current(), queryFn: fetchSession, staleTime: 5 * 60_000 });
}

/** The signed-in user, or null (also while the session is loading). */
export function useCurrentUser(): User | null {
  return useSession().data?.user ?? null;
}

/** Forgets the session locally, e.g. after sign-out or when the server answered 401. */
export function forgetSession(queryClient: QueryClient): void {
  setCsrfToken(null);
  queryClient.setQueryData(sessionKeys.current(), null);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput<'POST /api/v1/session'>['body']) => call('POST /api/v1/session', { body }),
    onSuccess: (session) => {
      setCsrfToken(session.csrf_token);
      queryClient.setQueryData(sessionKeys.current(), session);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('DELETE /api/v1/session'),
    onSettled: () => {
      // Signing out must not leave the previous user's data in memory for the next one.
      queryClient.clear();
      forgetSession(queryClient);
    },
  });
}

export type RegistrationBody = CallInput<'POST /api/v1/registrations'>['body'];

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegistrationBody) => call('POST /api/v1/registrations', { body }),
  });
}

export function useConfirmEmail() {
  return useMutation({
    mutationFn: (token: string) => call('POST /api/v1/registrations/confirmation', { body: { token } }),
  });
}

export function useResendConfirmation() {
  return useMutation({
    mutationFn: (email: string) =>
      call('POST /api/v1/registrations/confirmation/resend', { body: { email } }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => call('POST /api/v1/password_resets', { body: { email } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: CallInput<'PATCH /api/v1/password_resets'>['body']) =>
      call('PATCH /api/v1/password_resets', { body }),
  });
}
