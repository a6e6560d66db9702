import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api/client';
import { forgetSession, sessionKeys } from './features/auth/queries';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx answer will not change by asking again.
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** The app's query client: no retries on 4xx, and a 401 anywhere means the session is gone. */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!isApiError(error) || error.status !== 401) return;
        if (query.queryKey[0] === sessionKeys.all[0]) return;
        forgetSession(client);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return client;
}
