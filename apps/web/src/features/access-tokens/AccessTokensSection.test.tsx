import type { PersonalAccessToken } from '@lintel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, mockFetch, renderRoutes } from '../../test/render';
import { AccessTokensSection } from './AccessTokensSection';

function token(overrides: Partial<PersonalAccessToken> = {}): PersonalAccessToken {
  return {
    id: 7,
    name: 'CI deploys',
    scopes: ['apps:read', 'manifests:write'],
    expires_at: '2099-01-31T23:59:59.999Z',
    expired: false,
    created_at: '2026-11-01T10:00:00.000Z',
    last_used_at: null,
    last_used_ip: null,
    ...overrides,
  };
}

const render = (isAdmin = false) =>
  renderRoutes([{ path: '/account', element: <AccessTokensSection isAdmin={isAdmin} /> }], '/account', {
    withToasts: true,
  });

describe('AccessTokensSection', () => {
  it('shows the empty state, creates a token with expiry and scopes, and shows it once with a warning', async () => {
    let tokens: PersonalAccessToken[] = [];
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/personal_access_tokens' && init.method === 'GET') return { body: tokens };
      if (url === '/api/v1/personal_access_tokens' && init.method === 'POST') {
        tokens = [token({ name: 'Deploy bot', scopes: ['apps:read'] })];
        return { status: 201, body: { ...tokens[0], token: 'lnt_secretvalue123' } };
      }
      return undefined;
    });
    const { user } = render();
    expect(await screen.findByText('You have no personal access tokens yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Generate token' }));
    // The admin scope is offered to administrators only.
    expect(screen.queryByRole('checkbox', { name: /admin/ })).not.toBeInTheDocument();
    // Nothing chosen: the form says so and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Generate token' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Deploy bot');
    await user.click(screen.getByRole('checkbox', { name: /Read apps/ }));
    await user.click(screen.getByRole('combobox', { name: /^Expiration/ }));
    await user.click(await screen.findByRole('option', { name: 'No expiration' }));
    expect(screen.getByRole('note')).toHaveTextContent('works until you revoke it');
    await user.click(screen.getByRole('button', { name: 'Generate token' }));

    const shown = await screen.findByTestId('created-token');
    expect(shown).toHaveTextContent('lnt_secretvalue123');
    expect(screen.getByText(/only time the token is shown/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Copy Token Deploy bot/ })).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      personal_access_token: { name: 'Deploy bot', expires_at: null, scopes: ['apps:read'] },
    });
    expect(await screen.findByTestId('token-7')).toHaveTextContent('Deploy bot');

    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText('lnt_secretvalue123')).not.toBeInTheDocument();
  });

  it('offers the admin scope to administrators and sends a chosen date', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/personal_access_tokens' && init.method === 'GET') return { body: [] };
      if (init.method === 'POST')
        return { status: 201, body: { ...token({ scopes: ['admin'] }), token: 'lnt_x' } };
      return undefined;
    });
    const { user } = render(true);
    await user.click(await screen.findByRole('button', { name: 'Generate token' }));
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Ops');
    await user.click(screen.getByRole('checkbox', { name: /Administer the platform/ }));
    await user.click(screen.getByRole('combobox', { name: /^Expiration/ }));
    await user.click(await screen.findByRole('option', { name: 'A custom date' }));
    const date = screen.getByLabelText(/^Expires on/);
    await user.type(date, '2099-05-04');
    await user.click(screen.getByRole('button', { name: 'Generate token' }));
    await screen.findByTestId('created-token');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body)).personal_access_token).toEqual({
      name: 'Ops',
      expires_at: '2099-05-04',
      scopes: ['admin'],
    });
  });

  it('lists tokens with last use and expiry, and revokes one after confirmation', async () => {
    let tokens = [
      token({ last_used_at: '2026-11-20T08:00:00.000Z', last_used_ip: '203.0.113.9' }),
      token({ id: 8, name: 'Old', expired: true }),
      token({ id: 9, name: 'Forever', expires_at: null }),
    ];
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/personal_access_tokens' && init.method === 'GET') return { body: tokens };
      if (url === '/api/v1/personal_access_tokens/7' && init.method === 'DELETE') {
        tokens = tokens.filter((t) => t.id !== 7);
        return { status: 204 };
      }
      return undefined;
    });
    const { user } = render();
    const row = await screen.findByTestId('token-7');
    expect(row).toHaveTextContent('203.0.113.9');
    expect(within(row).getByText('manifests:write')).toBeInTheDocument();
    expect(screen.getByTestId('token-8')).toHaveTextContent('Expired');
    expect(screen.getByTestId('token-9')).toHaveTextContent('Never');

    await user.click(screen.getByRole('button', { name: 'Revoke CI deploys' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByTestId('token-7')).not.toBeInTheDocument());
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/v1/personal_access_tokens/7' && init?.method === 'DELETE',
      ),
    ).toBe(true);
  });

  it('shows a load error with a retry', async () => {
    mockFetch((url) =>
      url === '/api/v1/personal_access_tokens'
        ? errorBody(500, 'internal_error', 'Something went wrong')
        : undefined,
    );
    render();
    expect(await screen.findByText('Could not load your tokens')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry|Try again/ })).toBeInTheDocument();
  });
});
