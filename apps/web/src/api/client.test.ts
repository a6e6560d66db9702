import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, mockFetch } from '../test/render';
import { ApiError, call, callList } from './client';
import { setCsrfToken } from './csrf';
import { toQueryString } from './query-string';

describe('toQueryString', () => {
  it('writes arrays and nested filters in bracket format', () => {
    expect(
      toQueryString({
        page: 2,
        per_page: 50,
        sort: ['-created_at'],
        filters: { search: 'a b&c', status: 'sent', owner_id: [1, 2] },
      }),
    ).toBe(
      'page=2&per_page=50&sort[]=-created_at&filters[search]=a%20b%26c&filters[status]=sent&filters[owner_id][]=1&filters[owner_id][]=2',
    );
  });

  it('leaves out empty values', () => {
    expect(toQueryString({ page: 1, sort: undefined, filters: { search: '', status: null } })).toBe('page=1');
  });
});

describe('api client', () => {
  afterEach(() => setCsrfToken(null));

  it('sends the CSRF token on state-changing requests only', async () => {
    const fetchMock = mockFetch(() => ({ body: { ok: true } }));
    setCsrfToken('token-9');
    await call('GET /api/v1/account');
    await call('PATCH /api/v1/account', { body: { name: 'x' } });
    await call('DELETE /api/v1/session');
    const headers = fetchMock.mock.calls.map(([, init]) => init?.headers as Record<string, string>);
    expect(headers[0]?.['X-CSRF-Token']).toBeUndefined();
    expect(headers[1]?.['X-CSRF-Token']).toBe('token-9');
    expect(headers[1]?.['Content-Type']).toBe('application/json');
    expect(headers[2]?.['X-CSRF-Token']).toBe('token-9');
    expect(fetchMock.mock.calls.every(([, init]) => init?.credentials === 'same-origin')).toBe(true);
  });

  it('turns the error body into an ApiError', async () => {
    mockFetch(() =>
      errorBody(422, 'validation_failed', 'Validation failed', [
        { path: 'current_password', message: 'is incorrect' },
      ]),
    );
    const error = await call('PATCH /api/v1/account', { body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'validation_failed', message: 'Validation failed' });
    expect((error as ApiError).detailFor('current_password')).toBe('is incorrect');
    expect((error as ApiError).errors).toEqual(['Current password is incorrect']);
  });

  it('copes with an error answer that is not JSON', async () => {
    mockFetch(() => ({ status: 502, body: undefined }));
    const error = await call('GET /api/v1/account').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, code: 'http_502' });
  });

  it('reads paging from the Total and Per-Page headers', async () => {
    const fetchMock = mockFetch(() => ({ body: [{ id: 1 }], headers: { Total: '120', 'Per-Page': '25' } }));
    const result = await callList('GET /api/v1/admin/outbound_emails', {
      query: { page: 1, per_page: 50, sort: ['-created_at'] },
    });
    expect(result).toMatchObject({ items: [{ id: 1 }], total: 120, perPage: 25 });
    expect(result.headers.get('Total')).toBe('120');
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/v1/admin/outbound_emails?page=1&per_page=50&sort[]=-created_at',
    );
  });

  it('answers undefined for 204', async () => {
    mockFetch(() => ({ status: 204 }));
    await expect(call('DELETE /api/v1/session')).resolves.toBeUndefined();
  });
});
