import { expect, type Page, test } from '@playwright/test';
import { type ApiSession, type NewUser, newUser, signIn, signUpAdmin, signUpViaApi } from '../support/api';
import {
  appWithPromotedVersion,
  completeListingViaApi,
  promoteVersion,
  saveListingViaApi,
} from '../support/listing';
import { Mailbox } from '../support/mailbox';
import { screen } from '../support/screens';

// Issue 20, item 3: updating a published listing. After approval the form offers only versions newer
// than the published one, says plainly to promote one (with a link to the versions), and submits the
// update once a newer version is chosen; the admin approves it and the marketplace shows the change.

const mailbox = new Mailbox();
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

async function switchUser(page: Page, current: ApiSession, next: NewUser): Promise<ApiSession> {
  const out = await page.request.delete('/api/v1/session', {
    headers: { 'X-CSRF-Token': current.csrfToken },
  });
  expect(out.status(), await out.text()).toBeLessThan(300);
  return signIn(page, next);
}

const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });
const progress = (page: Page) => page.getByText(/required sections complete/);

test('a developer updates a published listing: promote a newer version, choose it, change the listing, submit; the admin approves and the marketplace shows it', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const developer = newUser('Update Developer');
  const admin = newUser('Update Admin');
  await signUpViaApi(page.request, mailbox, developer);
  await signUpAdmin(request, mailbox, admin);
  let session = await signIn(page, developer);
  const adminSession = await signIn(request, admin);
  const adminHeaders = { 'X-CSRF-Token': adminSession.csrfToken };
  const appId = await appWithPromotedVersion(page, session, { request, session: adminSession });

  await test.step('a listing naming version 1.0.0 is published (through the API)', async () => {
    const first = await completeListingViaApi(page.request, session, appId);
    await saveListingViaApi(page.request, session, { submissionId: first.id }, { state: 'in_review' });
    const approved = await request.patch(`/api/v1/admin/submissions/${first.id}`, {
      headers: adminHeaders,
      data: { submission: { approval_state: 'approved' } },
    });
    expect(approved.status(), await approved.text()).toBe(200);
  });

  await test.step('the form does not offer the published version and says to promote a newer one', async () => {
    await page.goto(`/developer_apps/${appId}/marketplaceListing`);
    await expect(page.getByRole('textbox', { name: /Tagline/ })).toHaveValue('Track every crane on site', {
      timeout: 30_000,
    });
    const hint = page.getByTestId('listing-version-hint');
    await expect(hint).toContainText(
      'No promoted app version is newer than the published one (1.0.0). To update the listing, promote a newer app version, then choose it here.',
    );
    await expect(tab(page, /App Information/).getByRole('img', { name: 'Has errors' })).toBeVisible();
    await expect(progress(page)).not.toContainText('100%');
    await page.getByRole('combobox', { name: /App version/ }).click();
    await expect(page.getByRole('option', { name: '1.0.0' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await screen(page, 'published-no-newer-version');

    await expect(page.getByRole('combobox', { name: /App version/ })).toHaveAttribute(
      'placeholder',
      'No promoted version newer than 1.0.0',
    );
    await hint.getByRole('link', { name: "Go to the app's versions" }).click();
    await expect(page).toHaveURL(new RegExp(`/developer_apps/${appId}/versions$`));
    await expect(page.getByText('1.0.0').first()).toBeVisible();
    await screen(page, 'versions-from-hint');
  });

  await test.step('a newer version is promoted and approved (through the API)', async () => {
    const newer = await promoteVersion(page.request, session, appId, '1.1.0');
    const submitted = await page.request.patch(`/api/v1/app_versions/${newer}`, {
      headers: { 'X-CSRF-Token': session.csrfToken },
      data: { app_version: { id: newer, state: 'in_review' } },
    });
    expect(submitted.status(), await submitted.text()).toBe(200);
    const approved = await request.patch(`/api/v1/app_versions/${newer}`, {
      headers: adminHeaders,
      data: { app_version: { id: newer, state: 'published' } },
    });
    expect(approved.status(), await approved.text()).toBe(200);
  });

  await test.step('the developer chooses it, changes the tagline and submits the update', async () => {
    await page.goto(`/developer_apps/${appId}/marketplaceListing`);
    await expect(page.getByRole('textbox', { name: /Tagline/ })).toHaveValue('Track every crane on site', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('listing-version-hint')).toHaveCount(0);
    await expect(
      page.getByText('Choose a promoted app version newer than the published one (1.0.0)'),
    ).toBeVisible();
    await page.getByRole('combobox', { name: /App version/ }).click();
    await expect(page.getByRole('option', { name: '1.0.0' })).toHaveCount(0);
    await screen(page, 'newer-version-offered');
    await page.getByRole('option', { name: '1.1.0' }).click();
    await expect(
      page.getByText('Choose a promoted app version newer than the published one (1.0.0)'),
    ).toHaveCount(0);
    await page.getByRole('textbox', { name: /Tagline/ }).fill('Every crane, every lift');
    await expect(progress(page)).toContainText('(100%)');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Listing saved as a draft.')).toBeVisible();
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit for approval' });
    await dialog.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(
      page.getByText('Your listing is being reviewed. Withdraw it to make changes.'),
    ).toBeVisible();
    await screen(page, 'update-submitted');
  });

  await test.step('the admin approves the update and the marketplace shows the change', async () => {
    session = await switchUser(page, session, admin);
    await page.goto(`/admin/developer_apps/${appId}/marketplaceListing`);
    await expect(page.getByRole('textbox', { name: /Tagline/ })).toHaveValue('Every crane, every lift', {
      timeout: 30_000,
    });
    await expect(page.getByText('In Review', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve the listing' });
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.getByText('Listing approved and published.')).toBeVisible();
    await screen(page, 'admin-approved-update');

    await page.goto(`/marketplace/${appId}`);
    await expect(page.getByRole('heading', { name: 'Crane Tracker' })).toBeVisible();
    await expect(page.getByText('Every crane, every lift').first()).toBeVisible();
    await screen(page, 'marketplace-shows-update');
  });
});
