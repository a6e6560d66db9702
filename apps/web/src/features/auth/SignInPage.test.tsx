import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCsrfToken } from '../../api/csrf';
import esErrors from '../../i18n/locales/es/errors.json';
import { buildSession } from '../../test/factories';
import { errorBody, mockFetch, renderRoutes } from '../../test/render';
import { flashState } from './flash';
import { sessionKeys } from './queries';
import { pageLoad } from './redirect';
import { SignInPage } from './SignInPage';

const routes = [
  { path: '/sign_in', element: <SignInPage /> },
  { path: '/', element: <h1>Home page</h1> },
  { path: '/account', element: <h1>Account page</h1> },
];

function signedOut() {
  return {
    status: 401,
    body: { errors: ['Sign in'], error: { code: 'unauthenticated', message: 'Sign in', details: [] } },
  };
}

async function fillAndSubmit(user: ReturnType<typeof renderRoutes>['user'], email = 'ada@example.com') {
  await user.type(screen.getByLabelText(/E-mail/), email);
  await user.type(screen.getByLabelText(/^Password/), 'not-the-password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('SignInPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the server's message for bad credentials", async () => {
    mockFetch((url, init) => {
      if (url === '/api/v1/session' && init.method === 'GET') return signedOut();
      if (url === '/api/v1/session' && init.method === 'POST') {
        return errorBody(401, 'invalid_credentials', 'Invalid e-mail or password.');
      }
      return undefined;
    });
    const { user } = renderRoutes(routes, '/sign_in');
    await fillAndSubmit(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not sign in');
    expect(alert).toHaveTextContent('Invalid e-mail or password.');
    expect(screen.queryByRole('button', { name: 'Resend confirmation e-mail' })).not.toBeInTheDocument();
  });

  it('offers to resend the confirmation e-mail when the address is not confirmed', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/session' && init.method === 'GET') return signedOut();
      if (url === '/api/v1/session' && init.method === 'POST') {
        return errorBody(
          403,
          'email_not_confirmed',
          'Please confirm your e-mail address before signing in. Check your inbox or ask for a new confirmation e-mail.',
        );
      }
      if (url === '/api/v1/registrations/confirmation/resend')
        return { status: 202, body: { message: 'Sent' } };
      return undefined;
    });
    const { user } = renderRoutes(routes, '/sign_in');
    await fillAndSubmit(user);
    expect(await screen.findByText(/^Please confirm your e-mail address/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resend confirmation e-mail' }));
    expect(await screen.findByText(/a new confirmation e-mail is on its way/)).toBeInTheDocument();
    const resend = fetchMock.mock.calls.find(([url]) => url === '/api/v1/registrations/confirmation/resend');
    expect(JSON.parse(String(resend?.[1]?.body))).toEqual({ email: 'ada@example.com' });
  });

  it('shows the rate-limit message in the user’s language', async () => {
    mockFetch((url, init) => {
      if (url === '/api/v1/session' && init.method === 'GET') return signedOut();
      if (url === '/api/v1/session')
        return errorBody(429, 'too_many_attempts', 'Too many attempts. Try again in 5 minutes.');
      return undefined;
    });
    const { user } = renderRoutes(routes, '/sign_in', { language: 'es' });
    await user.type(screen.getByLabelText(/Correo/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Contraseña/), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(esErrors.code.too_many_attempts);
    expect(screen.queryByText(/Too many attempts/)).not.toBeInTheDocument();
  });

  it('asks for both fields before calling the server', async () => {
    const fetchMock = mockFetch((url, init) =>
      init.method === 'GET' && url === '/api/v1/session' ? signedOut() : undefined,
    );
    const { user } = renderRoutes(routes, '/sign_in');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('signs in, keeps the CSRF token and goes to the redirect target', async () => {
    const session = buildSession();
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/session' && init.method === 'GET') return signedOut();
      if (url === '/api/v1/session' && init.method === 'POST') return { body: session };
      return undefined;
    });
    const { user, queryClient } = renderRoutes(routes, '/sign_in?redirect=%2Faccount');
    await fillAndSubmit(user, 'Ada@Example.com ');
    expect(await screen.findByRole('heading', { name: 'Account page' })).toBeInTheDocument();

    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[1]?.credentials).toBe('same-origin');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      email: 'Ada@Example.com',
      password: 'not-the-password',
    });
    expect(getCsrfToken()).toBe('csrf-token-1');
    expect(queryClient.getQueryData(sessionKeys.current())).toEqual(session);
  });

  it('ignores a redirect to another site', async () => {
    mockFetch((url, init) => {
      if (url === '/api/v1/session' && init.method === 'GET') return signedOut();
      if (url === '/api/v1/session' && init.method === 'POST') return { body: buildSession() };
      return undefined;
    });
    const { user } = renderRoutes(routes, '/sign_in?redirect=%2F%2Fevil.example');
    await fillAndSubmit(user);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('leaves for a platform page (the consent page) with a full page load', async () => {
    const assign = vi.spyOn(pageLoad, 'assign').mockImplementation(() => {});
    mockFetch((url, init) => {
      if (url === '/api/v1/session' && init.method === 'GET') return signedOut();
      if (url === '/api/v1/session' && init.method === 'POST') return { body: buildSession() };
      return undefined;
    });
    const target = '/sandbox/oauth/authorize?client_id=abc&state=xyz';
    const { user } = renderRoutes(routes, `/sign_in?redirect=${encodeURIComponent(target)}`);
    await fillAndSubmit(user);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(target));
  });

  it('sends a signed-in user straight back to the platform page', async () => {
    const assign = vi.spyOn(pageLoad, 'assign').mockImplementation(() => {});
    mockFetch((url, init) =>
      url === '/api/v1/session' && init.method === 'GET' ? { body: buildSession() } : undefined,
    );
    renderRoutes(routes, `/sign_in?redirect=${encodeURIComponent('/sandbox/companies/4000001')}`);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/companies/4000001'));
  });

  it('shows the flash handed over by sign-up', async () => {
    mockFetch((url, init) => (url === '/api/v1/session' && init.method === 'GET' ? signedOut() : undefined));
    const { router } = renderRoutes(routes, '/');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument());
    await router.navigate('/sign_in', { state: flashState('auth.flash.confirmationSent') });
    expect(await screen.findByRole('status')).toHaveTextContent('A confirmation e-mail has been sent.');
  });
});
