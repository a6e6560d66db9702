import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { newUser, signIn, signUpBeforeAll } from '../support/api';
import { appTabs, createLiveAppViaApi, openTab, sandboxCard, uniqueAppName } from '../support/developer-apps';
import { BASE_URL } from '../support/env';
import { Mailbox } from '../support/mailbox';
import { screen } from '../support/screens';

// Issue 21: from sign-up to authorized, rate-limited API calls on the embedded sandbox, with the two
// clients of examples/ run as a developer would run them.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mailbox = new Mailbox();
const developer = newUser('Sandbox Developer');
const admin = newUser('Sandbox Admin');
signUpBeforeAll(mailbox, { developers: [developer], admins: [admin] });

const SANDBOX_BASE = `${BASE_URL}/sandbox`;

interface LiveApp {
  id: number;
  sandbox: { id: number; app_id: string; company_id: number; app_secret?: string; url: string };
}

/** A free TCP port on the loopback interface (the example's redirect URI listens there). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** A running example script: its output so far, and its end. */
interface Run {
  child: ChildProcess;
  output(): string;
  exit: Promise<number | null>;
}

function runExample(script: string, env: Record<string, string>): Run {
  const child = spawn(process.execPath, [path.join(root, 'examples', script)], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output: () => output, exit };
}

/** The example's exit, with its output in the message when it failed. */
async function expectSuccess(run: Run, timeout = 30_000): Promise<string> {
  const code = await Promise.race([
    run.exit,
    new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), timeout)),
  ]);
  if (code === 'timeout') run.child.kill();
  expect(code, run.output()).toBe(0);
  return run.output();
}

async function readApp(page: Page, id: number): Promise<LiveApp> {
  const response = await page.request.get(`/api/v1/developer_apps/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as LiveApp;
}

/** A sandbox version granting RFIs at standard: the client-credentials example lists and creates them. */
async function grantRfis(page: Page, csrfToken: string, appId: number): Promise<void> {
  const version = await page.request.post('/api/v1/app_versioned_manifests', {
    data: {
      developer_app_id: appId,
      environment_type: 'Sandbox',
      semantic_version: '0.1.0',
      configured_manifest_content: {
        auth_code_enabled: true,
        service_account_enabled: true,
        permissions: { company: { directory: 'readonly' }, project: { rfi: 'standard' } },
      },
    },
    headers: { 'X-CSRF-Token': csrfToken },
  });
  expect(version.status(), await version.text()).toBe(201);
}

/** Runs examples/client-credentials.mjs with the app's values, as the README says; returns its output. */
async function runClientCredentialsExample(app: LiveApp): Promise<string> {
  const output = await expectSuccess(
    runExample('client-credentials.mjs', {
      PLATFORM_BASE_URL: SANDBOX_BASE,
      CLIENT_ID: app.sandbox.app_id,
      CLIENT_SECRET: app.sandbox.app_secret ?? '',
      COMPANY_ID: String(app.sandbox.company_id),
    }),
  );
  expect(output).toMatch(/^token: bearer token, expires in 5400 s$/m);
  expect(output).toMatch(/^projects: \d+ in company \d+$/m);
  expect(output).toMatch(/^created RFI \d+/m);
  expect(output).toMatch(/^done$/m);
  return output;
}

// CI runs the client-credentials example against the started portal, apart from the browser journey.
test('the client-credentials example gets a token, lists the projects and creates an RFI', async ({
  page,
}) => {
  const session = await signIn(page, developer);
  const created = await createLiveAppViaApi(page, session.csrfToken, uniqueAppName('Example'));
  await grantRfis(page, session.csrfToken, created.id);
  const app = await readApp(page, created.id);
  expect(app.sandbox.app_secret, 'the sandbox secret is shown to the owner').toBeTruthy();
  await runClientCredentialsExample(app);
});

test('a developer goes from a new app to authorized API calls, sees them, and an admin rate-limits the app', async ({
  page,
  browser,
}) => {
  test.slow();
  const session = await signIn(page, developer);
  const created = await createLiveAppViaApi(page, session.csrfToken, uniqueAppName('Try It'));
  const appId = created.id;

  await grantRfis(page, session.csrfToken, appId);

  // The OAuth credentials tab: the base URLs and the Try it panel.
  await page.goto(`/developer_apps/${appId}`);
  await openTab(page, 'OAuth credentials');
  const card = sandboxCard(page);
  await expect(card.getByLabel('OAuth base URL', { exact: true })).toHaveText(SANDBOX_BASE);
  await expect(card.getByLabel('API base URL', { exact: true })).toHaveText(SANDBOX_BASE);
  const tryIt = card.getByRole('region', { name: 'Try it' });
  const app = await readApp(page, appId);
  await expect(tryIt).toContainText(`Your sandbox company's id is ${app.sandbox.company_id}`);
  await expect(tryIt.getByLabel('Client-credentials commands', { exact: true })).toContainText(
    `-F client_id=${app.sandbox.app_id}`,
  );
  await expect(tryIt.getByLabel('Client-credentials commands', { exact: true })).toContainText(
    '$CLIENT_SECRET',
  );
  await screen(page, 'try-it-panel');

  // Get a test token: shown once, and it works.
  await tryIt.getByRole('button', { name: 'Get a test token' }).click();
  const shown = tryIt.getByLabel('Access token', { exact: true });
  await expect(shown).toBeVisible();
  const token = (await shown.textContent())?.trim() ?? '';
  expect(token.length).toBeGreaterThan(20);
  const me = await page.request.get(`${SANDBOX_BASE}/rest/v1.0/me`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(me.status(), await me.text()).toBe(200);

  // The company page the card links to.
  await page.goto(app.sandbox.url);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sandbox');
  await expect(page.getByRole('table', { name: 'Users' })).toContainText(developer.email);
  await screen(page, 'sandbox-company-page');

  // The redirect URI the authorization-code example listens on, registered on the sandbox card.
  const port = await freePort();
  const redirectUri = `http://localhost:${port}/callback`;
  await page.goto(`/developer_apps/${appId}`);
  await openTab(page, 'OAuth credentials');
  const uris = sandboxCard(page).getByRole('textbox', { name: 'Redirect URIs' });
  await uris.fill(redirectUri);
  await sandboxCard(page).getByRole('button', { name: 'Save' }).click();
  await expect(sandboxCard(page).getByRole('region', { name: 'Try it' })).toContainText(redirectUri);

  // The authorization-code example: the developer opens its URL and allows the app.
  const secret = app.sandbox.app_secret ?? '';
  expect(secret, 'the sandbox secret is shown to the owner').not.toBe('');
  const authCode = runExample('authorization-code.mjs', {
    PLATFORM_BASE_URL: SANDBOX_BASE,
    CLIENT_ID: app.sandbox.app_id,
    CLIENT_SECRET: secret,
    REDIRECT_PORT: String(port),
    AUTHORIZE_TIMEOUT_MS: '60000',
  });
  await expect.poll(() => authCode.output(), { timeout: 10_000 }).toMatch(/\/oauth\/authorize\?/);
  const authorizeUrl = authCode
    .output()
    .split('\n')
    .find((line) => line.includes('/oauth/authorize?'));
  if (!authorizeUrl) throw new Error(`no authorize URL in: ${authCode.output()}`);
  await page.goto(authorizeUrl.trim());
  await expect(page.getByText(/^Allow .+ to access .+ as .+\?$/)).toBeVisible();
  await screen(page, 'consent-page');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('Authorized: you can close this window.')).toBeVisible();
  const authOutput = await expectSuccess(authCode);
  expect(authOutput).toMatch(/^token: bearer token, expires in 5400 s, refresh token received$/m);
  expect(authOutput).toMatch(/^me: \d+/m);
  expect(authOutput).toContain('done');

  // The client-credentials example, as CI runs it: token, companies, projects, a new RFI.
  await runClientCredentialsExample(app);
  // Client-credentials calls count per company: the burst below starts once the example's spike window
  // (10 s) is over.
  const exampleEnded = Date.now();

  // API activity: the calls just made, newest first.
  await page.goto(`/developer_apps/${appId}`);
  await appTabs(page).getByRole('link', { name: 'API activity', exact: true }).click();
  const main = page.getByRole('main');
  await expect(main.getByText('/rest/v1.0/me').first()).toBeVisible();
  await expect(main.getByText(/\/rest\/v1\.0\/projects\/\d+\/rfis/).first()).toBeVisible();
  await screen(page, 'api-activity');

  // An admin lowers the app's spike bucket on the sandbox's server to 5 requests.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  await adminPage.goto('/admin/rate_limits?server=Integrator_Sandbox');
  await adminPage.getByRole('button', { name: 'Retrieve buckets' }).click();
  const form = adminPage.getByRole('form', { name: 'Add bucket' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(`Try it ${appId}`);
  await form.getByRole('textbox', { name: 'Client ID' }).fill(app.sandbox.app_id);
  await form.getByRole('textbox', { name: 'Domain' }).fill('sandbox');
  await form.getByRole('group', { name: 'Template 2' }).getByRole('spinbutton', { name: 'Limit' }).fill('5');
  adminPage.once('dialog', (dialog) => void dialog.accept());
  await form.getByRole('button', { name: 'Add bucket' }).click();
  await expect(
    adminPage
      .getByRole('table', { name: 'Buckets on Integrator_Sandbox' })
      .getByRole('row', { name: new RegExp(`Try it ${appId}`) }),
  ).toContainText('spike: count, 10,000 ms, limit 5');
  await screen(adminPage, 'sandbox-bucket-lowered');
  await adminContext.close();

  // A burst from node with a fresh client-credentials token: 5 answered, the rest 429.
  // A changed bucket applies within a second; the example's calls leave the spike window after 10 s.
  const wait = Math.max(1_100, exampleEnded + 11_000 - Date.now());
  await new Promise((resolve) => setTimeout(resolve, wait));
  const issued = await fetch(`${SANDBOX_BASE}/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: app.sandbox.app_id,
      client_secret: secret,
    }),
  });
  expect(issued.status).toBe(200);
  const { access_token } = (await issued.json()) as { access_token: string };
  const burst = await Promise.all(
    Array.from({ length: 12 }, () =>
      fetch(`${SANDBOX_BASE}/rest/v1.0/projects?company_id=${app.sandbox.company_id}`, {
        headers: {
          Authorization: `Bearer ${access_token}`,
          'Platform-Company-Id': String(app.sandbox.company_id),
        },
      }),
    ),
  );
  const statuses = burst.map((response) => response.status).sort();
  expect(statuses.filter((status) => status === 200)).toHaveLength(5);
  expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  const refused = burst.find((response) => response.status === 429);
  expect(refused?.headers.get('x-rate-limit-limit')).toBe('5');
  expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
});
