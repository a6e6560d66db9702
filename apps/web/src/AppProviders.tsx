import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { cssVariablesResolver, theme } from './theme';

// The toast container (and its transition library, ~19 kB gzip in four files, with the rest of Mantine's
// styles: styles/more.css) is only needed once a toast is shown, and toasts answer what the visitor
// did: it loads on the first pointer or key press instead of competing with the first page's own files
// and main-thread work. A toast shown before it has loaded waits in the `notifications` store (tiny,
// imported where it is used) and appears when the container mounts.
const ToastContainer = lazy(() => import('./ToastContainer'));
const FIRST_INPUT = ['pointerdown', 'keydown'] as const;

function Toasts() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    for (const type of FIRST_INPUT) window.addEventListener(type, mount, { capture: true, once: true });
    return () => {
      for (const type of FIRST_INPUT) window.removeEventListener(type, mount, { capture: true });
    };
  }, [mounted]);
  return mounted ? (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  ) : null;
}

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
          {withNotifications ? <Toasts /> : null}
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
