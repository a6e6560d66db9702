import { useForm } from '@mantine/form';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { createI18n } from '../i18n';
import { allBundles } from '../test/i18n';
import { applyServerErrors, detailsWithoutField, hasField } from './serverErrors';

const listing = {
  name: 'Acme',
  website_link: { url: '', label: '' },
  pictures: [{ description: '' }, { description: '' }, { description: '' }],
};

const failure = new ApiError(422, 'validation_failed', 'Validation failed', [
  {
    path: 'pictures.2.description',
    code: 'too_long',
    message: 'must be at most 200 characters',
    params: { max: 200 },
  },
  { path: 'website_link.url', code: 'invalid_url', message: 'is not a valid URL' },
  { path: 'categories', code: 'too_many', message: 'at most 3', params: { max: 3 } },
]);

function renderForm() {
  return renderHook(() => useForm({ initialValues: listing })).result;
}

describe('applyServerErrors', () => {
  it('puts each detail on the field its nested path names, translated', () => {
    const form = renderForm();
    let rest: ReturnType<typeof applyServerErrors> = [];
    act(() => {
      rest = applyServerErrors(form.current, failure, createI18n('en').t);
    });
    expect(form.current.errors).toEqual({
      'pictures.2.description': 'Must be at most 200 characters',
      'website_link.url': 'This URL is invalid',
    });
    expect(rest.map((detail) => detail.path)).toEqual(['categories']);
  });

  it('speaks the user’s language, not the server’s English', () => {
    const form = renderForm();
    act(() => {
      applyServerErrors(form.current, failure, createI18n('es', { preloaded: allBundles }).t);
    });
    expect(form.current.errors['pictures.2.description']).toBe('Debe tener como máximo 200 caracteres');
    expect(form.current.errors['website_link.url']).toBe('Esta URL no es válida');
  });

  it('leaves the form alone for an error without details', () => {
    const form = renderForm();
    act(() => {
      applyServerErrors(form.current, new ApiError(0, 'network_error', 'offline'), createI18n('en').t);
    });
    expect(form.current.errors).toEqual({});
  });
});

describe('detailsWithoutField', () => {
  it('keeps the details no field of the form can show', () => {
    expect(detailsWithoutField(failure, { getValues: () => listing }).map((d) => d.path)).toEqual([
      'categories',
    ]);
    expect(detailsWithoutField(failure)).toHaveLength(3);
  });

  it('walks objects and arrays by dotted path', () => {
    expect(hasField(listing, 'pictures.2.description')).toBe(true);
    expect(hasField(listing, 'pictures.3.description')).toBe(false);
    expect(hasField(listing, 'website_link')).toBe(true);
    expect(hasField(listing, 'name.length')).toBe(false);
  });
});
