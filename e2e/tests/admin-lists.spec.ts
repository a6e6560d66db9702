import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type ApiSession, newUser, signIn, signUpAdmin, signUpViaApi } from '../support/api';
import { uniqueAppName } from '../support/developer-apps';
import { Mailbox } from '../support/mailbox';
import { screen } from '../support/screens';

const mailbox = new Mailbox();
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

const MANIFEST = JSON.stringify({
  schema_version: '4.1',
  app_manifest: { uid: 'queue-app', name: 'Queue App' },
  fullscreen: { source_url: 'https://tiles.example/app', description: 'Dashboard' },
  permissions: { project: { budgeting: 'readonly' } },
});

/**
 * An app of the signed-in developer with a production version submitted for review, through the API (a
 * platform administrator grants it production access first).
 */
async function appInReview(
  page: Page,
  session: ApiSession,
  name: string,
  admin: { request: APIRequestContext; session: ApiSession },
): Promise<number> {
  const headers = { 'X-CSRF-Token': session.csrfToken };
  const created = await page.request.post('/api/v1/developer_apps', {
    data: { internal_name: name },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const appId = ((await created.json()) as { id: number }).id;
  await expect
    .poll(
      async () => (await (await page.request.get(`/api/v1/developer_apps/${appId}`)).json()).sandbox?.status,
      {
        timeout: 30_000,
      },
    )
    .toBe('live');
  const granted = await admin.request.patch(`/api/v1/admin/developer_apps/${appId}`, {
    data: { developer_app: { production_access: 'granted' } },
    headers: { 'X-CSRF-Token': admin.session.csrfToken },
  });
  expect(granted.status(), await granted.text()).toBe(200);
  const version = await page.request.post('/api/v1/app_versioned_manifests', {
    data: {
      developer_app_id: appId,
      environment_type: 'Sandbox',
      semantic_version: '1.0.0',
      content: MANIFEST,
    },
    headers,
  });
  expect(version.status(), await version.text()).toBe(201);
  const promoted = await page.request.post('/api/v1/app_version_promotions', {
    data: {
      app_version_promotion: {
        source_app_version_id: ((await version.json()) as { id: number }).id,
        changelog: 'First release',
      },
    },
    headers,
  });
  expect(promoted.status(), await promoted.text()).toBe(201);
  const productionId = ((await promoted.json()) as { id: number }).id;
  const submitted = await page.request.patch(`/api/v1/app_versions/${productionId}`, {
    data: { app_version: { id: productionId, state: 'in_review' } },
    headers,
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return appId;
}

/** Waits until the list is not fetching any more (rows are dimmed while it does). */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('an admin finds an app by its owner, sees it in the review queue and edits the owner’s flags', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = newUser('Queue Owner');
  const admin = newUser('Lists Admin');
  await signUpViaApi(page.request, mailbox, owner);
  await signUpAdmin(request, mailbox, admin);
  const appName = uniqueAppName('Queue App');
  const ownerSession = await signIn(page, owner);
  const adminSession = await signIn(request, admin);
  const appId = await appInReview(page, ownerSession, appName, { request, session: adminSession });

  await test.step('the developer sees the version’s place in the review queue on the Versions tab', async () => {
    await page.goto(`/developer_apps/${appId}/versions`);
    await expect(page.getByText(/^Place \d+ in the review queue$/)).toBeVisible();
    await screen(page, 'versions-tab-queue-place');
  });

  // The browser now signs in as the administrator (a new session, not the owner's).
  await page.context().clearCookies();
  await signIn(page, admin);

  await test.step("the admin finds the app by its owner ('Created By')", async () => {
    await page.goto('/admin/developer_apps');
    await expect(page.getByRole('heading', { level: 1, name: 'Developer Apps' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Created By' }).fill(owner.email);
    await page.getByRole('option', { name: owner.email }).click();
    await expect(page).toHaveURL(/[?&]owner_id=\d+/);
    await settled(page);
    const table = page.getByRole('table', { name: 'Developer Apps' });
    await expect(table.getByRole('link')).toHaveText([appName]);
    await expect(table.getByRole('row').filter({ hasText: appName })).toContainText(owner.email);
    await screen(page, 'developer-apps-by-owner');
  });

  await test.step('the review queue lists the app with its manifest in review and its place', async () => {
    await page.goto('/admin/review_queue');
    await expect(page.getByRole('heading', { level: 1, name: 'Review Queue' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill(appName);
    await expect(page).toHaveURL(/[?&]search=/);
    await settled(page);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: appName }) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('link', { name: appName })).toHaveAttribute(
      'href',
      `/admin/developer_apps/${appId}`,
    );
    await expect(row).toContainText('manifest');
    await expect(row).toContainText(/manifest: #\d+/);
    await expect(row).toContainText(new Date().toISOString().slice(0, 4));
    await screen(page, 'review-queue');
  });

  await test.step('the admin opens the owner and makes them an employee', async () => {
    await page.goto('/admin/developers');
    await page.getByRole('searchbox', { name: 'Search' }).fill(owner.email);
    await expect(page).toHaveURL(/[?&]search=/);
    await settled(page);
    await page.getByRole('row', { name: `Edit developer ${owner.name} (${owner.email})` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Edit - ${owner.name}` })).toBeVisible();
    await expect(page.getByRole('link', { name: appName })).toHaveAttribute(
      'href',
      `/admin/developer_apps/${appId}`,
    );
    await page.getByRole('switch', { name: 'Employee' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Developer Updated!')).toBeVisible();
    await screen(page, 'developer-edited');
    const id = /\/admin\/developers\/(\d+)\/edit/.exec(page.url())?.[1];
    const saved = await page.request.get(`/api/v1/admin/developers/${id}`);
    expect(await saved.json()).toMatchObject({ email: owner.email, is_employee: true, is_admin: false });
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Employee' })).toBeChecked();
  });
});
