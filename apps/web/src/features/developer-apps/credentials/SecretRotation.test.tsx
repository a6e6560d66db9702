import type { DeveloperApp } from '@lintel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient, type FetchHandler, mockFetch, renderRoutes } from '../../../test/render';
import { buildDeveloperApp, buildSandbox } from '../factories';
import { useDeveloperApp } from '../queries';
import { OAuthCredentialsTab } from './OAuthCredentialsTab';
import { remainingTime } from './PreviousSecretNotice';
import { platformKeys } from './platformQueries';

const BASE_URLS = {
  sandbox: { auth: 'http://portal.test/sandbox', api: 'http://portal.test/sandbox' },
  production: { auth: 'http://portal.test/production', api: 'http://portal.test/production' },
};

function render(app: DeveloperApp, handler: FetchHandler = () => undefined, language: 'en' | 'es' = 'en') {
  const fetchMock = mockFetch(handler);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(platformKeys.baseUrls(), BASE_URLS);
  const result = renderRoutes([{ path: '/', element: <OAuthCredentialsTab app={app} /> }], '/', {
    language,
    queryClient,
  });
  return { ...result, fetchMock };
}

/** As on the app page: the tab reads the app from the query cache, which a rotation refreshes. */
function FromCache({ id }: { id: number }) {
  const query = useDeveloperApp(id);
  return query.data ? <OAuthCredentialsTab app={query.data} /> : null;
}

const sandboxCard = () => screen.getByRole('region', { name: 'Sandbox' });
const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000 + 30_000).toISOString();

describe('secret rotation on the credentials card (issue 23)', () => {
  it('rotates with the chosen grace period and shows the new secret once', async () => {
    const expires = inHours(168);
    const { user, fetchMock } = render(buildDeveloperApp(), (url, init) =>
      url === '/api/v1/sandboxes/11/rotate_secret' && init.method === 'POST'
        ? {
            body: { uid: 'sandbox-uid', app_secret: 'brand-new-secret', previous_secret_expires_at: expires },
          }
        : undefined,
    );
    await user.click(within(sandboxCard()).getByRole('button', { name: 'Rotate sandbox secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate sandbox secret' });
    // 24 hours is the default; each choice is a labelled radio.
    expect(within(dialog).getByRole('radio', { name: '24 hours' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: '7 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    await waitFor(() => expect(screen.getByTestId('revealed-secret')).toHaveTextContent('brand-new-secret'));
    const rotate = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/rotate_secret'));
    expect(JSON.parse(String(rotate?.[1]?.body))).toEqual({ grace_period_hours: 168 });
    expect(screen.getByRole('dialog', { name: 'New client secret' })).toBeInTheDocument();
  });

  it('is offered to owners and admins only, beside Reset', () => {
    render(buildDeveloperApp({ role: 'developer' }));
    expect(within(sandboxCard()).queryByRole('button', { name: 'Rotate sandbox secret' })).toBeNull();
    expect(within(sandboxCard()).queryByRole('button', { name: 'Reset sandbox secret' })).toBeNull();
  });

  it('shows the old secret’s remaining time while a grace runs, and expires it on confirmation', async () => {
    const app = buildDeveloperApp({
      sandbox: buildSandbox({ previous_secret_expires_at: inHours(23) }),
    });
    const { user, fetchMock } = render(app, (url, init) =>
      url === '/api/v1/sandboxes/11/expire_previous_secret' && init.method === 'POST'
        ? { body: { uid: 'sandbox-uid', previous_secret_expires_at: null } }
        : undefined,
    );
    const notice = within(sandboxCard()).getByTestId('previous-secret');
    expect(notice).toHaveTextContent('The previous secret still works');
    expect(notice).toHaveTextContent('stops working in 23 hours');
    await user.click(within(notice).getByRole('button', { name: 'Expire the old secret now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Expire the old secret now' });
    await user.click(within(dialog).getByRole('button', { name: 'Expire it now' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url) === '/api/v1/sandboxes/11/expire_previous_secret'),
      ).toBe(true),
    );
  });

  it('speaks Spanish', () => {
    render(
      buildDeveloperApp({ sandbox: buildSandbox({ previous_secret_expires_at: inHours(1) }) }),
      undefined,
      'es',
    );
    expect(screen.getByRole('button', { name: 'Rotar el secreto del sandbox' })).toBeInTheDocument();
    expect(screen.getByTestId('previous-secret')).toHaveTextContent('dentro de 1 hora');
  });

  it('words the time left in minutes, hours or days', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(remainingTime('2026-11-27T12:40:00Z', 'en', now)).toBe('in 40 minutes');
    expect(remainingTime('2026-11-28T11:00:00Z', 'en', now)).toBe('in 23 hours');
    expect(remainingTime('2026-12-04T12:00:00Z', 'en', now)).toBe('in 7 days');
    expect(remainingTime('2026-11-27T11:00:00Z', 'en', now)).toBe('in 1 minute');
  });

  it('keeps the rotated production secret on screen when the refreshed app makes it revealable', async () => {
    const before = buildDeveloperApp({
      production_access: 'granted',
      uid: 'prod-uid',
      credentials: { uid: 'prod-uid', revealable: false },
    });
    const expires = inHours(24);
    let rotated = false;
    mockFetch((url, init) => {
      if (url === '/api/v1/developer_apps/5' && (init.method ?? 'GET') === 'GET') {
        return {
          body: rotated
            ? {
                ...before,
                credentials: { uid: 'prod-uid', revealable: true, previous_secret_expires_at: expires },
              }
            : before,
        };
      }
      if (url === '/api/v1/oauth_applications/prod-uid/rotate_secret') {
        rotated = true;
        return { body: { uid: 'prod-uid', app_secret: 'r0tated', previous_secret_expires_at: expires } };
      }
      return undefined;
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(platformKeys.baseUrls(), BASE_URLS);
    const { user } = renderRoutes([{ path: '/', element: <FromCache id={5} /> }], '/', { queryClient });
    const card = await screen.findByRole('region', { name: 'Production' });
    await user.click(within(card).getByRole('button', { name: 'Rotate production secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate production secret' });
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByTestId('revealed-secret')).toHaveTextContent('r0tated');
    // The refreshed app swaps Reset for Show: the dialog with the new secret stays until Done.
    await within(screen.getByRole('region', { name: 'Production' })).findByTestId('previous-secret');
    expect(screen.getByTestId('revealed-secret')).toHaveTextContent('r0tated');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('r0tated')).not.toBeInTheDocument());
  });
});
