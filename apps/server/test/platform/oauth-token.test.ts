import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime';
import { startTestRuntime } from '../support';
import { authorizeCode, basic, CALLBACK, pkcePair, postToken, sandboxApp, tokenInfo } from './oauth-support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime();
});
afterAll(() => runtime?.close());

function expectError(response: LightMyRequestResponse, status: number, error: string) {
  expect(response.statusCode).toBe(status);
  const body = response.json();
  expect(Object.keys(body).sort()).toEqual(['error', 'error_description']);
  expect(body.error).toBe(error);
  expect(body.error_description).toEqual(expect.any(String));
  // The library's own wording ("Invalid grant: …", backquoted parameters) never reaches a client.
  expect(body.error_description).not.toMatch(/`|^Invalid \w+:/);
  expect(response.headers['cache-control']).toBe('no-store');
  return body.error_description as string;
}

function expectTokens(response: LightMyRequestResponse, withRefresh: boolean) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers.pragma).toBe('no-cache');
  const body = response.json();
  expect(Object.keys(body).sort()).toEqual(
    withRefresh
      ? ['access_token', 'created_at', 'expires_in', 'refresh_token', 'token_type']
      : ['access_token', 'created_at', 'expires_in', 'token_type'],
  );
  expect(body).toMatchObject({ token_type: 'bearer', expires_in: 5400 });
  expect(body.created_at).toBeGreaterThan(Date.now() / 1000 - 60);
  expect(Number.isInteger(body.created_at)).toBe(true);
  return body as { access_token: string; refresh_token: string; created_at: number };
}

describe('POST /sandbox/oauth/token: authorization_code', () => {
  it('exchanges a code once; a replay fails and revokes the tokens issued from it', async () => {
    const { client, uid, secret } = await sandboxApp(runtime);
    const code = await authorizeCode(client, uid);
    const fields = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      client_id: uid,
      client_secret: secret,
    };
    const tokens = expectTokens(await postToken(runtime, fields), true);
    expect((await tokenInfo(runtime, tokens.access_token)).statusCode).toBe(200);
    const stored = await runtime.database.db.selectFrom('platform_oauth_tokens').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(tokens.access_token);
    expect(JSON.stringify(stored)).not.toContain(tokens.refresh_token);

    expectError(await postToken(runtime, fields), 400, 'invalid_grant');
    expect((await tokenInfo(runtime, tokens.access_token)).statusCode).toBe(401);
    const refreshed = await postToken(runtime, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: uid,
      client_secret: secret,
    });
    expectError(refreshed, 400, 'invalid_grant');
  });

  it('refuses an expired code, another redirect URI, another client, a missing code', async () => {
    const { client, uid, secret } = await sandboxApp(runtime);
    const base = {
      grant_type: 'authorization_code',
      redirect_uri: CALLBACK,
      client_id: uid,
      client_secret: secret,
    };
    const late = await authorizeCode(client, uid);
    await runtime.database.db
      .updateTable('platform_oauth_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('used_at', 'is', null)
      .execute();
    expectError(await postToken(runtime, { ...base, code: late }), 400, 'invalid_grant');

    const code = await authorizeCode(client, uid);
    expectError(
      await postToken(runtime, { ...base, code, redirect_uri: 'http://localhost:8765/other' }),
      400,
      'invalid_grant',
    );
    const other = await sandboxApp(runtime, 'Other');
    const stolen = await authorizeCode(client, uid);
    expectError(
      await postToken(runtime, { ...base, code: stolen, client_id: other.uid, client_secret: other.secret }),
      400,
      'invalid_grant',
    );
    const description = expectError(await postToken(runtime, base), 400, 'invalid_request');
    expect(description).toBe('Missing required parameter: code.');
  });

  it('PKCE: S256 and plain verify; a wrong or missing verifier fails and burns the code', async () => {
    const { client, uid, secret } = await sandboxApp(runtime);
    const base = {
      grant_type: 'authorization_code',
      redirect_uri: CALLBACK,
      client_id: uid,
      client_secret: secret,
    };
    const s256 = pkcePair();
    const code = await authorizeCode(client, uid, {
      code_challenge: s256.challenge,
      code_challenge_method: 'S256',
    });
    expectTokens(await postToken(runtime, { ...base, code, code_verifier: s256.verifier }), true);

    const plain = pkcePair();
    const plainCode = await authorizeCode(client, uid, {
      code_challenge: plain.verifier,
      code_challenge_method: 'plain',
    });
    expectTokens(await postToken(runtime, { ...base, code: plainCode, code_verifier: plain.verifier }), true);

    const pair = pkcePair();
    const guarded = await authorizeCode(client, uid, {
      code_challenge: pair.challenge,
      code_challenge_method: 'S256',
    });
    expectError(
      await postToken(runtime, { ...base, code: guarded, code_verifier: pkcePair().verifier }),
      400,
      'invalid_grant',
    );
    // The failed attempt used the code up: the right verifier comes too late.
    expectError(
      await postToken(runtime, { ...base, code: guarded, code_verifier: pair.verifier }),
      400,
      'invalid_grant',
    );
    const unverified = await authorizeCode(client, uid, {
      code_challenge: pair.challenge,
      code_challenge_method: 'S256',
    });
    expectError(await postToken(runtime, { ...base, code: unverified }), 400, 'invalid_grant');
  });

  it('a confidential client sends its secret even with PKCE; a public one may not need to', async () => {
    const { client, uid } = await sandboxApp(runtime);
    const pair = pkcePair();
    const fields = (code: string) => ({
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      client_id: uid,
      code_verifier: pair.verifier,
    });
    const pkce = { code_challenge: pair.challenge, code_challenge_method: 'S256' };
    expectError(
      await postToken(runtime, fields(await authorizeCode(client, uid, pkce))),
      401,
      'invalid_client',
    );
    await runtime.platform.updateOAuthApplication(uid, { confidential: false });
    expectTokens(await postToken(runtime, fields(await authorizeCode(client, uid, pkce))), true);
  });
});

describe('POST /sandbox/oauth/token: refresh_token', () => {
  it('renews once: a new pair, the old access token ends; the refresh token sent never works again', async () => {
    const { client, uid, secret } = await sandboxApp(runtime);
    const code = await authorizeCode(client, uid);
    const first = expectTokens(
      await postToken(runtime, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: CALLBACK,
        client_id: uid,
        client_secret: secret,
      }),
      true,
    );
    const refresh = { grant_type: 'refresh_token', client_id: uid, client_secret: secret };
    const second = expectTokens(
      await postToken(runtime, { ...refresh, refresh_token: first.refresh_token }),
      true,
    );
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await tokenInfo(runtime, first.access_token)).statusCode).toBe(401);
    expect((await tokenInfo(runtime, second.access_token)).statusCode).toBe(200);
    const reused = await postToken(runtime, { ...refresh, refresh_token: first.refresh_token });
    expect(expectError(reused, 400, 'invalid_grant')).toBe('The refresh token is invalid');

    // A failed call burns the token it sent too (here: a wrong secret).
    const failed = await postToken(runtime, {
      ...refresh,
      client_secret: 'wrong',
      refresh_token: second.refresh_token,
    });
    expectError(failed, 401, 'invalid_client');
    const afterFailure = await postToken(runtime, { ...refresh, refresh_token: second.refresh_token });
    expect(expectError(afterFailure, 400, 'invalid_grant')).toBe('The refresh token is invalid');
    // The access token of the burnt pair still works until it expires.
    expect((await tokenInfo(runtime, second.access_token)).statusCode).toBe(200);
    expectError(await postToken(runtime, refresh), 400, 'invalid_request');

    // A replay of the code ends the renewed tokens too: they come from it.
    const replay = await postToken(runtime, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      client_id: uid,
      client_secret: secret,
    });
    expectError(replay, 400, 'invalid_grant');
    expect((await tokenInfo(runtime, second.access_token)).statusCode).toBe(401);
  });
});

describe('single use under concurrency', () => {
  it('of two simultaneous exchanges of a code, or refreshes of a token, exactly one succeeds', async () => {
    const { client, uid, secret } = await sandboxApp(runtime);
    const code = await authorizeCode(client, uid);
    const exchange = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      client_id: uid,
      client_secret: secret,
    };
    const exchanges = await Promise.all([postToken(runtime, exchange), postToken(runtime, exchange)]);
    expect(exchanges.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const tokens = await authorizeCode(client, uid).then((fresh) =>
      postToken(runtime, { ...exchange, code: fresh }).then((r) => r.json()),
    );
    const refresh = {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: uid,
      client_secret: secret,
    };
    const refreshes = await Promise.all([
      postToken(runtime, refresh),
      postToken(runtime, refresh),
      postToken(runtime, refresh),
    ]);
    expect(refreshes.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });
});

describe('POST /sandbox/oauth/token: client_credentials and client authentication', () => {
  it('issues a service-account token without a refresh token, credentials in the body or HTTP Basic', async () => {
    const { uid, secret } = await sandboxApp(runtime);
    const body = expectTokens(
      await postToken(runtime, { grant_type: 'client_credentials', client_id: uid, client_secret: secret }),
      false,
    );
    expect((await tokenInfo(runtime, body.access_token)).statusCode).toBe(200);
    const viaBasic = await postToken(
      runtime,
      { grant_type: 'client_credentials' },
      { headers: { authorization: basic(uid, secret) } },
    );
    expectTokens(viaBasic, false);
  });

  it('takes form, multipart and JSON bodies alike', async () => {
    const { uid, secret } = await sandboxApp(runtime);
    for (const encoding of ['form', 'multipart', 'json'] as const) {
      const response = await postToken(
        runtime,
        { grant_type: 'client_credentials', client_id: uid, client_secret: secret },
        { encoding },
      );
      expectTokens(response, false);
      const error = await postToken(
        runtime,
        { grant_type: 'password', client_id: uid, client_secret: secret },
        { encoding },
      );
      expectError(error, 400, 'unsupported_grant_type');
    }
  });

  it('answers a wrong secret or unknown client with invalid_client 401 and WWW-Authenticate', async () => {
    const { uid, secret } = await sandboxApp(runtime);
    const cases = [
      postToken(runtime, { grant_type: 'client_credentials', client_id: uid, client_secret: 'wrong' }),
      postToken(runtime, { grant_type: 'client_credentials', client_id: 'nobody', client_secret: secret }),
      postToken(
        runtime,
        { grant_type: 'client_credentials' },
        { headers: { authorization: basic(uid, 'wrong') } },
      ),
      postToken(runtime, { grant_type: 'client_credentials', client_id: uid }),
      // Sandbox credentials at the production server: another environment, another client.
      postToken(
        runtime,
        { grant_type: 'client_credentials', client_id: uid, client_secret: secret },
        { base: '/production' },
      ),
    ];
    for (const response of await Promise.all(cases)) {
      expectError(response, 401, 'invalid_client');
      expect(response.headers['www-authenticate']).toMatch(
        /^Bearer realm="Platform", error="invalid_client", error_description=".+"$/,
      );
    }
  });

  it('answers unsupported_grant_type and invalid_request as RFC 6749 §5.2', async () => {
    const { uid, secret } = await sandboxApp(runtime);
    expectError(
      await postToken(runtime, {
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        client_id: uid,
        client_secret: secret,
      }),
      400,
      'unsupported_grant_type',
    );
    const missing = await postToken(runtime, { client_id: uid, client_secret: secret });
    expect(expectError(missing, 400, 'invalid_request')).toBe('Missing required parameter: grant_type.');
    const badJson = await runtime.app.inject({
      method: 'POST',
      url: '/sandbox/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"grant_type":',
    });
    expectError(badJson, 400, 'invalid_request');
    const text = await runtime.app.inject({
      method: 'POST',
      url: '/sandbox/oauth/token',
      headers: { 'content-type': 'application/xml' },
      payload: 'grant_type=client_credentials',
    });
    expectError(text, 400, 'invalid_request');
  });
});
