import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes } from '../../test/render';
import type { OpenApiDocument } from './openapi';
import { ReferenceScreen, type ReferenceScreenProps } from './ReferenceScreen';

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Lintel API', version: '1.2.3', description: 'The **portal** API.' },
  tags: [{ name: 'account', description: 'Your account' }],
  paths: {
    '/api/v1/account': {
      patch: {
        tags: ['account'],
        summary: 'Update the account',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name'],
                properties: { name: { type: 'string', maxLength: 120 } },
              },
            },
          },
        },
        responses: { 200: { description: 'The user' }, 422: { description: 'Invalid' } },
      },
    },
    '/api/v1/admin/outbound_emails': {
      get: {
        tags: ['admin'],
        summary: 'List outbound e-mail',
        parameters: [{ name: 'per_page', in: 'query', schema: { type: 'integer' } }],
        responses: { 200: { description: 'ok' } },
      },
    },
  },
};

const BASE_URLS = {
  sandbox: { auth: 'http://portal.test/sandbox', api: 'http://portal.test/sandbox' },
  production: { auth: 'http://portal.test/production', api: 'http://portal.test/production' },
};

function renderReference(path: string, flags: Partial<ReferenceScreenProps> = {}) {
  mockFetch((url) => {
    if (url === '/api/v1/openapi.json') return { body: doc };
    if (url === '/api/v1/platform/base_urls') return { body: BASE_URLS };
    return undefined;
  });
  const props = { isAdmin: false, isEmployee: false, isSignedIn: true, ...flags };
  return renderRoutes([{ path: '/reference/*', element: <ReferenceScreen {...props} /> }], path);
}

describe('ReferenceScreen', () => {
  it("names the platform's sandbox and production base URLs, to visitors too", async () => {
    renderReference('/reference/rest/docs/rest-api-overview', { isSignedIn: false });
    const section = await screen.findByRole('region', { name: "The platform's OAuth server and REST API" });
    expect(section).toHaveTextContent('Sandbox');
    expect(section).toHaveTextContent('OAuth: http://portal.test/sandbox');
    expect(section).toHaveTextContent('API: http://portal.test/production');
  });

  it('shows the overview with title, version and description', async () => {
    renderReference('/reference/rest/docs/rest-api-overview');
    expect(await screen.findByRole('heading', { name: 'Lintel API', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Version 1.2.3')).toBeInTheDocument();
    expect((await screen.findByText('portal')).tagName).toBe('STRONG');
    expect(screen.queryByText('Admin endpoints')).not.toBeInTheDocument();
  });

  it('shows the admin group only to admins', async () => {
    renderReference('/reference/rest/docs/rest-api-overview', { isAdmin: true });
    expect((await screen.findAllByText('Admin endpoints')).length).toBeGreaterThan(0);
  });

  it('lists a tag’s endpoints with method, path, parameters and body fields', async () => {
    renderReference('/reference/rest/tags/account');
    expect(await screen.findByRole('heading', { name: 'Update the account' })).toBeInTheDocument();
    expect(screen.getByText('PATCH')).toBeInTheDocument();
    expect(screen.getByText('/api/v1/account')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Request body of Update the account' })).toHaveTextContent(
      'maxLength 120',
    );
    expect(screen.getByText('422')).toBeInTheDocument();
  });

  it('sends /reference to the overview and invites signed-out readers to sign in', async () => {
    renderReference('/reference', { isSignedIn: false });
    expect(await screen.findByRole('heading', { name: 'Lintel API', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('You are not signed in')).toBeInTheDocument();
  });

  it('does not show the admin group’s page to others', async () => {
    renderReference('/reference/rest/tags/admin');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
