import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, errorFromBody } from '../api/client';
import { renderWithProviders } from '../test/render';
import { QueryErrorAlert } from './QueryErrorAlert';

const message = () => screen.getByRole('alert').querySelector('p')?.textContent;

describe('QueryErrorAlert', () => {
  it('shows the response’s errors joined by spaces, and offers a retry', async () => {
    const onRetry = vi.fn();
    const { user } = renderWithProviders(
      <QueryErrorAlert
        error={new ApiError(503, 'service_unavailable', 'Down', [], ['The catalogue is down.', 'Back soon.'])}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load');
    expect(message()).toBe('The catalogue is down. Back soon.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says it in Spanish from the error code, never the server’s English', async () => {
    const onRetry = vi.fn();
    const { user, rerender } = renderWithProviders(
      <QueryErrorAlert error={new ApiError(404, 'not_found', 'Developer app not found')} onRetry={onRetry} />,
      { language: 'es' },
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('No se encontró.');
    expect(alert).not.toHaveTextContent('Developer app not found');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledOnce();
    rerender(<QueryErrorAlert error={new ApiError(418, 'teapot', 'I am a teapot')} />);
    expect(message()).toBe('Algo salió mal. Inténtalo de nuevo.');
  });

  it('shows the exception’s message when no response came, else a generic text', () => {
    const { rerender } = renderWithProviders(<QueryErrorAlert error={new TypeError('x is undefined')} />);
    expect(message()).toBe('x is undefined');
    rerender(<QueryErrorAlert error={null} />);
    expect(message()).toBe('Something went wrong. Please try again.');
  });

  it('names the request of a server failure for support, from the body or else the header (issue 24)', () => {
    const body = JSON.stringify({
      errors: ['The database is not answering.'],
      error: { code: 'service_unavailable', message: 'Down', details: [], requestId: 'req-from-body' },
    });
    const { rerender } = renderWithProviders(
      <QueryErrorAlert error={errorFromBody(503, 'Service Unavailable', body, 'req-from-header')} />,
    );
    expect(message()).toBe('The database is not answering. Request ID: req-from-body');
    rerender(<QueryErrorAlert error={errorFromBody(502, 'Bad Gateway', '<html>proxy</html>', 'req-2')} />);
    expect(message()).toBe('Bad Gateway Request ID: req-2');
    // A refusal is the user's to fix, not support's: no id.
    rerender(
      <QueryErrorAlert
        error={errorFromBody(
          404,
          'Not Found',
          JSON.stringify({
            errors: ['Gone.'],
            error: { code: 'not_found', message: 'Gone.', details: [], requestId: 'req-3' },
          }),
          'req-3',
        )}
      />,
    );
    expect(message()).not.toContain('req-3');
  });
});
