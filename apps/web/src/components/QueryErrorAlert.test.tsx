import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
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
});
