import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, mockFetch, renderRoutes } from '../../test/render';
import { SignInPage } from './SignInPage';
import { SignUpPage } from './SignUpPage';

const routes = [
  { path: '/sign_up', element: <SignUpPage /> },
  { path: '/sign_in', element: <SignInPage /> },
];

const signedOut = {
  status: 401,
  body: { errors: ['x'], error: { code: 'unauthenticated', message: 'x', details: [] } },
};

async function fill(
  user: ReturnType<typeof renderRoutes>['user'],
  password: string,
  email = 'grace@example.com',
) {
  await user.type(screen.getByLabelText(/^Name/), 'Grace Hopper');
  await user.type(screen.getByLabelText(/^Company name/), 'Navy');
  await user.type(screen.getByLabelText(/^E-mail/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
}

describe('SignUpPage', () => {
  it('explains the password rule and refuses a short password without calling the server', async () => {
    const fetchMock = mockFetch((url, init) =>
      url === '/api/v1/session' && init.method === 'GET' ? signedOut : undefined,
    );
    const { user } = renderRoutes(routes, '/sign_up');
    expect(screen.getByText('At least 12 characters.')).toBeInTheDocument();
    await fill(user, 'short-pass1');
    expect(await screen.findByText('Must be at least 12 characters')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('checks the shared rules in the user’s language', async () => {
    mockFetch((url, init) => (url === '/api/v1/session' && init.method === 'GET' ? signedOut : undefined));
    const { user } = renderRoutes(routes, '/sign_up', { language: 'es' });
    await user.type(screen.getByLabelText(/^Correo/), 'not-an-address');
    await user.type(screen.getByLabelText(/^Contraseña/), 'short');
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));
    expect(await screen.findByText('Debe tener al menos 12 caracteres')).toBeInTheDocument();
    expect(screen.getByText('Este correo electrónico no es válido')).toBeInTheDocument();
    expect(screen.getAllByText('Este campo es obligatorio')).toHaveLength(2);
  });

  it('shows the server’s field problems on the fields, translated', async () => {
    mockFetch((url, init) => {
      if (url === '/api/v1/session' && init.method === 'GET') return signedOut;
      if (url === '/api/v1/registrations') {
        return errorBody(422, 'validation_failed', 'Validation failed', [
          { path: 'email', message: 'has already been taken', code: 'taken' },
        ]);
      }
      return undefined;
    });
    const { user } = renderRoutes(routes, '/sign_up');
    await fill(user, 'a-long-enough-password');
    expect(await screen.findByText('Has already been taken')).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends the registration and lands on sign-in with the confirmation flash', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/session' && init.method === 'GET') return signedOut;
      if (url === '/api/v1/registrations') return { status: 201, body: { message: 'Check your inbox' } };
      return undefined;
    });
    const { user } = renderRoutes(routes, '/sign_up');
    await fill(user, 'a-long-enough-password');
    expect(await screen.findByRole('status')).toHaveTextContent('A confirmation e-mail has been sent.');
    expect(screen.getByRole('heading', { name: 'Sign in to Lintel' })).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url]) => url === '/api/v1/registrations');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: 'Grace Hopper',
      company_name: 'Navy',
      email: 'grace@example.com',
      password: 'a-long-enough-password',
    });
  });
});
