import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import { type Client, createUser, errorOf, signIn, startTestRuntime } from './support';

// Every route of the OpenAPI document is checked here, so a new route cannot forget its guards.
const PUBLIC = new Set([
  'POST /api/v1/registrations',
  'POST /api/v1/registrations/confirmation',
  'POST /api/v1/registrations/confirmation/resend',
  'POST /api/v1/session',
  'GET /api/v1/session',
  'POST /api/v1/password_resets',
  'PATCH /api/v1/password_resets',
  // Crash reports come from any page, signed in or not (issue 13 item 4).
  'POST /api/v1/client_errors',
  // The embedded video host plays listing videos to anyone holding the hashed id (public marketplace).
  'GET /api/v1/video_host/medias/{hashed_id}',
  // The API changelog is open to visitors; a session only widens what it shows (issue 12).
  'GET /api/v1/resource_groups/aggregated_changelog',
  // The public marketplace: visitors browse, view and install without an account (issue 12).
  'GET /api/v1/marketplace/apps',
  'GET /api/v1/marketplace/apps/{id}',
  'GET /api/v1/marketplace/apps/{id}/media/{media_id}',
  'GET /api/v1/marketplace/categories',
  'POST /api/v1/marketplace/apps/{id}/installations',
  'POST /api/v1/marketplace/apps/{id}/installations/{installation_id}/uninstall',
  // The platform's events carry its Bearer secret instead of a session (issue 12).
  'POST /api/v1/platform/events',
  // Where the platform's OAuth server and REST API live: public facts, the reference shows them (issue 21).
  'GET /api/v1/platform/base_urls',
  // Signing in with a passkey: its options (a challenge) and the answer come before any session (issue 23).
  'POST /api/v1/session/passkey_options',
  'POST /api/v1/session/passkey',
]);

let runtime: Runtime;
let developer: Client;
let routes: { method: string; url: string; key: string }[];

beforeAll(async () => {
  runtime = await startTestRuntime();
  developer = await signIn(runtime.app, await createUser(runtime));
  const doc = (await runtime.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
    ([path, operations]) =>
      Object.keys(operations).map((method) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{[^}]+\}/g, '1'),
        key: `${method.toUpperCase()} ${path}`,
      })),
  );
});
afterAll(() => runtime?.close());

describe('route guards', () => {
  it('covers a meaningful number of routes', () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
  });

  it('answers 401 with the error shape to a stranger on every non-public route', async () => {
    for (const route of routes.filter((r) => !PUBLIC.has(r.key))) {
      const response = await runtime.app.inject({
        method: route.method as 'GET',
        url: route.url,
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(response.statusCode, route.key).toBe(401);
      expect(errorOf(response).code, route.key).toBe('unauthenticated');
    }
  });

  it('answers 403 csrf_invalid to every unsafe request made with the cookie but no token', async () => {
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      const response = await developer.request({
        method: route.method as 'POST',
        url: route.url,
        payload: {},
        csrf: false,
      });
      expect(response.statusCode, route.key).toBe(403);
      expect(errorOf(response).code, route.key).toBe('csrf_invalid');
    }
  });

  it('answers 403 to a developer on every admin route', async () => {
    for (const route of routes.filter((r) => r.url.startsWith('/api/v1/admin/'))) {
      const response = await developer.request({
        method: route.method as 'GET',
        url: route.url,
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(response.statusCode, route.key).toBe(403);
    }
  });
});
