import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession } from '../../test/factories';
import { errorBody, mockFetch, renderRoutes } from '../../test/render';
import { SignInPage } from '../auth/SignInPage';

const routes = [
  { path: '/sign_in', element: <SignInPage /> },
  { path: '/', element: <h1>Home page</h1> },
];
const signedOut = () => errorBody(401, 'unauthenticated', 'Sign in');
const bodyOf = (init: RequestInit) => JSON.parse(String(init.body));

async function submitPassword(user: ReturnType<typeof renderRoutes>['user']) {
  await user.type(screen.getByLabelText(/E-mail/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'the-password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the sign-in code step', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for a code after two_factor_required and signs in with it', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/session' && init.method === 'GET') return signedOut();
      if (url === '/api/v1/session' && init.method === 'POST') {
        const body = bodyOf(init);
        if (body.otp_code === '123456') return { body: buildSession() };
        if (body.otp_code) {
          return errorBody(422, 'validation_failed', 'Otp code is incorrect', [
            { path: 'otp_code', message: 'is incorrect, expired or already used', code: 'incorrect' },
          ]);
        }
        return errorBody(401, 'two_factor_required', 'Two-factor authentication is on.');
      }
      return undefined;
    });
    const { user } = renderRoutes(routes, '/sign_in');
    await submitPassword(user);
    const dialog = await screen.findByRole('dialog', { name: 'Two-factor authentication' });
    const code = within(dialog).getByRole('textbox', { name: /Authentication code/ });
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Is incorrect')).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123456{Enter}');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    const posts = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => bodyOf(init ?? {}));
    // The password once, then the two codes: the dialog's submits never reach the page's own form.
    expect(posts).toEqual([
      { email: 'ada@example.com', password: 'the-password' },
      { email: 'ada@example.com', password: 'the-password', otp_code: '000000' },
      { email: 'ada@example.com', password: 'the-password', otp_code: '123456' },
    ]);
  });

  it('offers the passkey button after the first paint, beside the password form', async () => {
    vi.stubGlobal('PublicKeyCredential', class {});
    mockFetch((url, init) => (url === '/api/v1/session' && init.method === 'GET' ? signedOut() : undefined));
    renderRoutes(routes, '/sign_in');
    expect(await screen.findByRole('button', { name: 'Sign in with a passkey' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    vi.unstubAllGlobals();
  });

  it('offers a recovery code instead, and closes with Escape back to the password form', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/session' && init.method === 'GET') return signedOut();
      if (url === '/api/v1/session' && init.method === 'POST') {
        return bodyOf(init).recovery_code
          ? { body: buildSession() }
          : errorBody(401, 'two_factor_required', 'Two-factor authentication is on.');
      }
      return undefined;
    });
    const { user } = renderRoutes(routes, '/sign_in');
    await submitPassword(user);
    let dialog = await screen.findByRole('dialog', { name: 'Two-factor authentication' });
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    dialog = await screen.findByRole('dialog', { name: 'Two-factor authentication' });
    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Recovery code/ }), 'abcde-fghjk');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    const last = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').at(-1);
    expect(bodyOf(last?.[1] ?? {})).toEqual({
      email: 'ada@example.com',
      password: 'the-password',
      recovery_code: 'abcde-fghjk',
    });
  });
});
