import type { ApiActivitySummary, ApiCall, ApiCallDetail } from '@lintel/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession } from '../../test/factories';
import { mockFetch, renderRoutes } from '../../test/render';
import { ApiActivityPanel } from './ApiActivityPanel';
import { FirstCallButton } from './ApiActivityTab';
import { LIVE_INTERVAL_MS } from './queries';

const NOW = Date.now();

function buildCall(id: number, overrides: Partial<ApiCall> = {}): ApiCall {
  return {
    id,
    occurred_at: new Date(NOW - (100 - id) * 1000).toISOString(),
    environment: 'sandbox',
    token_kind: 'client',
    company_id: 7,
    method: 'GET',
    route: '/rest/v1.0/projects',
    path: `/rest/v1.0/projects?call=${id}`,
    status: 200,
    duration_ms: 12.4,
    rate_limit: 100,
    rate_remaining: 90,
    request_id: `req-${id}`,
    ...overrides,
  };
}

const summary: ApiActivitySummary = {
  generated_at: new Date(NOW).toISOString(),
  since: new Date(NOW - 86_400_000).toISOString(),
  per_minute: [{ minute: new Date(Math.floor(NOW / 60_000) * 60_000).toISOString(), calls: 3, errors: 1 }],
  buckets: [
    {
      environment: 'sandbox',
      server: 'Integrator_Sandbox',
      bucket: null,
      template: 'spike',
      fill_type: 'count',
      interval_ms: 10_000,
      limit: 100,
      used: 37,
      resets_at: new Date(NOW + 6_000).toISOString(),
    },
  ],
};

interface ListRequest {
  before: string | null;
  status: string | null;
  method: string | null;
  path: string | null;
}

/** Serves the activity endpoints: `pages(request)` answers each list call. */
function serve(
  pages: (request: ListRequest) => { calls: ApiCall[]; next_before: number | null },
  detail?: ApiCallDetail,
) {
  const requests: ListRequest[] = [];
  const fetchMock = mockFetch((url) => {
    if (url === '/api/v1/session') return { body: buildSession() };
    const parsed = new URL(url, 'http://localhost');
    if (parsed.pathname === '/api/v1/developer_apps/5/api_activity/summary') return { body: summary };
    if (parsed.pathname === '/api/v1/developer_apps/5/api_activity') {
      const request = {
        before: parsed.searchParams.get('before'),
        status: parsed.searchParams.get('filters[status]'),
        method: parsed.searchParams.get('filters[method]'),
        path: parsed.searchParams.get('filters[path]'),
      };
      requests.push(request);
      return { body: pages(request) };
    }
    if (detail && parsed.pathname === `/api/v1/developer_apps/5/api_activity/${detail.id}`)
      return { body: detail };
    return undefined;
  });
  return { fetchMock, requests };
}

const routes = [
  {
    path: '/developer_apps/:id/apiActivity',
    element: <ApiActivityPanel appId={5} firstCallAction={<FirstCallButton appId={5} />} />,
  },
];

afterEach(() => {
  vi.useRealTimers();
});

describe('ApiActivityPanel', () => {
  it('shows the designed empty state, pointing to the credentials for a first call', async () => {
    serve(() => ({ calls: [], next_before: null }));
    renderRoutes(routes, '/developer_apps/5/apiActivity');
    expect(await screen.findByRole('heading', { name: 'No calls yet' })).toBeInTheDocument();
    expect(screen.getByText(/Make your first call with the sandbox credentials/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the credentials and Try it' })).toHaveAttribute(
      'href',
      '/developer_apps/5/oauthCredentials',
    );
    // The buckets' use, counting down.
    expect(await screen.findByText('spike 37 of 100')).toBeInTheDocument();
    expect(screen.getByText(/resets in \d s/)).toBeInTheDocument();
  });

  it('lists the calls newest first and loads older ones along the cursor', async () => {
    const { requests } = serve((request) =>
      request.before === null
        ? { calls: [buildCall(3, { status: 404, method: 'POST' }), buildCall(2)], next_before: 2 }
        : { calls: [buildCall(1, { status: 503 })], next_before: null },
    );
    const { user } = renderRoutes(routes, '/developer_apps/5/apiActivity');
    const table = await screen.findByRole('table', { name: 'API calls, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('404')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('POST')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('12 ms')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Sandbox')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load older calls' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(requests.at(-1)?.before).toBe('2');
    expect(within(within(table).getAllByRole('row')[3] as HTMLElement).getByText('503')).toBeInTheDocument();
    expect(screen.getByText('That is every call kept (30 days).')).toBeInTheDocument();
  });

  it('filters by status class and method, keeps them in the URL, and says when nothing matches', async () => {
    const { requests } = serve((request) =>
      request.status === '4xx'
        ? { calls: [], next_before: null }
        : { calls: [buildCall(1)], next_before: null },
    );
    const { user, router } = renderRoutes(routes, '/developer_apps/5/apiActivity?method=POST');
    await screen.findByRole('table', { name: 'API calls, newest first' });
    expect(requests[0]?.method).toBe('POST');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: '4xx' }));
    expect(await screen.findByRole('heading', { name: 'No calls match these filters' })).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({ status: '4xx', method: 'POST' });
    expect(router.state.location.search).toContain('status=4xx');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByRole('table', { name: 'API calls, newest first' });
    expect(router.state.location.search).toBe('');
  });

  it("opens a call's details: the error answered, the headers, the request id to copy", async () => {
    const call = buildCall(4, { status: 422, method: 'POST', path: '/rest/v1.0/projects/1/rfis' });
    const detail: ApiCallDetail = {
      ...call,
      client_id: 'client-abc',
      request_headers: { 'user-agent': 'curl/8', 'platform-company-id': '7' },
      response_error: '{"errors":{"subject":["can\'t be blank"]}}',
    };
    serve(() => ({ calls: [call], next_before: null }), detail);
    const { user, router } = renderRoutes(routes, '/developer_apps/5/apiActivity');
    await user.click(
      await screen.findByRole('button', { name: /Open the details of POST \/rest\/v1.0\/projects\/1\/rfis/ }),
    );
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('POST /rest/v1.0/projects/1/rfis')).toBeInTheDocument();
    expect(await within(drawer).findByText('curl/8')).toBeInTheDocument();
    expect(within(drawer).getByText('platform-company-id')).toBeInTheDocument();
    expect(within(drawer).getByText(/can't be blank/)).toBeInTheDocument();
    expect(within(drawer).getByText('req-4')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Copy request id' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?call=4');
    await user.click(within(drawer).getByRole('button', { name: "Close the call's details" }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('brings new calls in at the top while live, keeping the rows shown, and stops when paused', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let newest = [buildCall(2), buildCall(1)];
    const { requests } = serve(() => ({ calls: newest, next_before: null }));
    const { user } = renderRoutes(routes, '/developer_apps/5/apiActivity');
    const table = await screen.findByRole('table', { name: 'API calls, newest first' });
    expect(screen.getByText('Live')).toBeInTheDocument();
    newest = [buildCall(3, { status: 500 }), buildCall(2)];
    await act(() => vi.advanceTimersByTimeAsync(LIVE_INTERVAL_MS + 100));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('500')).toBeInTheDocument();
    // Call 1 left the newest page but stays on screen.
    expect(within(table).getByText('/rest/v1.0/projects?call=1')).toBeInTheDocument();

    const pause = screen.getByRole('button', { name: 'Pause live updates' });
    await user.click(pause);
    expect(screen.getByText('Paused')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resume live updates' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const asked = requests.length;
    await act(() => vi.advanceTimersByTimeAsync(LIVE_INTERVAL_MS * 3));
    expect(requests.length).toBe(asked);
  });
});
