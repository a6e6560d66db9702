#!/usr/bin/env node
// The authorization-code flow with PKCE (S256) and a local redirect URI (Node 24, no dependencies):
// prints the authorize URL to open, receives the code on http://localhost:<port>/callback, exchanges it
// and calls the API as the user who allowed the app. See examples/README.md.
//
//   PLATFORM_BASE_URL=http://localhost:3000/sandbox CLIENT_ID=… CLIENT_SECRET=… REDIRECT_PORT=8765 \
//     node examples/authorization-code.mjs
//
// Register http://localhost:<port>/callback as a redirect URI of the app first. CLIENT_SECRET may be left
// out for a public app (PKCE alone then proves the code is yours).

import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

const base = (process.env.PLATFORM_BASE_URL ?? 'http://localhost:3000/sandbox').replace(/\/+$/, '');
const clientId = process.env.CLIENT_ID;
const clientSecret = process.env.CLIENT_SECRET;
const port = Number(process.env.REDIRECT_PORT ?? 8765);
const redirectUri = `http://localhost:${port}/callback`;
const timeoutMs = Number(process.env.AUTHORIZE_TIMEOUT_MS ?? 5 * 60_000);

function fail(message) {
  console.error(`error: ${message}`);
  process.exit(1);
}

if (!clientId) fail('set CLIENT_ID (the sandbox card shows it)');
if (!Number.isInteger(port) || port < 1 || port > 65535) fail('REDIRECT_PORT must be a port number');

const base64url = (bytes) => Buffer.from(bytes).toString('base64url');
const verifier = base64url(randomBytes(32));
const challenge = base64url(createHash('sha256').update(verifier).digest());
const state = base64url(randomBytes(16));

/** Waits for the browser to come back to the redirect URI; resolves with its query parameters. */
function waitForCallback() {
  return new Promise((resolve, reject) => {
    const servers = [];
    const timer = setTimeout(() => finish(new Error('no answer from the browser in time')), timeoutMs);
    function finish(error, params) {
      clearTimeout(timer);
      for (const server of servers) server.close();
      if (error) reject(error);
      else resolve(params);
    }
    const handler = (req, res) => {
      const url = new URL(req.url ?? '/', redirectUri);
      if (url.pathname !== '/callback') {
        res.writeHead(404).end();
        return;
      }
      const ok = url.searchParams.has('code');
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><title>Example app</title><p>${
          ok ? 'Authorized: you can close this window.' : 'The app was not authorized.'
        }</p></html>`,
      );
      finish(null, url.searchParams);
    };
    // "localhost" may be 127.0.0.1 or ::1 to the browser: listen on both loopback addresses only.
    for (const host of ['127.0.0.1', '::1']) {
      const server = createServer(handler);
      // Without IPv6 on this machine 127.0.0.1 is enough; without 127.0.0.1 nothing works.
      server.on('error', (error) => (host === '::1' ? undefined : finish(error)));
      server.listen(port, host);
      servers.push(server);
    }
  });
}

const authorize = new URL(`${base}/oauth/authorize`);
authorize.search = new URLSearchParams({
  response_type: 'code',
  client_id: clientId,
  redirect_uri: redirectUri,
  state,
  code_challenge: challenge,
  code_challenge_method: 'S256',
}).toString();

const callback = waitForCallback();
console.log('Open this URL in a browser signed in to the portal, and allow the app:');
console.log(authorize.toString());

const params = await callback.catch((error) => fail(error.message));
if (params.get('state') !== state) fail('the state that came back is not the one sent');
if (params.get('error'))
  fail(`authorization refused: ${params.get('error')} ${params.get('error_description') ?? ''}`);
const code = params.get('code');
if (!code) fail('no code in the redirect');
console.log('code received');

const form = {
  grant_type: 'authorization_code',
  code,
  redirect_uri: redirectUri,
  client_id: clientId,
  code_verifier: verifier,
  ...(clientSecret ? { client_secret: clientSecret } : {}),
};
const tokenResponse = await fetch(`${base}/oauth/token`, {
  method: 'POST',
  headers: { Accept: 'application/json' },
  body: new URLSearchParams(form),
});
const token = await tokenResponse.json().catch(() => null);
if (!tokenResponse.ok || !token?.access_token) {
  fail(`the code exchange answered ${tokenResponse.status}: ${JSON.stringify(token)}`);
}
console.log(
  `token: ${token.token_type} token, expires in ${token.expires_in} s, refresh token ${token.refresh_token ? 'received' : 'absent'}`,
);

// A user token acts as that user: /me and /companies need no Platform-Company-Id header.
const headers = { Authorization: `Bearer ${token.access_token}`, Accept: 'application/json' };
const me = await fetch(`${base}/rest/v1.0/me`, { headers });
if (!me.ok) fail(`GET /rest/v1.0/me answered ${me.status}: ${await me.text()}`);
const user = await me.json();
console.log(`me: ${user.id} ${user.name ?? ''} ${user.login ?? ''}`.trim());
const companies = await fetch(`${base}/rest/v1.0/companies`, { headers });
if (!companies.ok) fail(`GET /rest/v1.0/companies answered ${companies.status}: ${await companies.text()}`);
console.log(`companies: ${(await companies.json()).map((c) => `${c.id} ${c.name}`).join(', ')}`);
console.log('done');
