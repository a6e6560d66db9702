import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { UserRow } from '../../src/db/schema';
import type { Runtime } from '../../src/runtime';
import { createApp } from '../apps-support';
import { type Client, createUser, signIn } from '../support';

export const CALLBACK = 'http://localhost:8765/callback';
export const OOB = 'urn:ietf:wg:oauth:2.0:oob';

/** A live sandbox with its owner signed in, the callback and OOB registered, and the sandbox credentials. */
export async function sandboxApp(runtime: Runtime, name = 'Roof Sync') {
  const owner = await createUser(runtime, { name: 'Olivia Owner' });
  const client = await signIn(runtime.app, owner);
  const app = await createApp(runtime, owner, name);
  // As the provisioning job does: it carries the app's name, which names the sandbox company.
  const pending = await runtime.platform.sandboxOf(app.id);
  if (!pending) throw new Error('no sandbox requested');
  await runtime.platform.finishProvisioning({ sandboxId: pending.id, appName: name });
  await runtime.platform.setAppMembers(app.id, [member(owner, 'owner')]);
  const sandbox = await runtime.platform.sandboxOf(app.id);
  const uid = sandbox?.oauth?.uid;
  if (!uid) throw new Error('no sandbox application');
  await runtime.platform.updateOAuthApplication(uid, { redirectUri: `${CALLBACK}\n${OOB}` });
  const secret = await runtime.platform.sandboxSecret(uid);
  if (!secret) throw new Error('no sandbox secret');
  return { owner, client, app, uid, secret };
}

export function member(user: UserRow, role: 'owner' | 'admin' | 'developer') {
  return { portalUserId: user.id, email: user.email, name: user.name, role };
}

/** The hidden fields of the consent page's form. */
export function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1] as string] = (match[2] as string).replace(/&amp;/g, '&').replace(/&quot;/g, '"');
  }
  return fields;
}

export function form(fields: Record<string, string>) {
  return new URLSearchParams(fields).toString();
}

/** The consent page of an authorization request, as the signed-in user sees it. */
export async function consent(client: Client, query: Record<string, string>, base = '/sandbox') {
  return client.request({
    method: 'GET',
    url: `${base}/oauth/authorize?${new URLSearchParams(query).toString()}`,
    csrf: false,
  });
}

/** Answers the consent page: Allow or Deny; returns the response (a redirect, or a page). */
export async function decide(client: Client, page: LightMyRequestResponse, decision: 'allow' | 'deny') {
  expect(page.statusCode).toBe(200);
  return client.request({
    method: 'POST',
    url: '/sandbox/oauth/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form({ ...formFields(page.body), decision }),
    csrf: false,
  });
}

/** The whole browser side: consent, Allow, and the code out of the redirect. */
export async function authorizeCode(
  client: Client,
  uid: string,
  extra: Record<string, string> = {},
): Promise<string> {
  const page = await consent(client, {
    response_type: 'code',
    client_id: uid,
    redirect_uri: CALLBACK,
    state: 'xyz',
    ...extra,
  });
  const answer = await decide(client, page, 'allow');
  expect(answer.statusCode).toBe(302);
  const location = new URL(answer.headers.location as string);
  expect(location.searchParams.get('state')).toBe('xyz');
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code in ${answer.headers.location}`);
  return code;
}

export function postToken(
  runtime: Runtime,
  fields: Record<string, string>,
  options: { base?: string; encoding?: 'form' | 'json' | 'multipart'; headers?: Record<string, string> } = {},
) {
  const encoding = options.encoding ?? 'form';
  const url = `${options.base ?? '/sandbox'}/oauth/token`;
  if (encoding === 'json') {
    return runtime.app.inject({ method: 'POST', url, payload: fields, headers: options.headers });
  }
  if (encoding === 'multipart') {
    const boundary = `----oauth${randomBytes(6).toString('hex')}`;
    const body = `${Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('')}--${boundary}--\r\n`;
    return runtime.app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...options.headers },
    });
  }
  return runtime.app.inject({
    method: 'POST',
    url,
    payload: form(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...options.headers },
  });
}

export function basic(id: string, secret: string) {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

export function tokenInfo(runtime: Runtime, token: string, base = '/sandbox') {
  // Token info answers 200 for every accepted token, user or service account alike (a service account's
  // /rest/v1.0/me also needs its company header), and 401 for the rest: the same check as every REST call.
  return runtime.app.inject({
    method: 'GET',
    url: `${base}/oauth/token/info`,
    headers: { authorization: `Bearer ${token}` },
  });
}

/** A PKCE verifier and its S256 challenge (RFC 7636 §4.2). */
export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}
