import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession, buildUser } from '../../test/factories';
import { errorBody, mockFetch, renderRoutes } from '../../test/render';
import { AccountPage } from './AccountPage';

const routes = [{ path: '/account', element: <AccountPage /> }];

describe('AccountPage', () => {
  it('keeps Save disabled until a field changes, then saves and says so in a toast', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/session') return { body: buildSession() };
      if (url === '/api/v1/account' && init.method === 'GET') return { body: buildUser() };
      if (url === '/api/v1/account' && init.method === 'PATCH') {
        return { body: buildUser({ critical_emails: false }) };
      }
      return undefined;
    });
    const { user } = renderRoutes(routes, '/account', { withToasts: true });
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    const toggle = screen.getByRole('switch', { name: /E-mail me critical announcements/ });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(save).toBeEnabled();
    await user.click(save);

    await waitFor(() => expect(save).toBeDisabled());
    const toast = (await screen.findByText('Your settings have been saved.')).closest('[role="status"]');
    // The toast's close button has a name (issue 13 item 7).
    expect(within(toast as HTMLElement).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    // Only the field the user changed (spec 2 §5 "saved only when modified").
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ critical_emails: false });
  });

  it('sends only the company name when only it changed; blanks around a name are no change', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/session') return { body: buildSession() };
      if (url === '/api/v1/account' && init.method === 'GET') return { body: buildUser() };
      if (url === '/api/v1/account' && init.method === 'PATCH') {
        return { body: buildUser({ company_name: 'Difference Engines' }) };
      }
      return undefined;
    });
    const { user } = renderRoutes(routes, '/account', { withToasts: true });
    const save = await screen.findByRole('button', { name: 'Save' });
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), ' ');
    const company = screen.getByRole('textbox', { name: /Company/ });
    await user.clear(company);
    await user.type(company, 'Difference Engines');
    await user.click(save);
    expect(await screen.findByText('Your settings have been saved.')).toBeInTheDocument();
    const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(JSON.parse(String(patches[0]?.[1]?.body))).toEqual({ company_name: 'Difference Engines' });
  });

  it('checks the new password twice and shows a wrong current password on its field', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/account' && init.method === 'GET') return { body: buildUser() };
      // The sessions and tokens sections load beside the forms (issue 23).
      if (url === '/api/v1/account/sessions' || url === '/api/v1/personal_access_tokens') return { body: [] };
      // The second-factor sections load quietly (features/two-factor).
      if (url === '/api/v1/account/two_factor') {
        return {
          body: {
            totp_enabled: false,
            totp_enabled_at: null,
            recovery_codes_left: 0,
            passkeys: 0,
            setup_required: false,
          },
        };
      }
      if (url === '/api/v1/account/passkeys') return { body: [] };
      if (url === '/api/v1/account' && init.method === 'PATCH') {
        return errorBody(422, 'validation_failed', 'Validation failed', [
          { path: 'current_password', message: 'is incorrect', code: 'incorrect' },
        ]);
      }
      return undefined;
    });
    const { user } = renderRoutes(routes, '/account');
    await user.type(await screen.findByLabelText(/^Current password/), 'old-password');
    await user.type(screen.getByLabelText(/^New password/), 'a-brand-new-password');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'a-different-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Confirm new password/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'a-brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Is incorrect')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Current password/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      current_password: 'old-password',
      password: 'a-brand-new-password',
    });
  });
});
