import type { RateLimitBucket } from '@lintel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockFetch, renderRoutes } from '../../test/render';
import { RateLimitsPage } from './RateLimitsPage';

const routes = [{ path: '/admin/rate_limits', element: <RateLimitsPage /> }];
const SERVERS = ['Production_US01', 'Production_US02', 'Integrator_Sandbox'];
const base = '/api/v1/admin/quota_minder_servers';

function bucket(overrides: Partial<RateLimitBucket> = {}): RateLimitBucket {
  return {
    id: 11,
    server: 'Production_US02',
    name: 'Acme',
    client_id: 'client-acme',
    domain: 'api.example.test',
    bucket_templates: [
      { name: 'main', fill_type: 'count', interval_ms: 3_600_000, limit: 7200 },
      { name: 'spike', fill_type: 'count', interval_ms: 10_000, limit: 100 },
    ],
    created_at: '2026-03-01T10:00:00Z',
    updated_at: '2026-03-01T10:00:00Z',
    ...overrides,
  };
}

type Call = { url: string; method: string; body: unknown };

function server(handlers: { onWrite?: (call: Call) => ReturnType<typeof errorBody> | undefined } = {}) {
  const writes: Call[] = [];
  const fetchMock = mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === base) return { body: { data: SERVERS } };
    if (method === 'GET' && url.startsWith(`${base}/`)) return { body: { data: [bucket()] } };
    const call = { url, method, body: init.body ? JSON.parse(String(init.body)) : undefined };
    writes.push(call);
    const refused = handlers.onWrite?.(call);
    if (refused) return refused;
    if (method === 'DELETE') return { status: 204 };
    return { status: method === 'POST' ? 201 : 200, body: { data: bucket() } };
  });
  return { fetchMock, writes };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RateLimitsPage', () => {
  it('offers the servers and retrieves the buckets of the chosen one', async () => {
    const { fetchMock } = server();
    const { user, router } = renderRoutes(routes, '/admin/rate_limits');
    const select = await screen.findByRole('combobox', { name: 'Server' });
    expect(select).toHaveValue('Production_US01');
    expect(screen.getByText('Choose a server and retrieve its buckets.')).toBeInTheDocument();
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Production_US02' }));
    await waitFor(() => expect(router.state.location.search).toBe('?server=Production_US02'));
    await user.click(screen.getByRole('button', { name: 'Retrieve buckets' }));
    const table = await screen.findByRole('table', { name: 'Buckets on Production_US02' });
    expect(within(table).getByText('client-acme')).toBeInTheDocument();
    expect(within(table).getByText('main: count, 3,600,000 ms, limit 7,200')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(`${base}/Production_US02/buckets`);
  });

  it('adds a bucket with the default templates and an extra one, after the browser confirmation', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { writes } = server();
    const { user } = renderRoutes(routes, '/admin/rate_limits?server=Integrator_Sandbox');
    const form = await screen.findByRole('form', { name: 'Add bucket' });
    const templates = within(form).getAllByRole('group');
    expect(templates).toHaveLength(2);
    expect(within(templates[0] as HTMLElement).getByLabelText(/Template name/)).toHaveValue('main');
    expect(within(templates[0] as HTMLElement).getByLabelText(/Interval/)).toHaveValue('3,600,000');
    expect(within(templates[0] as HTMLElement).getByLabelText(/Limit/)).toHaveValue('7,200');
    expect(within(templates[1] as HTMLElement).getByLabelText(/Template name/)).toHaveValue('spike');
    expect(within(templates[1] as HTMLElement).getByLabelText(/Interval/)).toHaveValue('10,000');
    expect(within(templates[1] as HTMLElement).getByLabelText(/Limit/)).toHaveValue('100');

    await user.type(within(form).getByLabelText(/^Name/), 'Acme');
    await user.type(within(form).getByLabelText(/Client ID/), 'client-acme');
    await user.type(within(form).getByLabelText(/Domain/), 'api.example.test');
    await user.click(within(form).getByRole('button', { name: 'Add template' }));
    const extra = within(form).getAllByRole('group')[2] as HTMLElement;
    expect(within(extra).getByRole('combobox', { name: /Fill type/ })).toHaveValue('count');
    expect(within(extra).getByLabelText(/Interval/)).toHaveValue('10,000');
    expect(within(extra).getByLabelText(/Limit/)).toHaveValue('100');
    await user.type(within(extra).getByLabelText(/Template name/), 'burst');

    await user.click(within(form).getByRole('button', { name: 'Add bucket' }));
    expect(confirm).toHaveBeenCalledWith('Add the bucket Acme to Integrator_Sandbox?');
    expect(writes).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Add bucket' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      url: `${base}/Integrator_Sandbox/buckets`,
      method: 'POST',
      body: {
        data: {
          name: 'Acme',
          client_id: 'client-acme',
          domain: 'api.example.test',
          bucket_templates: [
            { name: 'main', fill_type: 'count', interval_ms: 3_600_000, limit: 7200 },
            { name: 'spike', fill_type: 'count', interval_ms: 10_000, limit: 100 },
            { name: 'burst', fill_type: 'count', interval_ms: 10_000, limit: 100 },
          ],
        },
      },
    });
    expect(await screen.findByRole('table', { name: 'Buckets on Integrator_Sandbox' })).toBeInTheDocument();
  });

  it('names every number stepper by its label and steps it with the arrow keys', async () => {
    server();
    const { user } = renderRoutes(routes, '/admin/rate_limits?server=Integrator_Sandbox');
    const form = await screen.findByRole('form', { name: 'Add bucket' });
    const spike = within(form).getAllByRole('group')[1] as HTMLElement;
    const limit = within(spike).getByRole('spinbutton', { name: /Limit/ });
    expect(within(spike).getByRole('spinbutton', { name: /Interval/ })).toHaveAttribute(
      'aria-valuenow',
      '10000',
    );
    expect(limit).toHaveAttribute('aria-valuenow', '100');
    expect(limit).toHaveAttribute('aria-valuemin', '0');
    await user.click(limit);
    await user.keyboard('{ArrowUp}');
    expect(limit).toHaveValue('101');
    expect(limit).toHaveAttribute('aria-valuenow', '101');
    expect(within(form).getAllByRole('spinbutton')).toHaveLength(4);
    for (const stepper of within(form).getAllByRole('spinbutton')) expect(stepper).toHaveAccessibleName();
  });

  it("writes the steppers' digits the Spanish way in Spanish", async () => {
    server();
    renderRoutes(routes, '/admin/rate_limits?server=Integrator_Sandbox', { language: 'es' });
    const main = (await screen.findAllByRole('group'))[0] as HTMLElement;
    expect(within(main).getByRole('spinbutton', { name: /Intervalo/ })).toHaveValue('3.600.000');
    expect(within(main).getByRole('spinbutton', { name: /Límite/ })).toHaveValue('7.200');
  });

  it('edits and deletes a bucket of the server, each after the browser confirmation', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { writes } = server();
    const { user } = renderRoutes(routes, '/admin/rate_limits?server=Production_US02');
    await user.click(await screen.findByRole('button', { name: 'Retrieve buckets' }));
    await user.click(await screen.findByRole('button', { name: 'Edit bucket Acme' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit bucket Acme on Production_US02' });
    const limit = within(within(dialog).getAllByRole('group')[0] as HTMLElement).getByLabelText(/Limit/);
    await user.clear(limit);
    await user.type(limit, '9000');
    await user.click(within(dialog).getByRole('button', { name: 'Save bucket' }));
    expect(confirm).toHaveBeenLastCalledWith('Save the changes to the bucket Acme on Production_US02?');
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      url: `${base}/Production_US02/buckets`,
      method: 'PATCH',
      body: {
        data: { id: 11, name: 'Acme', bucket_templates: [{ name: 'main', limit: 9000 }, { name: 'spike' }] },
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete bucket Acme' }));
    expect(confirm).toHaveBeenLastCalledWith('Delete the bucket Acme from Production_US02?');
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toMatchObject({ url: `${base}/Production_US02/buckets/11`, method: 'DELETE' });
  });

  it("shows a refused call's server message in a browser alert", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    server({
      onWrite: () => ({
        status: 422,
        body: {
          errors: ['Data bucket templates 0 limit must be at least 0'],
          error: {
            code: 'validation_failed',
            message: 'Data bucket templates 0 limit must be at least 0',
            details: [
              { path: 'data.bucket_templates.0.limit', message: 'must be at least 0', code: 'too_small' },
            ],
          },
        },
      }),
    });
    const { user } = renderRoutes(routes, '/admin/rate_limits');
    const form = await screen.findByRole('form', { name: 'Add bucket' });
    await user.type(within(form).getByLabelText(/^Name/), 'Bad');
    await user.type(within(form).getByLabelText(/Client ID/), 'client-bad');
    await user.click(within(form).getByRole('button', { name: 'Add bucket' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Data bucket templates 0 limit must be at least 0'),
    );
  });

  it("alerts a failed retrieve's server message once per failure, keeping the error on the page", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    mockFetch((url) => {
      if (url === base) return { body: { data: SERVERS } };
      if (url.startsWith(`${base}/`)) return errorBody(502, 'bad_gateway', 'Quota minder unreachable');
      return undefined;
    });
    const { user } = renderRoutes(routes, '/admin/rate_limits');
    const retrieve = await screen.findByRole('button', { name: 'Retrieve buckets' });
    await user.click(retrieve);
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Quota minder unreachable'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Quota minder unreachable');
    // Re-renders (typing in the form) do not alert again.
    const form = screen.getByRole('form', { name: 'Add bucket' });
    await user.type(within(form).getByLabelText(/^Name/), 'Acme');
    expect(alert).toHaveBeenCalledTimes(1);
    // A second failed retrieve is a second alert.
    await user.click(screen.getByRole('button', { name: 'Retrieve buckets' }));
    await waitFor(() => expect(alert).toHaveBeenCalledTimes(2));
  });

  it('shows the forbidden page when the server refuses', async () => {
    mockFetch(() => errorBody(403, 'forbidden', 'Forbidden'));
    renderRoutes(routes, '/admin/rate_limits');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
  });
});
