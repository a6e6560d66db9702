import { screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { renderWithProviders } from '../../test/render';
import { errorsAsJson } from './ErrorsAsJson';

/** The admin notification form's panel, as the form shows it. */
function Panel({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <MutationErrorAlert
      error={error}
      title={t('adminNotifications.errors.title')}
      fieldLabel={(path) => (path === 'title' ? t('adminNotifications.fields.title') : undefined)}
      format={errorsAsJson(t)}
    />
  );
}

// As the server sends it: one `errors` entry per detail.
const invalid = new ApiError(
  422,
  'validation_failed',
  'Validation failed',
  [
    { path: 'title', code: 'too_long', message: 'is too long', params: { max: 200 } },
    { path: 'body', code: 'required', message: "can't be blank" },
  ],
  ['Title is too long', "Body can't be blank"],
);
const json = () => screen.getByTestId('error-json').textContent;

describe('the admin notification form’s error panel (spec 1 §8)', () => {
  it('shows the response’s errors as formatted JSON under "An error occurred"', () => {
    renderWithProviders(<Panel error={invalid} />);
    expect(screen.getByRole('alert')).toHaveTextContent('An error occurred');
    expect(json()).toBe('[\n  "Title is too long",\n  "Body can\'t be blank"\n]');
  });

  it('shows the error’s message when no response came, else "Error occurred"', () => {
    const { rerender } = renderWithProviders(<Panel error={new TypeError('x is undefined')} />);
    expect(json()).toBe('x is undefined');
    rerender(<Panel error={new ApiError(0, 'network_error', 'The server could not be reached.')} />);
    expect(json()).toBe('The server could not be reached.');
    rerender(<Panel error={new Error('')} />);
    expect(json()).toBe('Error occurred');
  });

  it('says the same in Spanish, the entries rebuilt from the codes', () => {
    const { rerender } = renderWithProviders(<Panel error={invalid} />, { language: 'es' });
    expect(screen.getByRole('alert')).toHaveTextContent('Se produjo un error');
    expect(JSON.parse(json() ?? '')).toEqual([
      'Título: Debe tener como máximo 200 caracteres',
      'body: Este campo es obligatorio',
    ]);
    expect(json()).toContain('\n  "Título');
    rerender(<Panel error={new ApiError(0, 'network_error', 'The server could not be reached.')} />);
    expect(json()).toBe('No se pudo contactar con el servidor. Comprueba tu conexión y vuelve a intentarlo.');
    rerender(<Panel error={new Error('')} />);
    expect(json()).toBe('Se produjo un error');
  });
});
