import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { type ApiSession, newUser, signIn, signUpBeforeAll } from '../support/api';
import { type DeveloperAppBody, openTab, section, uniqueAppName } from '../support/developer-apps';
import { BASE_URL } from '../support/env';
import { Mailbox } from '../support/mailbox';
import { screen } from '../support/screens';

const mailbox = new Mailbox();
const owner = newUser('Builder Owner');
const admin = newUser('Builder Admin');
signUpBeforeAll(mailbox, { developers: [owner], admins: [admin] });

const header = (page: Page): Locator =>
  page.getByRole('main').getByRole('region', { name: /^(Version|New app version)/ });
const status = (page: Page): Locator => header(page).getByTestId('version-status');
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

/** Creates an app through the API and waits for its sandbox (SANDBOX_PROVISION_DELAY_MS, 3 s by default). */
async function createLiveApp(request: APIRequestContext, session: ApiSession, name: string): Promise<number> {
  const created = await request.post('/api/v1/developer_apps', {
    data: { internal_name: name },
    headers: { 'X-CSRF-Token': session.csrfToken },
  });
  expect(created.status(), await created.text()).toBe(201);
  const app = (await created.json()) as DeveloperAppBody;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/developer_apps/${app.id}`);
        return ((await response.json()) as DeveloperAppBody).sandbox?.status;
      },
      { timeout: 20_000 },
    )
    .toBe('live');
  return app.id;
}

test('a developer builds a configuration, creates 0.1.0, promotes it and submits it; a platform admin approves it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const session = await signIn(page, owner);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  const appId = await createLiveApp(page.request, session, uniqueAppName('Builder App'));

  // Promotion needs production credentials: a platform admin grants production access.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  const adminSession = await signIn(adminPage, admin);
  const granted = await adminPage.request.patch(`/api/v1/admin/developer_apps/${appId}`, {
    data: { developer_app: { production_access: 'granted' } },
    headers: { 'X-CSRF-Token': adminSession.csrfToken },
  });
  expect(granted.status(), await granted.text()).toBe(200);

  await test.step('Draft: the banner holds the save button until something is configured', async () => {
    await page.goto(`/developer_apps/${appId}/configurations`);
    await expect(status(page)).toHaveText('Draft');
    await expect(header(page).getByRole('heading', { name: 'New app version' })).toBeVisible();
    await expect(
      page.getByText('Please fill in the required fields below before creating a version.'),
    ).toBeVisible();
    await expect(button(header(page), 'Create Version')).toBeDisabled();
    await screen(page, 'draft');
  });

  await test.step('add a side panel with views picked in the tree and a parameter', async () => {
    await button(page, 'Add Component').click();
    const drawer = page.getByRole('dialog', { name: 'Add Component' });
    await drawer.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Side Panel' }).click();
    await drawer.getByRole('textbox', { name: 'Source URL' }).fill('https://panel.example.com/{{region}}');

    await button(drawer, 'Show the views under Change events').click();
    const changeEvents = drawer.getByRole('group', { name: 'Views under Change events' });
    await changeEvents.getByRole('checkbox', { name: 'Detail', exact: true }).check();
    const parent = drawer.getByRole('checkbox', { name: 'Change events', exact: true });
    await expect(parent).toHaveJSProperty('indeterminate', true);
    await parent.check();
    await expect(parent).toHaveJSProperty('indeterminate', false);
    await expect(changeEvents.getByRole('checkbox', { name: 'New', exact: true })).toBeChecked();
    await button(drawer, 'Show the views under RFI').click();
    await drawer
      .getByRole('group', { name: 'Views under RFI' })
      .getByRole('checkbox', { name: 'Detail', exact: true })
      .check();

    await button(drawer, 'Add Parameter').click();
    const modal = page.getByRole('dialog', { name: 'Add Parameter' });
    await button(modal, 'Add').click();
    await expect(
      modal.getByText('Key, name, and description are required to add another parameter'),
    ).toBeVisible();
    await modal.getByRole('textbox', { name: 'Name' }).fill('Region');
    await modal.getByRole('textbox', { name: 'Key' }).fill('region');
    await modal.getByRole('textbox', { name: 'Description' }).fill('Your region code');
    await modal.getByRole('switch', { name: 'Required' }).check();
    await button(modal, 'Add').click();
    await expect(modal).toBeHidden();
    await screen(page, 'component-drawer');

    await button(drawer, 'Save Component').click();
    await expect(drawer).toBeHidden();
    const row = section(page, 'Embedded Components').getByRole('row', { name: /Side Panel/ });
    await expect(row).toContainText('https://panel.example.com/{{region}}');
    await expect(button(header(page), 'Create Version')).toBeEnabled();
  });

  await test.step('ask for a service account with company and project permissions', async () => {
    await button(page, 'Edit Permissions').click();
    const drawer = page.getByRole('dialog', { name: 'Edit Permissions' });
    await drawer.getByRole('checkbox', { name: /Service Account Authentication/ }).check();
    await expect(drawer.getByRole('checkbox', { name: /User Level Authentication/ })).toBeDisabled();
    const adminTool = drawer.getByRole('radiogroup', { name: 'Admin', exact: true });
    await expect(adminTool.getByRole('radio', { name: 'Read-only' })).toBeDisabled();
    await drawer
      .getByRole('radiogroup', { name: 'Directory', exact: true })
      .getByRole('radio', { name: 'Read-only' })
      .check();
    await drawer.getByRole('tab', { name: 'Project' }).click();
    await drawer
      .getByRole('radiogroup', { name: 'RFIs', exact: true })
      .getByRole('radio', { name: 'Standard' })
      .check();
    await screen(page, 'permissions-drawer');
    await button(drawer, 'Save Permissions').click();
    await expect(drawer).toBeHidden();
    const card = section(page, 'Data Connector Components');
    await expect(card.getByRole('list', { name: 'Company tools' })).toContainText('Directory');
    await expect(card.getByRole('list', { name: 'Project tools' })).toContainText('RFIs');
  });

  await test.step('create 0.1.0: Ready for Testing', async () => {
    await button(header(page), 'Create Version').click();
    const modal = page.getByRole('dialog', { name: 'Create New Version' });
    await expect(modal.getByRole('textbox', { name: 'Semantic version' })).toHaveValue('0.1.0');
    await screen(page, 'create-version');
    await button(modal, 'Create').click();
    await expect(page.getByText('New sandbox manifest version created')).toBeVisible();
    await expect(status(page)).toHaveText('Ready for Testing');
    await expect(header(page).getByRole('heading', { name: 'Version 0.1.0' })).toBeVisible();
    await expect(button(header(page), 'Save Version')).toBeVisible();
    // The builder now holds the saved version.
    await expect(section(page, 'Embedded Components').getByRole('row', { name: /Side Panel/ })).toBeVisible();
    await screen(page, 'ready-for-testing');

    await button(header(page), 'View Manifest').click();
    const viewer = page.getByRole('dialog', { name: 'Manifest 0.1.0' });
    const json = viewer.getByLabel('Manifest JSON');
    await expect(json).toContainText('"schema_version": "4.1"');
    await expect(json).toContainText('"rfi.detail"');
    await expect(json).toContainText('"change_events.all"');
    await expect(json).toContainText('"rfi": "standard"');
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect(viewer).toBeHidden();
  });

  await test.step('promote with release notes: Promoted', async () => {
    await button(header(page), 'Promote').click();
    const modal = page.getByRole('dialog', { name: 'Promote 0.1.0 to production' });
    await button(modal, 'Promote').click();
    await expect(modal.getByText('Release notes are required')).toBeVisible();
    await modal
      .getByRole('textbox', { name: 'Release notes' })
      .fill('First release: side panel on RFIs and change events.');
    await button(modal, 'Promote').click();
    await expect(modal).toBeHidden();
    await expect(status(page)).toHaveText('Promoted');
    await screen(page, 'promoted');
  });

  await test.step('submit for review: Under Review', async () => {
    await button(header(page), 'Submit for review').click();
    const modal = page.getByRole('dialog', { name: 'Submit 0.1.0 for review' });
    await modal.getByRole('textbox', { name: 'Notes' }).fill('Please review the side panel.');
    await button(modal, 'Submit for review').click();
    await expect(modal).toBeHidden();
    await expect(status(page)).toHaveText('Under Review');
    await expect(button(header(page), 'Withdraw')).toBeVisible();
    await screen(page, 'under-review');
  });

  await test.step('the versions tab lists both versions; a key is copied', async () => {
    await openTab(page, 'Versions');
    const sandbox = page.getByRole('table', { name: 'Sandbox versions' });
    const production = page.getByRole('table', { name: 'Production versions' });
    await expect(sandbox.getByRole('row')).toHaveCount(2);
    await expect(production.getByRole('row').nth(1)).toContainText('Under review');
    await production.getByRole('button', { name: /Copy the app version key of 0\.1\.0/ }).click();
    await expect(page.getByText('App version key copied to clipboard')).toBeVisible();
    const key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    await screen(page, 'versions');
  });

  await test.step('a platform admin approves the version', async () => {
    await adminPage.goto(`/developer_apps/${appId}/versions`);
    const production = adminPage.getByRole('table', { name: 'Production versions' });
    await production.getByRole('button', { name: 'Approve: 0.1.0' }).click();
    const modal = adminPage.getByRole('dialog', { name: 'Approve 0.1.0' });
    await button(modal, 'Approve').click();
    await expect(modal).toBeHidden();
    await expect(production.getByRole('row').nth(1)).toContainText('Approved');
    await screen(adminPage, 'admin-approved');
    await adminContext.close();
  });

  await test.step('the owner sees the Approved Version', async () => {
    await openTab(page, 'Configurations');
    await page.reload();
    await expect(status(page)).toHaveText('Approved Version');
    await screen(page, 'approved');
  });

  await test.step('start 0.2.0 from the production version and compare it with 0.1.0', async () => {
    await openTab(page, 'Versions');
    const production = page.getByRole('table', { name: 'Production versions' });
    await production.getByRole('button', { name: 'More actions for 0.1.0' }).click();
    await page.getByRole('menuitem', { name: 'Start a new version from this one' }).click();
    await expect(page).toHaveURL(new RegExp(`/developer_apps/${appId}/configurations\\?from=\\d+$`));
    await expect(page.getByText('Starting from version 0.1.0')).toBeVisible();

    const components = section(page, 'Embedded Components');
    await components.getByRole('button', { name: 'Edit the Side Panel component' }).click();
    const drawer = page.getByRole('dialog', { name: 'Edit Component' });
    await expect(
      drawer
        .getByRole('group', { name: 'Views under RFI' })
        .getByRole('checkbox', { name: 'Detail', exact: true }),
    ).toBeChecked();
    await drawer.getByRole('textbox', { name: 'Source URL' }).fill('https://panel.example.com/v2/{{region}}');
    await button(drawer, 'Save Component').click();
    await expect(drawer).toBeHidden();

    await button(header(page), 'Save Version').click();
    const modal = page.getByRole('dialog', { name: 'Create New Version' });
    await expect(modal.getByRole('textbox', { name: 'Semantic version' })).toHaveValue('0.2.0');
    await button(modal, 'Create').click();
    await expect(status(page)).toHaveText('Ready for Testing');
    await expect(header(page).getByRole('heading', { name: 'Version 0.2.0' })).toBeVisible();
    await expect(page.getByText('Starting from version 0.1.0')).toHaveCount(0);

    await openTab(page, 'Versions');
    await button(page, 'Compare versions').click();
    const diff = page.getByRole('dialog', { name: 'Compare versions' });
    await expect(diff.getByRole('combobox', { name: 'Older version' })).toHaveValue('0.1.0 (Production)');
    await expect(diff.getByRole('combobox', { name: 'Newer version' })).toHaveValue('0.2.0 (Sandbox)');
    const changes = diff.getByRole('table', { name: 'Components' });
    await expect(changes.getByRole('row', { name: /Side Panel: Source URL/ })).toContainText(
      'https://panel.example.com/v2/{{region}}',
    );
    await expect(diff.getByRole('table', { name: 'Permissions' })).toHaveCount(0);
    await screen(page, 'compare');
  });
});
