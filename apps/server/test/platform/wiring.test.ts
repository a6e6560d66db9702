import { issueToken } from '@lintel/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime';
import { createApp, provisionNow } from '../apps-support';
import { createUser, startTestRuntime } from '../support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime();
});
afterAll(() => runtime?.close());

describe('the embedded platform on the portal port', () => {
  it('answers /sandbox/rest itself, with the reference 401 for a missing or unknown token', async () => {
    for (const authorization of [undefined, 'Bearer nope']) {
      const response = await runtime.app.inject({
        method: 'GET',
        url: '/sandbox/rest/v1.0/me',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: 'The access token is invalid' });
      expect(response.headers['www-authenticate']).toContain('invalid_token');
      expect(response.headers['x-request-id']).toBeTruthy();
    }
  });

  it('accepts a token of the environment it was issued for, and no other', async () => {
    const owner = await createUser(runtime);
    const app = await createApp(runtime, owner);
    await provisionNow(runtime, app.id);
    const oauth = await runtime.platform.oauthApplicationOf(app.id, 'sandbox');
    if (!oauth) throw new Error('no sandbox application');
    const token = await issueToken(runtime.database.db, {
      oauthApplicationId: oauth.platformId,
      environment: 'sandbox',
      kind: 'client',
      userId: null,
      withRefresh: false,
    });
    const headers = { authorization: `Bearer ${token.accessToken}` };
    const sandbox = await runtime.app.inject({ method: 'GET', url: '/sandbox/rest/v1.0/me', headers });
    expect(sandbox.statusCode).not.toBe(401);
    const production = await runtime.app.inject({ method: 'GET', url: '/production/rest/v1.0/me', headers });
    expect(production.statusCode).toBe(401);
  });
});
