import { FIELD_LABELS } from '@lintel/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, errorFromBody } from '../api/client';
import enFields from '../i18n/locales/en/fields.json';
import esFields from '../i18n/locales/es/fields.json';
import { renderWithProviders } from '../test/render';
import { MutationErrorAlert } from './MutationErrorAlert';

// As the server sends it (http/errors.ts errorBody): one `errors` entry per detail.
const failure = new ApiError(
  422,
  'validation_failed',
  'Validation failed',
  [
    { path: 'name', code: 'taken', message: 'has already been taken' },
    { path: 'categories', code: 'too_many', message: 'at most 3', params: { max: 3 } },
  ],
  ['Name has already been taken', 'Categories at most 3'],
);
const form = (values: object) => ({ getValues: () => values });
/** The alert's message, under its title. */
const message = () => screen.getByRole('alert').querySelector('p:not(:empty)')?.textContent;

describe('MutationErrorAlert', () => {
  it('shows nothing until something failed, and nothing for a cancelled request', () => {
    const { rerender } = renderWithProviders(<MutationErrorAlert error={null} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(<MutationErrorAlert error={new DOMException('The upload was canceled.', 'AbortError')} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('joins the response’s errors with spaces (spec 2 §8)', () => {
    const { rerender } = renderWithProviders(<MutationErrorAlert error={failure} title="Could not save" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
    expect(message()).toBe('Name has already been taken Categories at most 3');
    rerender(
      <MutationErrorAlert
        error={new ApiError(409, 'conflict', 'Busy', [], ['The app is busy.', 'Try again later.'])}
      />,
    );
    expect(message()).toBe('The app is busy. Try again later.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('Busy T');
  });

  it('names fields by their labels in both languages, never by their paths', () => {
    // The server labels each detail (shared field-labels.ts) and writes its English `errors` with them.
    const upload = errorFromBody(
      422,
      'Unprocessable Entity',
      JSON.stringify({
        errors: [
          'Thumbnail must be a PNG or JPEG',
          'Picture 1 is not a png or jpeg file',
          'Categories at most 3',
        ],
        error: {
          code: 'validation_failed',
          message: 'Validation failed',
          details: [
            {
              path: 'developer_app.thumbnail',
              code: 'file_type',
              message: 'must be a PNG or JPEG',
              label: { key: 'thumbnail' },
            },
            {
              path: 'pictures_attributes.0.file',
              code: 'invalid',
              message: 'is not a png or jpeg file',
              label: { key: 'picture', number: 1 },
            },
            {
              path: 'category_ids',
              code: 'too_many',
              message: 'at most 3',
              params: { max: 3 },
              label: { key: 'categories' },
            },
          ],
        },
      }),
    );
    const { unmount } = renderWithProviders(<MutationErrorAlert error={upload} />);
    expect(message()).toBe(
      'Thumbnail must be a PNG or JPEG Picture 1 is not a png or jpeg file Categories at most 3',
    );
    unmount();
    renderWithProviders(<MutationErrorAlert error={upload} />, { language: 'es' });
    expect(message()).toMatch(/^Miniatura: .+ Imagen 1: .+ Categorías: /);
    expect(message()).not.toMatch(/developer_app|pictures_attributes|category_ids/);
  });

  it('keeps the English field labels of the web and the server the same', () => {
    expect(enFields).toEqual(FIELD_LABELS);
    expect(Object.keys(esFields).sort()).toEqual(Object.keys(FIELD_LABELS).sort());
  });

  it('leaves out the errors the form already shows on a field', () => {
    renderWithProviders(<MutationErrorAlert error={failure} form={form({ name: '' })} />);
    expect(message()).toBe('Categories at most 3');
  });

  it('rebuilds the same entries in Spanish from the codes, never the server’s English', () => {
    const { rerender } = renderWithProviders(
      <MutationErrorAlert
        error={failure}
        title="No se pudo guardar"
        fieldLabel={(path) => (path === 'categories' ? 'Categorías' : path === 'name' ? 'Nombre' : undefined)}
      />,
      { language: 'es' },
    );
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo guardar');
    expect(message()).toBe('Nombre: Ya está en uso Categorías: Se permiten como máximo 3 elementos');
    expect(screen.getByRole('alert')).not.toHaveTextContent(/taken|at most|Validation failed/);
    rerender(<MutationErrorAlert error={new ApiError(409, 'conflict', 'The app is busy.')} />);
    expect(message()).toBe('No se puede hacer en el estado actual. Recarga y vuelve a intentarlo.');
    rerender(
      <MutationErrorAlert error={new ApiError(0, 'network_error', 'The server could not be reached.')} />,
    );
    expect(message()).toBe(
      'No se pudo contactar con el servidor. Comprueba tu conexión y vuelve a intentarlo.',
    );
  });

  it('shows the exception’s message when no response came', () => {
    const { rerender } = renderWithProviders(<MutationErrorAlert error={new TypeError('x is undefined')} />);
    expect(message()).toBe('x is undefined');
    rerender(
      <MutationErrorAlert error={new ApiError(0, 'network_error', 'The server could not be reached.')} />,
    );
    expect(message()).toBe('The server could not be reached.');
    rerender(<MutationErrorAlert error={new Error('')} />);
    expect(message()).toBe('Something went wrong. Please try again.');
  });

  it('stays away when every problem is on a field of the form', () => {
    renderWithProviders(<MutationErrorAlert error={failure} form={form({ name: '', categories: [] })} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
