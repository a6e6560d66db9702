import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { runDatabaseUrl } from './env';
import { linkFrom, type Mailbox } from './mailbox';

const execFileAsync = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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

export interface Credentials {
  email: string;
  password: string;
}

/** A session held by a request context: its cookie is in the context, the CSRF token is here. */
export interface ApiSession {
  user: SessionUser;
  csrfToken: string;
}

/**
 * How every journey signs in (CONVENTIONS.md: through the API, except where the journey tests the
 * sign-in form itself, with `submitSignInForm`). Given a page, it signs in with the page's own request
 * context, so the session cookie lands in the browser context and the next navigation is signed in;
 * given a request context (no browser), the cookie stays in that context.
 */
export async function signIn(
  target: Page | APIRequestContext,
  credentials: Credentials,
): Promise<ApiSession> {
  const request = 'request' in target ? target.request : target;
  const response = await request.post('/api/v1/session', {
    data: { email: credentials.email, password: credentials.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { user: SessionUser; csrf_token: string };
  return { user: body.user, csrfToken: body.csrf_token };
}

/** Fills the sign-in form the page shows and submits it; what follows is the journey's to check. */
export async function submitSignInForm(page: Page, credentials: Credentials): Promise<void> {
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(credentials.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Whether this worker has granted a right through `npm run user:admin` yet (once is the proof). */
let grantedThroughCli = false;

/**
 * Makes an existing user a platform administrator the way an operator does: the first time in each
 * worker with `npm run user:admin -- <email>` on the run's database (no API grants administrator rights),
 * afterwards with the same UPDATE straight on that database — the command's process start cost ~6 s a
 * journey (issue 24: CI time), and once per run proves it.
 */
export async function grantAdmin(email: string): Promise<void> {
  if (!grantedThroughCli) {
    try {
      await execFileAsync('npm', ['run', '--silent', 'user:admin', '--', email], {
        cwd: root,
        env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: runDatabaseUrl() },
      });
      grantedThroughCli = true;
      return;
    } catch (error) {
      const { stderr, stdout } = error as { stderr?: string; stdout?: string };
      throw new Error(`npm run user:admin -- ${email} failed: ${stderr || stdout || String(error)}`);
    }
  }
  const client = new pg.Client({ connectionString: runDatabaseUrl() });
  await client.connect();
  try {
    const updated = await client.query(
      'UPDATE users SET is_admin = true, updated_at = now() WHERE email = $1 RETURNING id',
      [email.toLowerCase()],
    );
    if (updated.rowCount !== 1) throw new Error(`no user with the e-mail address ${email}`);
  } finally {
    await client.end();
  }
}

/**
 * A platform administrator of the journey's own: signed up and confirmed through the API like any
 * developer, then granted administrator rights. Sign in with `signIn` afterwards.
 */
export async function signUpAdmin(
  request: APIRequestContext,
  mailbox: Mailbox,
  user: NewUser,
): Promise<void> {
  await signUpViaApi(request, mailbox, user);
  await grantAdmin(user.email);
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

/** The users a journey file makes for itself before its tests. */
export interface JourneyUsers {
  /** Developers signed up and confirmed through the API. */
  developers?: readonly NewUser[];
  /** Platform administrators (`signUpAdmin`). */
  admins?: readonly NewUser[];
  /** Runs for each developer once it is signed up, in that user's request context. */
  afterSignUp?: (request: APIRequestContext, user: NewUser) => Promise<void>;
}

/**
 * The setup every journey with users of its own shares: starts `mailbox` and signs the users up
 * before the file's tests (each in a request context of its own, so no session leaks into the next),
 * and stops the mailbox after them.
 */
export function signUpBeforeAll(mailbox: Mailbox, users: JourneyUsers): void {
  test.beforeAll(async ({ playwright, baseURL }) => {
    await mailbox.start();
    const signUps = [
      ...(users.developers ?? []).map((user) => async (request: APIRequestContext) => {
        await signUpViaApi(request, mailbox, user);
        await users.afterSignUp?.(request, user);
      }),
      ...(users.admins ?? []).map(
        (user) => (request: APIRequestContext) => signUpAdmin(request, mailbox, user),
      ),
    ];
    for (const signUp of signUps) {
      const request = await playwright.request.newContext({ baseURL });
      try {
        await signUp(request);
      } finally {
        await request.dispose();
      }
    }
  });
  test.afterAll(() => mailbox.stop());
}
