import { screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { errorBody, mockFetch, renderRoutes } from '../../test/render';
import { ConfirmEmailPage } from './ConfirmEmailPage';

const routes = [
  {
    path: '/confirm_email',
    element: (
      <StrictMode>
        <ConfirmEmailPage />
      </StrictMode>
    ),
  },
];

describe('ConfirmEmailPage', () => {
  it('confirms once on load and links to sign-in', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/v1/registrations/confirmation' ? { body: { message: 'Confirmed' } } : undefined,
    );
    renderRoutes(routes, '/confirm_email?token=abc');
    expect(await screen.findByText('E-mail address confirmed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to sign in' })).toHaveAttribute('href', '/sign_in');
    const posts = fetchMock.mock.calls.filter(([url]) => url === '/api/v1/registrations/confirmation');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({ token: 'abc' });
  });

  it('shows the error and a resend form for a used token', async () => {
    mockFetch((url) =>
      url === '/api/v1/registrations/confirmation'
        ? errorBody(422, 'invalid_token', 'This link is invalid or has expired. Please ask for a new one.', [
            { path: 'token', code: 'invalid', message: 'is invalid or has expired' },
          ])
        : url === '/api/v1/registrations/confirmation/resend'
          ? { status: 202, body: { message: 'ok' } }
          : undefined,
    );
    const { user } = renderRoutes(routes, '/confirm_email?token=old');
    // The response's errors (spec 2 §8): the server's one entry for the token.
    expect(await screen.findByRole('alert')).toHaveTextContent('Token is invalid or has expired');
    await user.type(screen.getByLabelText(/E-mail/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend confirmation e-mail' }));
    expect(await screen.findByText(/a new confirmation e-mail is on its way/)).toBeInTheDocument();
  });
});
