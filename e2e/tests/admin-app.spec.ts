import { type Browser, expect, type Page, test } from '@playwright/test';
import { newUser, signIn, signUpAdmin, signUpViaApi } from '../support/api';
import { createLiveAppViaApi, uniqueAppName } from '../support/developer-apps';
import { Mailbox } from '../support/mailbox';
import { screen } from '../support/screens';

const mailbox = new Mailbox();
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

/** A page in a browser context of its own: another person. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('an admin hands an app to another developer, then deletes it and undeletes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = newUser('App Admin');
  const owner = newUser('First Owner');
  const heir = newUser('New Owner');
  const appName = uniqueAppName('Admin Journey');

  const ownerPage = await freshPage(browser);
  const heirPage = await freshPage(browser);
  await signUpAdmin(page.request, mailbox, admin);
  await signUpViaApi(ownerPage.request, mailbox, owner);
  await signUpViaApi(heirPage.request, mailbox, heir);
  await signIn(page, admin);
  const ownerSession = await signIn(ownerPage, owner);
  await signIn(heirPage, heir);
  const app = await createLiveAppViaApi(ownerPage, ownerSession.csrfToken, appName);
  const adminUrl = `/admin/developer_apps/${app.id}`;
  const sidebar = page.getByRole('complementary', { name: 'App administration' });

  await test.step('the admin opens the app page: title, tabs, owner in the sidebar', async () => {
    await page.goto(adminUrl);
    await expect(page.getByRole('heading', { level: 1, name: `Edit - ${appName}` })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'App sections' });
    await expect(tabs.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.getByRole('tab', { name: 'Marketplace Listing' })).toBeVisible();
    await expect(sidebar.getByText(owner.email, { exact: true })).toBeVisible();
    await expect(page.getByText('Notice: This app has not generated production credentials.')).toBeVisible();
    await expect(page.getByText('DELETED', { exact: true })).toHaveCount(0);
    await screen(page, 'admin-app-general');
  });

  await test.step('the sandbox tab shows the live sandbox', async () => {
    const tabs = page.getByRole('tablist', { name: 'App sections' });
    await tabs.getByRole('tab', { name: 'Sandbox' }).click();
    await expect(page).toHaveURL(new RegExp(`${adminUrl}/sandbox$`));
    await expect(page.getByText(/^http:\/\/[^/]+\/sandbox\/companies\/\d+$/)).toBeVisible();
    await screen(page, 'admin-app-sandbox');
    await tabs.getByRole('tab', { name: 'General' }).click();
    await expect(page).toHaveURL(new RegExp(`${adminUrl}$`));
  });

  await test.step('a change of owner to an unknown developer is refused on the field', async () => {
    await sidebar.getByRole('button', { name: 'Change Owner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Owner' });
    await expect(dialog.getByText(/Dangerous/)).toBeVisible();
    await dialog.getByRole('combobox', { name: "New owner's e-mail" }).fill('nobody-at-all@example.com');
    await dialog.getByRole('button', { name: 'Change Owner' }).click();
    await expect(
      dialog.getByText('No confirmed developer other than the current owner has this e-mail address.'),
    ).toBeVisible();
    await screen(page, 'admin-app-change-owner-refused');
    await expect(sidebar.getByText(owner.email, { exact: true })).toBeVisible();
  });

  await test.step('the admin changes the owner; the old owner is now admin on the app', async () => {
    const dialog = page.getByRole('dialog', { name: 'Change Owner' });
    // The heir is suggested as the admin types part of the address, and picked from the suggestions.
    const field = dialog.getByRole('combobox', { name: "New owner's e-mail" });
    await field.fill(heir.email.slice(0, heir.email.indexOf('@')));
    await page.getByRole('option', { name: new RegExp(heir.email.replace(/[.+]/g, '\\$&')) }).click();
    await expect(field).toHaveValue(heir.email);
    await dialog.getByRole('button', { name: 'Change Owner' }).click();
    await expect(page.getByText(`Owner changed to ${heir.email}`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(sidebar.getByText(heir.email, { exact: true })).toBeVisible();
    const collaborators = page.getByRole('region', { name: 'Collaborators' });
    await expect(collaborators.getByRole('row', { name: new RegExp(owner.email) })).toContainText('Admin');
    await expect(collaborators.getByRole('row', { name: new RegExp(heir.email) })).toContainText('Owner');
    await screen(page, 'admin-app-owner-changed');

    const asOldOwner = await ownerPage.request.get(`/api/v1/developer_apps/${app.id}`);
    expect(((await asOldOwner.json()) as { current_user_role: string }).current_user_role).toBe('admin');
  });

  await test.step('the admin deletes the app after a dangerous confirmation; the page marks it DELETED', async () => {
    await sidebar.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this app?' });
    await expect(dialog.getByText(/Dangerous/)).toBeVisible();
    await screen(page, 'admin-app-delete-confirm');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('App Deleted!')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('DELETED', { exact: true })).toBeVisible();
    await expect(sidebar.getByRole('button', { name: 'Undelete' })).toBeVisible();
    await expect(sidebar.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
    const gone = await heirPage.request.get(`/api/v1/developer_apps/${app.id}`);
    expect(gone.status()).toBe(404);
    await screen(page, 'admin-app-deleted');
  });

  await test.step('the admin undeletes it and the owner has it back', async () => {
    await sidebar.getByRole('button', { name: 'Undelete' }).click();
    await expect(page.getByText('App Undeleted!')).toBeVisible();
    await expect(page.getByText('DELETED', { exact: true })).toHaveCount(0);
    await expect(sidebar.getByRole('button', { name: 'Undelete' })).toHaveCount(0);
    const back = await heirPage.request.get(`/api/v1/developer_apps/${app.id}`);
    expect(back.status()).toBe(200);
    await screen(page, 'admin-app-undeleted');
  });

  await test.step("the app's audit trail on its admin page names every change, newest first", async () => {
    await page.reload();
    const trail = page.getByRole('table', { name: 'Audit events of this app' });
    const rows = trail.getByRole('row');
    await expect(rows.filter({ hasText: 'developer_app.undeleted' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'developer_app.deleted' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'developer_app.owner_changed' })).toHaveCount(1);
    await expect(rows.nth(1)).toContainText('developer_app.undeleted');
    await expect(rows.nth(2)).toContainText('developer_app.deleted');
    await expect(rows.nth(3)).toContainText('developer_app.owner_changed');
    await screen(page, 'admin-app-audit-trail');
  });

  await ownerPage.context().close();
  await heirPage.context().close();
});
