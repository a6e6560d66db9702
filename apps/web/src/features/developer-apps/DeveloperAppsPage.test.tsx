import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockFetch, renderRoutes } from '../../test/render';
import { listAnswer } from '../notifications/factories';
import { DeveloperAppsPage } from './DeveloperAppsPage';
import { buildAppSummary, buildDeveloperApp, buildSandbox } from './factories';

const routes = [
  { path: '/developer_apps', element: <DeveloperAppsPage /> },
  { path: '/developer_apps/:id', element: <h1>App page</h1> },
  { path: '/terms_and_conditions', element: <h1>Terms</h1> },
];

const isList = (url: string) => url.startsWith('/api/v1/developer_apps?');

afterEach(() => {
  vi.useRealTimers();
});

describe('DeveloperAppsPage', () => {
  it('lists the apps with logo or initials, role and sandbox status', async () => {
    const fetchMock = mockFetch((url) =>
      isList(url)
        ? listAnswer(
            [
              buildAppSummary({
                id: 7,
                internal_name: 'Site Diary',
                current_user_role: 'developer',
                sandbox_status: 'pending',
              }),
              buildAppSummary({
                id: 3,
                internal_name: 'Crane Tracker',
                thumbnail_url: '/api/v1/developer_apps/3/thumbnail?v=1',
                sandbox_status: 'failed',
                live: true,
              }),
            ],
            { perPage: 24 },
          )
        : undefined,
    );
    renderRoutes(routes, '/developer_apps');
    expect(screen.getByRole('heading', { name: 'Apps', level: 1 })).toBeInTheDocument();
    const diary = await screen.findByRole('link', { name: /^Site Diary/ });
    expect(diary).toHaveAttribute('href', '/developer_apps/7');
    expect(within(diary).getByText('SD')).toBeInTheDocument();
    expect(within(diary).getByText('Developer')).toBeInTheDocument();
    expect(within(diary).getByText('Building sandbox')).toBeInTheDocument();
    const crane = screen.getByRole('link', { name: /^Crane Tracker/ });
    expect(within(crane).getByText('Owner')).toBeInTheDocument();
    expect(within(crane).getByText('Sandbox failed')).toBeInTheDocument();
    // Live in the marketplace (isAppLive on the server): the marker only on the live app.
    expect(within(crane).getByText('Live')).toBeInTheDocument();
    expect(within(diary).queryByText('Live')).not.toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/developer_apps?page=1&per_page=24');
    expect(screen.getByRole('button', { name: 'Create a New App' })).toBeInTheDocument();
  });

  it('shows an empty state with a call to action', async () => {
    mockFetch((url) => (isList(url) ? listAnswer([]) : undefined));
    const { user } = renderRoutes(routes, '/developer_apps');
    expect(await screen.findByText('You have no apps yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create a New App' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a New App' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /terms and conditions/ })).toHaveAttribute(
      'href',
      '/terms_and_conditions',
    );
  });

  it("shows an error state in the user's language, with a retry", async () => {
    mockFetch(() => errorBody(500, 'internal_error', 'Boom'));
    renderRoutes(routes, '/developer_apps');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An error occurred');
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again.');
    expect(alert).not.toHaveTextContent('Boom');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('CreateAppModal', () => {
  async function openModal(handler: Parameters<typeof mockFetch>[0], timers = false) {
    const fetchMock = mockFetch((url, init) => (isList(url) ? listAnswer([]) : handler(url, init)));
    const result = renderRoutes(routes, '/developer_apps');
    const user = timers ? userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) }) : result.user;
    await user.click(await screen.findByRole('button', { name: 'Create a New App' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a New App' });
    return { ...result, user, dialog, fetchMock };
  }

  it('requires the App Name', async () => {
    const { user, dialog, fetchMock } = await openModal(() => undefined);
    await user.click(within(dialog).getByRole('button', { name: 'Create App' }));
    expect(await within(dialog).findByText('App Name is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows the submitting state, then "Something Went Wrong" with the response’s message', async () => {
    let answer: (value: Response) => void = () => {};
    const { user, dialog, fetchMock } = await openModal(() => undefined);
    fetchMock.mockImplementationOnce(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: /App Name/ }), 'Crane Tracker');
    await user.click(within(dialog).getByRole('button', { name: 'Create App' }));
    const submit = within(dialog).getByRole('button', { name: 'Create App' });
    expect(submit).toHaveAttribute('data-loading');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    const body = {
      errors: ['Name is taken'],
      error: { code: 'conflict', message: 'Name is taken', details: [] },
    };
    answer(new Response(JSON.stringify(body), { status: 409 }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Something Went Wrong');
    expect(alert).toHaveTextContent('Name is taken');
    expect(submit).not.toHaveAttribute('data-loading');
    const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
    expect(String(url)).toBe('/api/v1/developer_apps');
    expect(JSON.parse(String(init?.body))).toEqual({ internal_name: 'Crane Tracker' });
  });

  it('goes to the new app at once when it already has a sandbox', async () => {
    const { user, dialog, router } = await openModal((url, init) =>
      url === '/api/v1/developer_apps' && init.method === 'POST'
        ? { status: 201, body: buildDeveloperApp({ id: 42, sandbox: buildSandbox({ status: 'pending' }) }) }
        : undefined,
    );
    await user.type(within(dialog).getByRole('textbox', { name: /App Name/ }), 'Crane Tracker');
    await user.click(within(dialog).getByRole('button', { name: 'Create App' }));
    expect(await screen.findByRole('heading', { name: 'App page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/developer_apps/42');
  });

  it('polls every second until the app has a sandbox, then goes to it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    const { user, dialog, router } = await openModal((url, init) => {
      if (url === '/api/v1/developer_apps' && init.method === 'POST')
        return { status: 201, body: buildDeveloperApp({ id: 42, sandbox: null }) };
      if (url === '/api/v1/developer_apps/42') {
        polls += 1;
        return {
          body: buildDeveloperApp({
            id: 42,
            sandbox: polls >= 2 ? buildSandbox({ status: 'pending' }) : null,
          }),
        };
      }
      return undefined;
    }, true);
    await user.type(within(dialog).getByRole('textbox', { name: /App Name/ }), 'Crane Tracker');
    await user.click(within(dialog).getByRole('button', { name: 'Create App' }));
    expect(await within(dialog).findByText('Setting up your app…')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create App' })).toHaveAttribute('data-loading');
    expect(polls).toBe(0);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(polls).toBe(1);
    expect(router.state.location.pathname).toBe('/developer_apps');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(polls).toBe(2);
    expect(await screen.findByRole('heading', { name: 'App page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/developer_apps/42');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(polls).toBe(2);
  });

  it('goes to the new app after 10 seconds even without a sandbox', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    const { user, dialog, router } = await openModal((url, init) => {
      if (url === '/api/v1/developer_apps' && init.method === 'POST')
        return { status: 201, body: buildDeveloperApp({ id: 42, sandbox: null }) };
      if (url === '/api/v1/developer_apps/42') {
        polls += 1;
        return { body: buildDeveloperApp({ id: 42, sandbox: null }) };
      }
      return undefined;
    }, true);
    await user.type(within(dialog).getByRole('textbox', { name: /App Name/ }), 'Crane Tracker');
    await user.click(within(dialog).getByRole('button', { name: 'Create App' }));
    await within(dialog).findByText('Setting up your app…');
    await act(() => vi.advanceTimersByTimeAsync(9_500));
    expect(router.state.location.pathname).toBe('/developer_apps');
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(await screen.findByRole('heading', { name: 'App page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/developer_apps/42');
    expect(polls).toBeGreaterThanOrEqual(8);
    expect(polls).toBeLessThanOrEqual(10);
  });
});
