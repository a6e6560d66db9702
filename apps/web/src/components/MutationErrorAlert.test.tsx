import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { renderWithProviders } from '../test/render';
import { MutationErrorAlert } from './MutationErrorAlert';

const failure = new ApiError(422, 'validation_failed', 'Validation failed', [
  { path: 'name', code: 'taken', message: 'has already been taken' },
  { path: 'categories', code: 'too_many', message: 'at most 3', params: { max: 3 } },
]);
const form = (values: object) => ({ getValues: () => values });

describe('MutationErrorAlert', () => {
  it('shows nothing until something failed, and nothing for a cancelled request', () => {
    const { rerender } = renderWithProviders(<MutationErrorAlert error={null} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(<MutationErrorAlert error={new DOMException('The upload was canceled.', 'AbortError')} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the error code’s text and the problems no field shows, in the user’s language', () => {
    renderWithProviders(
      <MutationErrorAlert
        error={failure}
        title="No se pudo guardar"
        form={form({ name: '' })}
        fieldLabel={(path) => (path === 'categories' ? 'Categorías' : undefined)}
      />,
      { language: 'es' },
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('No se pudo guardar');
    expect(alert).toHaveTextContent('Corrige los campos marcados.');
    expect(alert).toHaveTextContent('Categorías: Se permiten como máximo 3 elementos');
    expect(alert).not.toHaveTextContent('Ya está en uso');
    expect(alert).not.toHaveTextContent('Validation failed');
  });

  it('stays away when every problem is on a field of the form', () => {
    renderWithProviders(<MutationErrorAlert error={failure} form={form({ name: '', categories: [] })} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
