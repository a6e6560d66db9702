import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import type { Runtime } from '../src/runtime';
import { createUser, signIn, startTestRuntime, TEST_PASSWORD } from './support';

// SUPPORT_EMAIL (issue 13 item 4): the API support address the web names when credentials fail.
let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime({ env: { SUPPORT_EMAIL: 'help@partners.example' } });
});
afterAll(() => runtime?.close());

describe('the API support address', () => {
  it('reaches the signed-in browser with the session, at sign-in and after', async () => {
    const user = await createUser(runtime);
    const signedIn = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/session',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(signedIn.json().support_email).toBe('help@partners.example');
    const client = await signIn(runtime.app, user);
    const session = await client.request({ method: 'GET', url: '/api/v1/session' });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ support_email: 'help@partners.example', csrf_token: client.csrf });
  });

  it('defaults to api-support@lintel.dev and refuses a value that is not an address', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).supportEmail).toBe('api-support@lintel.dev');
    expect(() => loadConfig({ NODE_ENV: 'test', SUPPORT_EMAIL: 'not an address' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', SUPPORT_EMAIL: 'not an address' })).toThrow(/SUPPORT_EMAIL/);
  });
});
