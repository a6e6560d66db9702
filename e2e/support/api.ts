import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { linkFrom, type Mailbox } from './mailbox';

export interface NewUser {
  name: string;
  company_name: string;
  email: string;
  password: string;
}

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  is_admin: boolean;
}

export const CONFIRMATION_SUBJECT = 'Confirm your Lintel account';
export const RESET_SUBJECT = 'Reset your Lintel password';

/** A user nobody has used before: journeys build their own users instead of relying on demo data. */
export function newUser(label: string): NewUser {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return {
    name: `${label} ${id}`,
    company_name: `E2E Works ${id}`,
    email: `e2e-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id}@example.com`,
    password: `Correct horse ${id}`,
  };
}

/** Signs up through the API and confirms the address with the token from the e-mail the portal sent. */
export async function signUpViaApi(
  request: APIRequestContext,
  mailbox: Mailbox,
  user: NewUser,
): Promise<void> {
  const registered = await request.post('/api/v1/registrations', { data: user });
  expect(registered.status(), await registered.text()).toBe(201);
  const email = await mailbox.waitForMessage({ to: user.email, subject: CONFIRMATION_SUBJECT });
  const token = new URL(linkFrom(email)).searchParams.get('token');
  expect(token, 'the confirmation link carries a token').toBeTruthy();
  const confirmed = await request.post('/api/v1/registrations/confirmation', { data: { token } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/**
 * Signs in through the API with the page's own request context, so the session cookie lands in the
 * browser context and the next navigation is signed in.
 */
export async function signInViaApi(
  page: Page,
  credentials: { email: string; password: string },
): Promise<SessionUser> {
  const response = await page.request.post('/api/v1/session', {
    data: { email: credentials.email, password: credentials.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { user: SessionUser };
  return body.user;
}

/** A session held by an API request context: its cookie is in the context, the CSRF token is here. */
export interface ApiSession {
  user: SessionUser;
  csrfToken: string;
}

/** Signs in with a request context of its own (no browser), e.g. to change a user's settings. */
export async function signInRequest(
  request: APIRequestContext,
  credentials: { email: string; password: string },
): Promise<ApiSession> {
  const response = await request.post('/api/v1/session', {
    data: { email: credentials.email, password: credentials.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { user: SessionUser; csrf_token: string };
  return { user: body.user, csrfToken: body.csrf_token };
}

/** Switches the signed-in user's critical announcement e-mails on or off through the account API. */
export async function setCriticalEmails(
  request: APIRequestContext,
  session: ApiSession,
  on: boolean,
): Promise<void> {
  const response = await request.patch('/api/v1/account', {
    data: { critical_emails: on },
    headers: { 'X-CSRF-Token': session.csrfToken },
  });
  expect(response.status(), await response.text()).toBe(200);
  const account = (await response.json()) as { critical_emails: boolean };
  expect(account.critical_emails).toBe(on);
}
