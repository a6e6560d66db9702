import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession } from '../../test/factories';
import { errorBody, type FetchHandler, mockFetch, renderRoutes } from '../../test/render';
import { AcceptInvitationPage } from './AcceptInvitationPage';

const routes = [
  { path: '/invitations/accept', element: <AcceptInvitationPage /> },
  { path: '/developer_apps/:id', element: <h1>App page</h1> },
];

function serve(signedIn: boolean, handler: FetchHandler = () => undefined) {
  return mockFetch((url, init) => {
    if (url === '/api/v1/session')
      return signedIn ? { body: buildSession() } : errorBody(401, 'unauthenticated', 'Sign in first');
    return handler(url, init);
  });
}

describe('AcceptInvitationPage', () => {
  it('offers sign-in and sign-up that come back to the invitation when signed out', async () => {
    const fetchMock = serve(false);
    renderRoutes(routes, '/invitations/accept?token=abc123');
    const back = encodeURIComponent('/invitations/accept?token=abc123');
    expect(await screen.findByRole('link', { name: 'Sign in to accept' })).toHaveAttribute(
      'href',
      `/sign_in?redirect=${back}`,
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/sign_up?redirect=${back}`,
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/invitations/accept'))).toBe(false);
  });

  it('accepts once when signed in and opens the app', async () => {
    const fetchMock = serve(true, (url, init) =>
      url === '/api/v1/invitations/accept' && init.method === 'POST'
        ? { body: { developer_app_id: 77 } }
        : undefined,
    );
    const { router } = renderRoutes(routes, '/invitations/accept?token=abc123');
    expect(await screen.findByRole('heading', { name: 'App page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/developer_apps/77');
    const accepts = fetchMock.mock.calls.filter(([url]) => url === '/api/v1/invitations/accept');
    expect(accepts).toHaveLength(1);
    expect(JSON.parse(String(accepts[0]?.[1]?.body))).toEqual({ token: 'abc123' });
  });

  it('explains an expired, canceled or used invitation', async () => {
    serve(true, () => errorBody(422, 'invalid_token', 'This invitation is invalid'));
    renderRoutes(routes, '/invitations/accept?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invitation no longer valid');
    expect(screen.getByRole('link', { name: 'Go to your apps' })).toHaveAttribute('href', '/developer_apps');
  });

  it('explains an unknown token', async () => {
    serve(true, () => errorBody(404, 'not_found', 'Not found'));
    renderRoutes(routes, '/invitations/accept?token=nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invitation no longer valid');
  });

  it('explains an invitation sent to another address, with the masked address when the server names it', async () => {
    serve(true, () =>
      errorBody(403, 'forbidden', 'This invitation was sent to another e-mail address.', [
        {
          path: 'token',
          message: 'was sent to g***@example.com',
          code: 'invalid',
          params: { email: 'g***@example.com' },
        },
      ]),
    );
    renderRoutes(routes, '/invitations/accept?token=abc');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invitation for another e-mail address');
    expect(alert).toHaveTextContent('It was sent to g***@example.com.');
    expect(alert).not.toHaveTextContent('This invitation was sent to another e-mail address.');
  });

  it("says what went wrong otherwise in the user's words, not the server's", async () => {
    serve(true, () => errorBody(503, 'service_unavailable', 'Database down'));
    renderRoutes(routes, '/invitations/accept?token=abc');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The invitation could not be accepted');
    expect(alert).toHaveTextContent('The service is unavailable right now.');
    expect(alert).not.toHaveTextContent('Database down');
  });

  it('says so when the link has no token', async () => {
    serve(true);
    renderRoutes(routes, '/invitations/accept');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incomplete link');
  });
});
