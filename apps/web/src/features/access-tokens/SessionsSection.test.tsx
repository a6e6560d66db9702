import type { AccountSession } from '@lintel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, mockFetch, renderRoutes } from '../../test/render';
import { SessionsSection } from './SessionsSection';

function session(overrides: Partial<AccountSession> = {}): AccountSession {
  return {
    id: 1,
    browser: 'Chrome',
    browser_version: '131.0',
    os: 'macOS Sonoma',
    device: 'desktop',
    ip: '198.51.100.4',
    signed_in_at: '2026-11-20T08:00:00.000Z',
    last_seen_at: '2026-11-27T08:00:00.000Z',
    current: true,
    ...overrides,
  };
}

const render = () =>
  renderRoutes([{ path: '/account', element: <SessionsSection /> }], '/account', { withToasts: true });

describe('SessionsSection', () => {
  it('lists sessions, marks this one, signs one out and then all others after confirmation', async () => {
    let sessions = [
      session(),
      session({ id: 2, browser: 'Firefox', os: 'Windows 10', current: false, ip: '203.0.113.7' }),
      session({ id: 3, browser: 'Safari', os: 'iOS', device: 'mobile', current: false }),
    ];
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/account/sessions' && init.method === 'GET') return { body: sessions };
      if (url === '/api/v1/account/sessions/2' && init.method === 'DELETE') {
        sessions = sessions.filter((s) => s.id !== 2);
        return { status: 204 };
      }
      if (url === '/api/v1/account/sessions' && init.method === 'DELETE') {
        const count = sessions.length - 1;
        sessions = sessions.filter((s) => s.current);
        return { body: { signed_out: count } };
      }
      return undefined;
    });
    const { user } = render();
    const current = await screen.findByTestId('session-1');
    expect(within(current).getByText('Chrome on macOS Sonoma')).toBeInTheDocument();
    expect(within(current).getByText('This session')).toBeInTheDocument();
    // This session cannot be signed out from the list (the navigation's Sign out does that).
    expect(within(current).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByTestId('session-2')).toHaveTextContent('203.0.113.7');

    await user.click(screen.getByRole('button', { name: 'Sign out Firefox on Windows 10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.queryByTestId('session-2')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    const others = await screen.findByRole('dialog', { name: 'Sign out all other sessions?' });
    await user.click(within(others).getByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText('1 other session has been signed out.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('session-3')).not.toBeInTheDocument());
    expect(screen.getByText('No other sessions.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(2);
  });

  it('shows a load error', async () => {
    mockFetch((url) =>
      url === '/api/v1/account/sessions'
        ? errorBody(500, 'internal_error', 'Something went wrong')
        : undefined,
    );
    render();
    expect(await screen.findByText('Could not load your sessions')).toBeInTheDocument();
  });
});
