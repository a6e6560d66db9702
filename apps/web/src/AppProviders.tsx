import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { cssVariablesResolver, theme } from './theme';

// The toast container (and its transition library, ~19 kB gzip in four files) is only needed once a
// toast is shown, which the first page never does: it loads once that page has loaded and the browser
// is idle, instead of competing with the page's own files. A toast shown before that waits in the
// `notifications` store (tiny, imported where it is used) and appears when the container mounts.
const ToastContainer = lazy(() => import('./ToastContainer'));

function Toasts() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    const mount = () => {
      idle = window.requestIdleCallback
        ? window.requestIdleCallback(() => setMounted(true), { timeout: 2000 })
        : window.setTimeout(() => setMounted(true), 200);
    };
    if (document.readyState === 'complete') mount();
    else window.addEventListener('load', mount, { once: true });
    return () => {
      window.removeEventListener('load', mount);
      if (idle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idle);
    };
  }, []);
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
