import { registrationRequest } from '@lintel/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createI18n } from '../i18n';
import { allBundles } from '../test/i18n';
import { zodResolver } from './zodResolver';

const english = createI18n('en').t;
const spanish = createI18n('es', { preloaded: allBundles }).t;

const filled = { name: 'Grace Hopper', company_name: 'Navy', email: 'grace@example.com', password: 'x' };

describe('zodResolver', () => {
  it('shows a shared schema rule in the user’s language, from the issue code and params', async () => {
    expect(await zodResolver(registrationRequest, english)(filled)).toEqual({
      password: 'Must be at least 12 characters',
    });
    expect(await zodResolver(registrationRequest, spanish)(filled)).toEqual({
      password: 'Debe tener al menos 12 caracteres',
    });
  });

  it('names every failing field by its path, nested ones included', async () => {
    const schema = z.object({
      name: registrationRequest.shape.name,
      links: z.array(z.object({ url: z.url() })),
    });
    const errors = await zodResolver(
      schema,
      spanish,
    )({ name: '   ', links: [{ url: 'https://a.example' }, { url: 'nope' }] });
    expect(errors).toEqual({
      name: 'Este campo es obligatorio',
      'links.1.url': 'Esta URL no es válida',
    });
  });

  it('passes values the schema accepts, and leaves unknown keys to the server', async () => {
    const valid = { ...filled, password: 'long-enough-password', password_confirmation: 'x' };
    expect(await zodResolver(registrationRequest, english)(valid)).toEqual({});
  });

  it('loads the schema once when given a loader', async () => {
    let loads = 0;
    const resolve = zodResolver(async () => {
      loads += 1;
      return registrationRequest;
    }, english);
    expect(await resolve({ ...filled, email: 'not-an-address' })).toEqual({
      email: 'This email is invalid',
      password: 'Must be at least 12 characters',
    });
    expect(await resolve(filled)).toEqual({ password: 'Must be at least 12 characters' });
    expect(loads).toBe(1);
  });

  it('leaves the check to the server when the schema cannot be loaded, and tries again next time', async () => {
    let attempts = 0;
    const resolve = zodResolver(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return registrationRequest;
    }, english);
    expect(await resolve(filled)).toEqual({});
    expect(await resolve(filled)).toEqual({ password: 'Must be at least 12 characters' });
  });
});
