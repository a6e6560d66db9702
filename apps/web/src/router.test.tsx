import { act, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { type RouteObject, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from './router';
import { lazyPage, PageFrame, preloadPages } from './routing';
import { buildOutboundEmail, buildSession } from './test/factories';
import { errorBody, mockFetch, renderRoutes } from './test/render';

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

function Crash(): never {
  throw new Error('boom');
}

/** A list page whose query setter the test holds, as a debounced search box would call it. */
const searchPage: { set: ReturnType<typeof useSearchParams>[1] } = { set: () => {} };
function SearchPage() {
  const [params, set] = useSearchParams();
  searchPage.set = set;
  return <p>Search page {params.get('search')}</p>;
}

const signedOut = () => errorBody(401, 'unauthenticated', 'Sign in first');

describe('routes', () => {
  beforeEach(() => setWidth(1280));
  afterEach(() => setWidth(1024));

  it('sends signed-out visitors of a protected page to sign-in with a redirect', async () => {
    mockFetch((url) => (url === '/api/v1/session' ? signedOut() : undefined));
    const { router } = renderRoutes(createRoutes(), '/account?tab=password');
    expect(await screen.findByRole('heading', { name: 'Sign in to Lintel' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign_in');
    expect(router.state.location.search).toBe('?redirect=%2Faccount%3Ftab%3Dpassword');
  });

  it('shows the platform policies the create-app modal links to, signed out too', async () => {
    mockFetch((url) => (url === '/api/v1/session' ? signedOut() : undefined));
    renderRoutes(createRoutes(), '/terms_and_conditions');
    expect(
      await screen.findByRole('heading', { name: 'Platform policies and terms and conditions' }),
    ).toBeInTheDocument();
  });

  it('shows a 404 page for unknown paths', async () => {
    mockFetch((url) => (url === '/api/v1/session' ? signedOut() : undefined));
    renderRoutes(createRoutes(), '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows the top navigation with the Reference menu and no Admin menu for developers', async () => {
    mockFetch((url) => (url === '/api/v1/session' ? { body: buildSession() } : undefined));
    const { user } = renderRoutes(createRoutes(), '/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lintel' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Admin' })).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Reference' }));
    expect(await screen.findByRole('menuitem', { name: 'Rest API' })).toHaveAttribute(
      'href',
      '/reference/rest/docs/rest-api-overview',
    );
    const legacy = screen.getByRole('menuitem', { name: /Legacy API/ });
    expect(legacy).toHaveAttribute('href', 'https://developers.example.com/legacy-api');
    expect(legacy).toHaveAttribute('target', '_blank');
    expect(legacy).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('collapses the navigation into a drawer below 1100 px', async () => {
    setWidth(900);
    mockFetch((url) => (url === '/api/v1/session' ? { body: buildSession({ is_admin: true }) } : undefined));
    const { user } = renderRoutes(createRoutes(), '/');
    await user.click(await screen.findByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('link', { name: 'Outbound e-mail' })).toHaveAttribute(
      'href',
      '/admin/outbound_emails',
    );
    expect(within(drawer).getByRole('link', { name: 'Account settings' })).toBeInTheDocument();
  });

  it('answers 403 to a developer opening an admin page', async () => {
    mockFetch((url) => (url === '/api/v1/session' ? { body: buildSession() } : undefined));
    renderRoutes(createRoutes(), '/admin/outbound_emails');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
  });

  it.each([
    '/admin/analytics',
    '/admin/developer_apps',
    '/admin/review_queue',
    '/admin/developers',
    '/admin/oauth_applications',
    '/admin/audit',
    '/admin/notifications',
    '/admin/changelog',
  ])(
    'sends an administrator without the required second factor from %s to the account page',
    async (path) => {
      mockFetch((url) => {
        if (url === '/api/v1/session') return { body: buildSession({ is_admin: true }) };
        if (url === '/api/v1/account/two_factor') {
          return {
            body: {
              totp_enabled: false,
              totp_enabled_at: null,
              recovery_codes_left: 0,
              passkeys: 0,
              setup_required: true,
            },
          };
        }
        return undefined;
      });
      const { router } = renderRoutes(createRoutes(), path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
      expect(router.state.location.hash).toBe('#two-factor');
    },
  );

  it('lists outbound e-mail for admins and shows one in a sandboxed frame', async () => {
    const email = buildOutboundEmail({ html_body: '<p>Hello</p><script>alert(1)</script>' });
    const fetchMock = mockFetch((url) => {
      if (url === '/api/v1/session') return { body: buildSession({ is_admin: true }) };
      if (url.startsWith('/api/v1/admin/outbound_emails')) {
        return { body: [email], headers: { Total: '1', 'Per-Page': '50' } };
      }
      return undefined;
    });
    const { user } = renderRoutes(createRoutes(), '/admin/outbound_emails');
    expect(await screen.findByRole('heading', { name: 'Outbound e-mail', level: 1 })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Open e-mail “Confirm your e-mail address”/ });
    expect(within(row).getByText('dev@example.com')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
      '/api/v1/admin/outbound_emails?page=1&per_page=50&sort[]=-created_at',
    );

    await user.click(row);
    const frame = await screen.findByTitle('HTML body of “Confirm your e-mail address”');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', email.html_body);
  });

  it('filters outbound e-mail by status from page 1', async () => {
    const fetchMock = mockFetch((url) => {
      if (url === '/api/v1/session') return { body: buildSession({ is_admin: true }) };
      if (url.startsWith('/api/v1/admin/outbound_emails'))
        return { body: [], headers: { Total: '0', 'Per-Page': '50' } };
      return undefined;
    });
    const { user } = renderRoutes(createRoutes(), '/admin/outbound_emails');
    expect(await screen.findByText('No e-mails match these filters.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
        '/api/v1/admin/outbound_emails?page=1&per_page=50&sort[]=-created_at&filters[status]=failed',
      ),
    );
  });

  it('shows a chunk-load failure with a Reload button, inside the navigation', async () => {
    mockFetch((url) => (url === '/api/v1/session' ? signedOut() : undefined));
    const [root] = createRoutes();
    const broken: RouteObject[] = [
      {
        element: root?.element,
        children: [
          {
            element: <PageFrame />,
            children: [
              {
                path: 'sign_in',
                element: lazyPage([], async () => {
                  throw new TypeError('Failed to fetch dynamically imported module: /assets/SignInPage-x.js');
                }),
              },
            ],
          },
        ],
      },
    ];
    renderRoutes(broken, '/sign_in');
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lintel' })).toBeInTheDocument();
  });

  it('shows a crashed page with a link home, and leaves it behind on the next navigation', async () => {
    mockFetch((url) => (url === '/api/v1/session' ? signedOut() : undefined));
    // React reports the error it caught; the test is about what the visitor sees.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const [root] = createRoutes();
    const routes: RouteObject[] = [
      {
        element: root?.element,
        children: [
          {
            element: <PageFrame />,
            children: [
              { path: 'crash', element: <Crash /> },
              { path: 'fine', element: <p>Fine page</p> },
            ],
          },
        ],
      },
    ];
    const { router } = renderRoutes(routes, '/crash');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The application has encountered an error. It has been logged and reported.',
    );
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await router.navigate('/fine');
    expect(await screen.findByText('Fine page')).toBeInTheDocument();
    expect(screen.queryByText(/has encountered an error/)).not.toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('renders a page preloaded before the first render at once, without the loading placeholder', async () => {
    mockFetch((url) => (url === '/api/v1/session' ? signedOut() : undefined));
    const frame = (path: string): RouteObject[] => [
      {
        element: <PageFrame />,
        children: [{ path, element: lazyPage([], async () => ({ default: () => <p>Loaded page</p> })) }],
      },
    ];
    const preloaded = frame('here');
    await preloadPages(preloaded, '/here');
    renderRoutes(preloaded, '/here');
    expect(screen.getByText('Loaded page')).toBeInTheDocument();
    expect(screen.queryAllByRole('status')).toEqual([]);
  });

  it('keeps the current page and shows the progress bar while the next page loads', async () => {
    mockFetch((url) => (url === '/api/v1/session' ? signedOut() : undefined));
    let finish: (module: { default: () => ReactElement }) => void = () => {};
    const slow = new Promise<{ default: () => ReactElement }>((resolve) => {
      finish = resolve;
    });
    const [root] = createRoutes();
    const routes: RouteObject[] = [
      {
        element: root?.element,
        children: [
          {
            element: <PageFrame />,
            children: [
              { path: 'here', element: <p>Current page</p> },
              { path: 'next', element: lazyPage([], () => slow) },
            ],
          },
        ],
      },
    ];
    const { router, container } = renderRoutes(routes, '/here');
    expect(await screen.findByText('Current page')).toBeInTheDocument();
    const progress = () => container.querySelector('header [data-navigation-progress]');
    expect(progress()).toBeNull();

    await router.navigate('/next');
    expect(screen.getByText('Current page')).toBeInTheDocument();
    expect(progress()).not.toBeNull();

    await act(async () => finish({ default: () => <p>Next page</p> }));
    expect(await screen.findByText('Next page')).toBeInTheDocument();
    expect(progress()).toBeNull();
  });

  it('keeps a navigation to the next page when the page being left replaces its own query (a late search)', async () => {
    mockFetch((url) => (url === '/api/v1/session' ? signedOut() : undefined));
    let finish: (module: { default: () => ReactElement }) => void = () => {};
    const slow = new Promise<{ default: () => ReactElement }>((resolve) => {
      finish = resolve;
    });
    const routes: RouteObject[] = [
      {
        element: <PageFrame />,
        children: [
          { path: 'list', element: <SearchPage /> },
          { path: 'list/item', element: lazyPage([], () => slow) },
        ],
      },
    ];
    const { router } = renderRoutes(routes, '/list');
    expect(await screen.findByText('Search page')).toBeInTheDocument();

    // On the page, a replace of its own query lands as usual.
    await act(async () => searchPage.set({ search: 'tim' }, { replace: true }));
    expect(router.state.location.search).toBe('?search=tim');

    // The visitor opens an item; while it loads, the list's debounced search replaces its query.
    await router.navigate('/list/item');
    await act(async () => searchPage.set({ search: 'timber' }, { replace: true }));
    expect(router.state.location.pathname).toBe('/list/item');

    await act(async () => finish({ default: () => <p>Item page</p> }));
    expect(await screen.findByText('Item page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/list/item');
  });
});
