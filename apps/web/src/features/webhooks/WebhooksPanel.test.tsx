import type {
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookHook,
  WebhookPermissions,
  WebhooksOverview,
} from '@lintel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession } from '../../test/factories';
import { errorBody, mockFetch, renderRoutes } from '../../test/render';
import {
  apiDeliveryFilters,
  deliveryFiltersFromSearch,
  NO_DELIVERY_FILTERS,
  searchWithDeliveryFilters,
} from './filters';
import { WebhooksPanel } from './WebhooksPanel';

const NOW = Date.now();
const MANAGER: WebhookPermissions = {
  can_manage: true,
  can_redeliver: true,
  can_view_secret: true,
  can_rotate_secret: true,
};

function buildHook(overrides: Partial<WebhookHook> = {}): WebhookHook {
  return {
    id: 11,
    company_id: 4_000_001,
    project_id: null,
    namespace: 'my-app',
    api_version: 'v2.0',
    destination_url: 'https://receiver.example.com/hooks',
    has_authorization: false,
    triggers: [
      {
        id: 21,
        hook_id: 11,
        resource_name: 'RFIs',
        event_type: 'create',
        created_at: new Date(NOW).toISOString(),
      },
    ],
    health: {
      success_rate_24h: 0.5,
      state: 'backing_off',
      failing_since: new Date(NOW - 60_000).toISOString(),
      next_attempt_at: new Date(NOW + 30_000).toISOString(),
      discarded_count: 2,
      queued_count: 1,
    },
    created_at: new Date(NOW).toISOString(),
    updated_at: new Date(NOW).toISOString(),
    ...overrides,
  };
}

function overview(hooks: WebhookHook[], permissions = MANAGER): WebhooksOverview {
  return {
    company_id: 4_000_001,
    hooks,
    resources: [
      { resource_name: 'Projects', event_types: ['create', 'update'] },
      { resource_name: 'RFIs', event_types: ['create', 'update', 'delete'] },
    ],
    permissions,
    generated_at: new Date(NOW).toISOString(),
  };
}

const delivery: WebhookDelivery = {
  id: 31,
  hook_id: 11,
  event_id: 41,
  resource_name: 'RFIs',
  event_type: 'create',
  status: 'failing',
  is_test: false,
  redelivery_of: null,
  attempts: 2,
  next_attempt_at: new Date(NOW + 30_000).toISOString(),
  created_at: new Date(NOW - 5_000).toISOString(),
  completed_at: null,
  last_response_status: 500,
  last_response_error: 'status 500',
  last_duration_ms: 12,
};

const detail: WebhookDeliveryDetail = {
  ...delivery,
  destination_url: 'https://receiver.example.com/hooks',
  body: '{"id":41,"resource_name":"RFIs","event_type":"create"}',
  attempts_log: [
    {
      id: 51,
      outcome: 'retried',
      request_headers: { 'webhook-id': 'msg_1', 'webhook-signature': 'v1,abc' },
      response_status: 500,
      response_headers: { 'content-type': 'text/plain' },
      response_body: 'receiver down',
      response_error: 'status 500',
      started_at: new Date(NOW - 5_000).toISOString(),
      completed_at: new Date(NOW - 4_990).toISOString(),
      duration_ms: 10,
    },
  ],
};

function serve(answer: WebhooksOverview | ReturnType<typeof errorBody>) {
  const calls: { url: string; method: string; body: string | null }[] = [];
  const fetchMock = mockFetch((url, init) => {
    calls.push({ url, method: init.method ?? 'GET', body: (init.body as string | undefined) ?? null });
    if (url === '/api/v1/session') return { body: buildSession() };
    const parsed = new URL(url, 'http://localhost');
    if (parsed.pathname === '/api/v1/developer_apps/5/webhooks')
      return 'status' in answer ? answer : { body: answer };
    if (parsed.pathname === '/api/v1/developer_apps/5/webhooks/deliveries')
      return { body: { deliveries: [delivery], next_before: null } };
    if (parsed.pathname === '/api/v1/developer_apps/5/webhooks/deliveries/31') return { body: detail };
    if (parsed.pathname === '/api/v1/developer_apps/5/webhooks/hooks/11/signing_secret/reveal')
      return { body: { signing_secret: 'whsec_revealed', previous_expires_at: null } };
    return undefined;
  });
  return { fetchMock, calls };
}

const routes = [{ path: '/developer_apps/:id/webhooks', element: <WebhooksPanel appId={5} /> }];

describe('WebhooksPanel', () => {
  it('offers a first hook when there is none', async () => {
    serve(overview([]));
    const { user } = renderRoutes(routes, '/developer_apps/5/webhooks');
    expect(await screen.findByText('No hooks yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add hook' }));
    expect(await screen.findByRole('dialog', { name: 'Add a hook' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Destination URL' })).toBeInTheDocument();
  });

  it('says so when the overview cannot be loaded', async () => {
    serve(errorBody(500, 'internal_error', 'Something went wrong on our side.'));
    renderRoutes(routes, '/developer_apps/5/webhooks');
    expect(await screen.findByText('The webhooks could not be loaded.')).toBeInTheDocument();
  });

  it("shows a hook's health, triggers and secret, and the log whose row opens every attempt", async () => {
    serve(overview([buildHook()]));
    const { user } = renderRoutes(routes, '/developer_apps/5/webhooks');
    const hook = await screen.findByRole('article', { name: 'https://receiver.example.com/hooks' });
    expect(within(hook).getByText('Backing off')).toBeInTheDocument();
    expect(within(hook).getByText('50% delivered in the last 24 hours')).toBeInTheDocument();
    expect(within(hook).getByText('2 discarded')).toBeInTheDocument();
    expect(within(hook).getByText(/^Next attempt /)).toBeInTheDocument();
    expect(within(hook).getByRole('button', { name: 'Remove trigger RFIs created' })).toBeInTheDocument();
    await user.click(within(hook).getByRole('button', { name: 'Reveal' }));
    expect(await within(hook).findByText('whsec_revealed')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Webhook deliveries, newest first' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(within(row as HTMLElement).getByText('Failing')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('500')).toBeInTheDocument();
    await user.click(
      within(row as HTMLElement).getByRole('button', { name: /Open the delivery of RFIs created/ }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Delivery #31' });
    expect(await within(drawer).findByText('Attempt 1')).toBeInTheDocument();
    expect(within(drawer).getByText(/"resource_name": "RFIs"/)).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Redeliver' })).toBeInTheDocument();
  });

  it('keeps the change buttons from a reader who may not change the hooks', async () => {
    serve(
      overview([buildHook()], {
        can_manage: false,
        can_redeliver: false,
        can_view_secret: false,
        can_rotate_secret: false,
      }),
    );
    renderRoutes(routes, '/developer_apps/5/webhooks');
    const hook = await screen.findByRole('article', { name: 'https://receiver.example.com/hooks' });
    await waitFor(() => expect(within(hook).getByText('RFIs created')).toBeInTheDocument());
    expect(
      within(hook).queryByRole('button', { name: 'Remove trigger RFIs created' }),
    ).not.toBeInTheDocument();
    expect(within(hook).queryByRole('button', { name: 'Send test event' })).not.toBeInTheDocument();
    expect(within(hook).queryByRole('button', { name: 'Reveal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add hook' })).not.toBeInTheDocument();
  });
});

describe('deliveries filters', () => {
  it('reads the URL, leaves out what is invalid and writes back only what is set', () => {
    const filters = deliveryFiltersFromSearch(
      new URLSearchParams('wh_status=failing&wh_resource=RFIs&wh_event=create&wh_hook=abc&wh_range=24h'),
    );
    expect(filters).toMatchObject({ status: 'failing', resource: 'RFIs', eventType: 'create', hookId: null });
    const sent = apiDeliveryFilters(filters, Date.parse('2026-01-02T00:00:00Z'));
    expect(sent).toEqual({
      status: 'failing',
      resource_name: 'RFIs',
      event_type: 'create',
      from: '2026-01-01T00:00:00.000Z',
    });
    const written = searchWithDeliveryFilters(new URLSearchParams('status=4xx'), NO_DELIVERY_FILTERS);
    // The API activity log's own parameters stay (the classic page shows both).
    expect(written.toString()).toBe('status=4xx');
  });
});
