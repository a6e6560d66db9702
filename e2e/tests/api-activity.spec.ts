import { expect, test } from '@playwright/test';
import pg from 'pg';
import { newUser, signIn, signUpAdmin, signUpViaApi } from '../support/api';
import { createLiveAppViaApi, openTab, uniqueAppName } from '../support/developer-apps';
import { runDatabaseUrl } from '../support/env';
import { Mailbox } from '../support/mailbox';
import { screen } from '../support/screens';

const mailbox = new Mailbox();
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

/**
 * Calls as the platform's recorder writes them (the OAuth server that would issue a token to make them
 * for real lands with another part of issue 21): straight into the run's database, seconds ago.
 */
async function recordCalls(
  appId: number,
  calls: { method: string; path: string; status: number; error?: string }[],
) {
  const client = new pg.Client({ connectionString: runDatabaseUrl() });
  await client.connect();
  try {
    for (const [index, call] of calls.entries()) {
      await client.query(
        `insert into platform_api_calls (developer_app_id, environment, client_id, token_kind, token_id, company_id,
           method, route, path, status, duration_ms, rate_limit, rate_remaining, request_id, request_headers,
           response_error, occurred_at)
         values ($1, 'sandbox', 'e2e-client', 'client', 1, 7, $2, $3, $3, $4, 8.5, 100, $5, $6, $7, $8,
           now() - make_interval(secs => $9))`,
        [
          appId,
          call.method,
          call.path,
          call.status,
          99 - index,
          `e2e-${appId}-${index}`,
          JSON.stringify({ 'user-agent': 'e2e-journey', 'platform-company-id': '7' }),
          call.error ?? null,
          calls.length - index,
        ],
      );
    }
  } finally {
    await client.end();
  }
}

test('a developer watches the API activity of an app: empty, then calls live, filtered and opened; an admin sees the same', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const developer = newUser('Activity Developer');
  const admin = newUser('Activity Admin');
  await signUpViaApi(page.request, mailbox, developer);
  await signUpAdmin(request, mailbox, admin);
  const session = await signIn(page, developer);
  const app = await createLiveAppViaApi(page, session.csrfToken, uniqueAppName('Activity'));
  const table = page.getByRole('table', { name: 'API calls, newest first' });

  await test.step('no calls yet: the tab points to the credentials for a first call', async () => {
    await page.goto(`/developer_apps/${app.id}`);
    await openTab(page, 'API activity');
    await expect(page.getByRole('heading', { name: 'No calls yet' })).toBeVisible();
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the credentials and Try it' })).toBeVisible();
    await screen(page, 'empty');
  });

  await test.step('calls come in while the tab is open, newest first', async () => {
    await recordCalls(app.id, [
      { method: 'GET', path: '/rest/v1.0/projects', status: 200 },
      {
        method: 'POST',
        path: '/rest/v1.0/projects/1/rfis',
        status: 422,
        error: '{"errors":{"subject":["can\'t be blank"]}}',
      },
      { method: 'GET', path: '/rest/v1.0/me', status: 200 },
    ]);
    await expect(table.getByRole('row')).toHaveCount(4, { timeout: 15_000 });
    await expect(table.getByRole('row').nth(1)).toContainText('/rest/v1.0/me');
    await screen(page, 'live');
  });

  await test.step('a status filter keeps only the failed call; it opens with its error and headers', async () => {
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: '4xx' }).click();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(page).toHaveURL(/status=4xx/);
    await table
      .getByRole('button', { name: /Open the details of POST \/rest\/v1.0\/projects\/1\/rfis/ })
      .click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText("can't be blank")).toBeVisible();
    await expect(drawer.getByText('e2e-journey')).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Copy request id' })).toBeVisible();
    await screen(page, 'details');
    await drawer.getByRole('button', { name: "Close the call's details" }).click();
    await expect(drawer).toBeHidden();
  });

  await test.step('pausing stops the live updates', async () => {
    await page.getByRole('button', { name: 'Pause live updates' }).click();
    await expect(page.getByText('Paused', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resume live updates' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  await test.step('a platform administrator reads the same calls on the admin app page', async () => {
    const adminPage = await (await browser.newContext()).newPage();
    await signIn(adminPage, admin);
    await adminPage.goto(`/admin/developer_apps/${app.id}`);
    await adminPage
      .getByRole('tablist', { name: 'App sections' })
      .getByRole('tab', { name: 'API activity' })
      .click();
    await expect(adminPage).toHaveURL(new RegExp(`/admin/developer_apps/${app.id}/apiActivity$`));
    await expect(
      adminPage.getByRole('table', { name: 'API calls, newest first' }).getByRole('row'),
    ).toHaveCount(4);
    await screen(adminPage, 'admin');
  });
});
