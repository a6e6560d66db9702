import type { Session, User } from '@lintel/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../api/client';
import { setCsrfToken } from '../../api/csrf';

export const sessionKeys = {
  all: ['session'] as const,
  current: () => [...sessionKeys.all, 'current'] as const,
};

export interface Message {
  message: string;
}

/** The current session, or null when signed out (401). Keeps the CSRF token for the API client. */
export async function fetchSession(): Promise<Session | null> {
  try {
    const session = await api.get<Session>('/session');
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
    mutationFn: (body: { email: string; password: string }) => api.post<Session>('/session', body),
    onSuccess: (session) => {
      setCsrfToken(session.csrf_token);
      queryClient.setQueryData(sessionKeys.current(), session);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/session'),
    onSettled: () => {
      // Signing out must not leave the previous user's data in memory for the next one.
      queryClient.clear();
      forgetSession(queryClient);
    },
  });
}

export interface RegistrationBody {
  name: string;
  company_name: string;
  email: string;
  password: string;
}

export function useRegister() {
  return useMutation({ mutationFn: (body: RegistrationBody) => api.post<Message>('/registrations', body) });
}

export function useConfirmEmail() {
  return useMutation({
    mutationFn: (token: string) => api.post<Message>('/registrations/confirmation', { token }),
  });
}

export function useResendConfirmation() {
  return useMutation({
    mutationFn: (email: string) => api.post<Message>('/registrations/confirmation/resend', { email }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => api.post<Message>('/password_resets', { email }) });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => api.patch<Message>('/password_resets', body),
  });
}
