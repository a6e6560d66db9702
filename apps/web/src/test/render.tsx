import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { UNSAFE_createMemoryHistory as createMemoryHistory, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../AppProviders';
import { createI18n, type LanguageCode } from '../i18n';
import { AppRoutes } from '../router';
import { HistoryRouter } from '../routing';
import { allBundles } from './i18n';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

export interface RenderOptions {
  queryClient?: QueryClient;
  language?: LanguageCode;
  /** Mounts the toast container, for tests that read a "saved" toast. */
  withToasts?: boolean;
}

/** Renders an element inside the app's providers (no router). */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const i18n = createI18n(options.language ?? 'en', { preloaded: allBundles });
  const user = userEvent.setup();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders
      queryClient={queryClient}
      i18n={i18n}
      withNotifications={options.withToasts ?? false}
      env="test"
    >
      {children}
    </AppProviders>
  );
  const result = render(ui, { wrapper });
  return { ...result, user, queryClient, i18n };
}

/**
 * Renders routes at `path` the way main.tsx does, over an in-memory history, inside the app's providers.
 * `router` reads where the history is (`state.location`, `state.historyAction`) and moves it (`navigate`).
 */
export function renderRoutes(routes: RouteObject[], path: string, options: RenderOptions = {}) {
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const router = {
    get state() {
      return { location: history.location, historyAction: history.action };
    },
    navigate: (
      to: string | number,
      { replace = false, state }: { replace?: boolean; state?: unknown } = {},
    ) =>
      act(async () => {
        if (typeof to === 'number') history.go(to);
        else if (replace) history.replace(to, state);
        else history.push(to, state);
      }),
  };
  const result = renderWithProviders(
    <HistoryRouter history={history}>
      <AppRoutes routes={routes} />
    </HistoryRouter>,
    options,
  );
  return { ...result, router };
}

export interface MockResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type FetchHandler = (url: string, init: RequestInit) => MockResponse | undefined;

/** Replaces global fetch; unhandled calls answer 404 with the API's error shape. */
export function mockFetch(handler: FetchHandler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const answer = handler(url, init) ?? {
      status: 404,
      body: { errors: ['Not found'], error: { code: 'not_found', message: 'Not found', details: [] } },
    };
    const status = answer.status ?? 200;
    const body = answer.body === undefined || status === 204 ? null : JSON.stringify(answer.body);
    return new Response(body, { status, headers: { 'Content-Type': 'application/json', ...answer.headers } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * An error answer shaped like the server's (apps/server/src/http/errors.ts errorBody): `errors` holds one
 * entry per detail (`Current password is incorrect`), or the message when there are none.
 */
export function errorBody(
  status: number,
  code: string,
  message: string,
  details: { path: string; message: string; code?: string; params?: Record<string, string | number> }[] = [],
) {
  const errors = details.length > 0 ? details.map((d) => `${humanPath(d.path)} ${d.message}`) : [message];
  return { status, body: { errors, error: { code, message, details } } };
}

function humanPath(path: string): string {
  if (!path) return 'Request';
  const label = path.replaceAll('_', ' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}
