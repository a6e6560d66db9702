import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { renderWithProviders } from '../test/render';
import { QueryErrorAlert } from './QueryErrorAlert';

describe('QueryErrorAlert', () => {
  it('says what went wrong in the user’s language, never the server’s English', async () => {
    const onRetry = vi.fn();
    const { user } = renderWithProviders(
      <QueryErrorAlert error={new ApiError(404, 'not_found', 'Developer app not found')} onRetry={onRetry} />,
      { language: 'es' },
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('No se encontró.');
    expect(alert).not.toHaveTextContent('Developer app not found');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('falls back to a generic text for an unknown code or a non-API error', () => {
    const { rerender } = renderWithProviders(
      <QueryErrorAlert error={new ApiError(418, 'teapot', 'I am a teapot')} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('teapot');
    rerender(<QueryErrorAlert error={new TypeError('x is undefined')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('x is undefined');
  });
});
