import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession } from '../../test/factories';
import { errorBody, mockFetch, renderRoutes } from '../../test/render';
import { AdminDeveloperTwoFactor } from './AdminDeveloperTwoFactor';
import { AdminTwoFactorGate } from './AdminTwoFactorGate';

const status = (setup_required: boolean) => ({
  totp_enabled: false,
  totp_enabled_at: null,
  recovery_codes_left: 0,
  passkeys: 0,
  setup_required,
});

describe('the REQUIRE_ADMIN_2FA gate of the admin console', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends an administrator without a second factor to the account page’s two-factor section', async () => {
    mockFetch((url) => {
      if (url === '/api/v1/session') return { body: buildSession() };
      if (url === '/api/v1/account/two_factor') return { body: status(true) };
      return undefined;
    });
    renderRoutes(
      [
        {
          path: '/admin/audit',
          element: (
            <AdminTwoFactorGate>
              <h1>Audit</h1>
            </AdminTwoFactorGate>
          ),
        },
        { path: '/account', element: <h1>Account page</h1> },
      ],
      '/admin/audit',
    );
    expect(await screen.findByRole('heading', { name: 'Account page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Audit' })).not.toBeInTheDocument();
  });

  it('shows the admin screen once a second factor is set', async () => {
    mockFetch((url) => {
      if (url === '/api/v1/session') return { body: buildSession() };
      if (url === '/api/v1/account/two_factor') return { body: status(false) };
      return undefined;
    });
    renderRoutes(
      [
        {
          path: '/admin/audit',
          element: (
            <AdminTwoFactorGate>
              <h1>Audit</h1>
            </AdminTwoFactorGate>
          ),
        },
      ],
      '/admin/audit',
    );
    expect(await screen.findByRole('heading', { name: 'Audit' })).toBeInTheDocument();
  });
});

describe('AdminDeveloperTwoFactor', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the developer’s factors and removes them after confirming', async () => {
    let factors = { totp_enabled: true, passkeys: 2 };
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/session') return { body: buildSession() };
      if (url === '/api/v1/admin/developers/7/two_factor' && init.method === 'GET') return { body: factors };
      if (url === '/api/v1/admin/developers/7/two_factor' && init.method === 'DELETE') {
        factors = { totp_enabled: false, passkeys: 0 };
        return { status: 204 };
      }
      return undefined;
    });
    const { user } = renderRoutes(
      [{ path: '/admin/developers/7/edit', element: <AdminDeveloperTwoFactor developerId={7} /> }],
      '/admin/developers/7/edit',
      { withToasts: true },
    );
    const card = await screen.findByRole('region', { name: 'Two-factor authentication' });
    expect(await within(card).findByText('Authenticator app: On · Passkeys: 2')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Remove second factors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove every second factor?' });
    expect(within(dialog).getByText(/told by e-mail/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove second factors' }));
    expect(
      await screen.findByText('Second factors removed; the developer has been e-mailed.'),
    ).toBeInTheDocument();
    expect(await within(card).findByText('This developer has no second factor.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('answers an error in the card when the status cannot be read', async () => {
    mockFetch((url) => {
      if (url === '/api/v1/session') return { body: buildSession() };
      if (url === '/api/v1/admin/developers/7/two_factor') return errorBody(500, 'internal_error', 'Boom');
      return undefined;
    });
    renderRoutes([{ path: '/x', element: <AdminDeveloperTwoFactor developerId={7} /> }], '/x');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
