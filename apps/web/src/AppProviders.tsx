import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { lazy, type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { cssVariablesResolver, theme } from './theme';

// The toast container (and its transition library) is only needed once a toast is shown; the
// `notifications` store that shows them is tiny and imported where it is used.
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

export interface AppProvidersProps {
  queryClient: QueryClient;
  i18n: I18n;
  children: ReactNode;
  /** Tests leave the toast container out. */
  withNotifications?: boolean;
  /** 'test' turns off Mantine's transitions and portals. */
  env?: 'default' | 'test';
}

/** Everything above the router: theme, i18n, data cache and toasts. */
export function AppProviders({
  queryClient,
  i18n,
  children,
  withNotifications = true,
  env = 'default',
}: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="light"
          env={env}
        >
          {withNotifications ? (
            <Suspense fallback={null}>
              <Notifications position="top-right" />
            </Suspense>
          ) : null}
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
