import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildSession, buildUser } from '../../../test/factories';
import { mockFetch, renderRoutes, renderWithProviders } from '../../../test/render';
import { AccountPage } from '../../account/AccountPage';
import { AppDetailLayout } from '../../developer-apps/detail/AppDetailLayout';
import { buildCollaborator, buildDeveloperApp } from '../../developer-apps/factories';
import { FORM_EXPERIENCE_FLAGS, readFlag, writeFlag } from './flags';
import { OptInBanner } from './OptInBanner';

function serve({ forced = false } = {}) {
  const base = buildSession();
  // The session's other features as a real one has them: the page's listing section reads them too.
  const session = { ...base, features: { ...base.features, form_experience_forced: forced } };
  return mockFetch((url, init) => {
    if (url === '/api/v1/session') return { body: session };
    if (url === '/api/v1/developer_apps/5') return { body: buildDeveloperApp() };
    if (url === '/api/v1/account' && (init.method ?? 'GET') === 'GET') return { body: buildUser() };
    if (url.startsWith('/api/v1/collaborators')) return { body: [buildCollaborator()] };
    if (url.startsWith('/api/v1/invitations')) return { body: [] };
    if (url === '/api/v1/analytics' && init.method === 'POST') return { status: 204 };
    return undefined;
  });
}

/** The keys of the analytics events the page sent (POST /api/v1/analytics). */
function analyticsKeys(fetchMock: ReturnType<typeof serve>): string[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => url === '/api/v1/analytics' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)).key);
}

const appRoutes = [
  {
    path: '/developer_apps/:id',
    element: <AppDetailLayout />,
    children: [
      { index: true, element: <p>Configurations tab</p> },
      { path: '*', element: <p>Another tab</p> },
    ],
  },
];
const accountRoutes = [{ path: '/account', element: <AccountPage /> }];

describe('the opt-in flags', () => {
  it('keeps the four flags of spec 2 §2 in browser storage', () => {
    expect(Object.keys(FORM_EXPERIENCE_FLAGS)).toEqual([
      'beta',
      'betaBannerDismissed',
      'betaForced',
      'selfServiceIntroDismissed',
    ]);
    expect(readFlag('beta')).toBe(false);
    writeFlag('beta', true);
    expect(window.localStorage.getItem(FORM_EXPERIENCE_FLAGS.beta)).toBe('true');
    expect(readFlag('beta')).toBe(true);
    writeFlag('beta', false);
    expect(window.localStorage.getItem(FORM_EXPERIENCE_FLAGS.beta)).toBeNull();
  });
});

describe('choosing the layout of the app page', () => {
  it('shows the older single page to a user who has not opted in', async () => {
    serve();
    renderRoutes(appRoutes, '/developer_apps/5');
    expect(await screen.findByRole('heading', { level: 2, name: 'Manifests' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Apps' })).toHaveAttribute('href', '/developer_apps');
    expect(within(crumbs).getByRole('link', { name: 'Crane Tracker (internal)' })).toHaveAttribute(
      'href',
      '/developer_apps/5',
    );
    expect(within(crumbs).getByText('Manage app')).toHaveAttribute('aria-current', 'page');
    for (const name of ['Settings', 'Sandbox', 'OAuth credentials', 'Collaborators']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    // The listing editor brings its own heading; its section is a region named as the others' headings.
    expect(screen.getByRole('region', { name: 'Marketplace listing' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'App sections' })).not.toBeInTheDocument();
    expect(screen.queryByText('Configurations tab')).not.toBeInTheDocument();
    expect(screen.getByText('Try the form-based experience')).toBeInTheDocument();
  });

  it('shows the tabs and the intro banner, dismissed once, to a user who opted in', async () => {
    writeFlag('beta', true);
    serve();
    const { user, unmount } = renderRoutes(appRoutes, '/developer_apps/5');
    expect(await screen.findByText('Configurations tab')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'App sections' })).toBeInTheDocument();
    expect(screen.queryByText('Manage app')).not.toBeInTheDocument();
    expect(screen.getByText('Welcome to the form-based experience')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Welcome to the form-based experience')).not.toBeInTheDocument();
    expect(readFlag('selfServiceIntroDismissed')).toBe(true);
    unmount();

    serve();
    renderRoutes(appRoutes, '/developer_apps/5');
    expect(await screen.findByText('Configurations tab')).toBeInTheDocument();
    expect(screen.queryByText('Welcome to the form-based experience')).not.toBeInTheDocument();
  });

  it('moves everyone in when the server forces the form-based experience', async () => {
    serve({ forced: true });
    renderRoutes(appRoutes, '/developer_apps/5');
    expect(await screen.findByText('Configurations tab')).toBeInTheDocument();
    expect(readFlag('beta')).toBe(false);
    await waitFor(() => expect(readFlag('betaForced')).toBe(true));
    // Forced, there is nowhere to switch back to.
    expect(screen.queryByText(/Switch back in your/)).not.toBeInTheDocument();
  });

  it('scrolls to the section a tab path names on the single page', async () => {
    serve();
    const scroll = vi.mocked(Element.prototype.scrollIntoView);
    scroll.mockClear();
    renderRoutes(appRoutes, '/developer_apps/5/oauth_credentials');
    const heading = await screen.findByRole('heading', { level: 2, name: 'OAuth credentials' });
    await waitFor(() => expect(scroll).toHaveBeenCalled());
    expect(scroll.mock.contexts.at(-1)).toBe(heading.closest('section'));
  });
});

describe('the opt-in banner and modal', () => {
  it('is dismissed once and stays away', async () => {
    serve();
    const { user, unmount } = renderWithProviders(<OptInBanner reload={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Try the form-based experience')).not.toBeInTheDocument();
    expect(readFlag('betaBannerDismissed')).toBe(true);
    unmount();
    renderWithProviders(<OptInBanner reload={vi.fn()} />);
    expect(screen.queryByText('Try the form-based experience')).not.toBeInTheDocument();
  });

  it('opts in through the modal, reloads, and the reloaded page says so in a toast', async () => {
    const fetchMock = serve();
    const reload = vi.fn();
    const { user, unmount } = renderWithProviders(<OptInBanner reload={reload} />);
    await user.click(screen.getByRole('button', { name: 'Try it' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to the form-based experience' });
    await user.click(within(dialog).getByRole('button', { name: 'Opt in' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(readFlag('beta')).toBe(true);
    // The event is sent before the reload, which would cancel it.
    expect(analyticsKeys(fetchMock)).toEqual(['opted_in']);
    unmount();

    const reloaded = renderRoutes(appRoutes, '/developer_apps/5', { withToasts: true });
    expect(await screen.findByText('Configurations tab')).toBeInTheDocument();
    // The toast container mounts on the first key or pointer press (AppProviders); the toast waits.
    await reloaded.user.keyboard('{Shift}');
    expect(await screen.findByText('You are now using the form-based experience.')).toBeInTheDocument();
  });

  it('leaves things as they were when the user says not now', async () => {
    const fetchMock = serve();
    const reload = vi.fn();
    const { user } = renderWithProviders(<OptInBanner reload={reload} />);
    await user.click(screen.getByRole('button', { name: 'Try it' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to the form-based experience' });
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(reload).not.toHaveBeenCalled();
    expect(readFlag('beta')).toBe(false);
    expect(analyticsKeys(fetchMock)).toEqual([]);
    expect(screen.getByText('Try the form-based experience')).toBeInTheDocument();
  });
});

describe('the account-settings toggle', () => {
  it('opts in and out with a success toast', async () => {
    const fetchMock = serve();
    const { user } = renderRoutes(accountRoutes, '/account', { withToasts: true });
    const toggle = await screen.findByRole('switch', { name: /Use the form-based experience/ });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('You are now using the form-based experience.')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(readFlag('beta')).toBe(true);
    await user.click(toggle);
    expect(await screen.findByText('You are back on the classic experience.')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(readFlag('beta')).toBe(false);
    expect(analyticsKeys(fetchMock)).toEqual(['opted_in', 'opted_out']);
  });

  it('cannot be turned off while the server forces the form-based experience', async () => {
    serve({ forced: true });
    renderRoutes(accountRoutes, '/account');
    const toggle = await screen.findByRole('switch', { name: /Use the form-based experience/ });
    await waitFor(() => expect(toggle).toBeChecked());
    expect(toggle).toBeDisabled();
    expect(
      screen.getByText('The form-based experience is on for everyone on this portal.'),
    ).toBeInTheDocument();
  });
});
