import { expect, type Locator, type Page, test } from '@playwright/test';
import { type ApiSession, type NewUser, newUser, signIn, signUpAdmin, signUpViaApi } from '../support/api';
import { FORM_EXPERIENCE_FLAGS } from '../support/form-experience';
import { appWithPromotedVersion } from '../support/listing';
import { Mailbox } from '../support/mailbox';
import { screen } from '../support/screens';

const mailbox = new Mailbox();
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

/** Signs the page's user out and another in (one browser, two roles in turn). */
async function switchUser(page: Page, current: ApiSession, next: NewUser): Promise<ApiSession> {
  const out = await page.request.delete('/api/v1/session', {
    headers: { 'X-CSRF-Token': current.csrfToken },
  });
  expect(out.status(), await out.text()).toBeLessThan(300);
  return signIn(page, next);
}

const NOTES = 'The side panel asks for project budgeting access it never uses: drop it and resubmit.';
const productionVersions = (page: Page): Locator => page.getByRole('table', { name: 'Production versions' });

interface VersionJson {
  id: number;
  state: string;
  rejected_at: string | null;
  admin_notes: string | null;
}
/** The app's newest production version as the API answers it to the page's signed-in user. */
async function latestProduction(page: Page, appId: number): Promise<VersionJson> {
  const response = await page.request.get(
    `/api/v1/manifests?filters[developer_app_id]=${appId}&filters[versionable_type]=ProductionEnvironment`,
  );
  expect(response.status(), await response.text()).toBe(200);
  const [latest] = (await response.json()) as VersionJson[];
  if (!latest) throw new Error('no production version');
  return latest;
}

test('an admin rejects a promoted version with notes; the developer sees the rejected state and the notes in both layouts and resubmits', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const developer = newUser('Rejected Version');
  const admin = newUser('Rejecting Admin');
  await signUpViaApi(page.request, mailbox, developer);
  await signUpAdmin(request, mailbox, admin);
  const developerSession = await signIn(page, developer);
  const adminApiSession = await signIn(request, admin);
  const appId = await appWithPromotedVersion(page, developerSession, { request, session: adminApiSession });

  await test.step('the developer submits version 1.0.0 for review (API)', async () => {
    const versions = await page.request.get(
      `/api/v1/manifests?filters[developer_app_id]=${appId}&filters[versionable_type]=ProductionEnvironment`,
    );
    const [production] = (await versions.json()) as { id: number }[];
    const submitted = await page.request.patch(`/api/v1/app_versions/${production?.id}`, {
      headers: { 'X-CSRF-Token': developerSession.csrfToken },
      data: { app_version: { id: production?.id, state: 'in_review', developer_notes: 'First release' } },
    });
    expect(submitted.status(), await submitted.text()).toBe(200);
  });

  const adminSession = await switchUser(page, developerSession, admin);
  await test.step('the admin cannot reject without notes, then rejects with them (tabbed layout)', async () => {
    await page.goto(`/developer_apps/${appId}/versions`);
    await productionVersions(page).getByRole('button', { name: 'Reject: 1.0.0' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject 1.0.0' });
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(dialog.getByText('Write what the developers must change before rejecting.')).toBeVisible();
    await screen(page, 'admin-reject-needs-notes');
    await dialog.getByRole('textbox', { name: /Notes/ }).fill(NOTES);
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(productionVersions(page).getByText('Rejected', { exact: true })).toBeVisible();
    // The API keeps the spec's contract (spec 2 §4: reject → confidential); rejected_at marks the rejection.
    const version = await latestProduction(page, appId);
    expect(version).toMatchObject({ state: 'confidential', admin_notes: NOTES });
    expect(version.rejected_at).toEqual(expect.any(String));
  });

  await switchUser(page, adminSession, developer);
  await test.step('the developer sees Rejected with the notes on the Versions tab and the Configurations header', async () => {
    await page.goto(`/developer_apps/${appId}/versions`);
    const table = productionVersions(page);
    await expect(table.getByText('Rejected', { exact: true })).toBeVisible();
    await expect(table.getByText('Not submitted')).toHaveCount(0);
    const rejection = table.getByTestId('version-rejection');
    await expect(rejection).toContainText('Version 1.0.0 was rejected');
    await expect(rejection).toContainText(NOTES);
    await screen(page, 'developer-versions-rejected');

    await page.goto(`/developer_apps/${appId}/configurations`);
    const header = page.getByRole('region', { name: /^Version 1\.0\.0/ });
    await expect(header.getByTestId('version-status')).toHaveText('Rejected');
    await expect(header.getByTestId('version-rejection')).toContainText(NOTES);
    await screen(page, 'developer-configurations-rejected');
  });

  await test.step('on the classic layout the production table says Rejected with the notes; resubmitting clears them', async () => {
    await page.evaluate((key) => window.localStorage.removeItem(key), FORM_EXPERIENCE_FLAGS.beta);
    await page.goto(`/developer_apps/${appId}`);
    const manifests = page.getByRole('main').getByRole('region', { name: 'Manifests', exact: true });
    await manifests.getByRole('tab', { name: 'Production' }).click();
    const table = manifests.getByRole('table', { name: 'Production manifests' });
    await expect(table.getByText('Rejected', { exact: true })).toBeVisible();
    await expect(table.getByTestId('version-rejection')).toContainText(NOTES);
    await manifests.scrollIntoViewIfNeeded();
    await screen(page, 'classic-production-rejected');

    await table.getByRole('button', { name: 'Submit for review version 1.0.0' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit version 1.0.0 for review' });
    await dialog
      .getByRole('textbox', { name: /Notes for the reviewers/ })
      .fill('Dropped the budgeting access.');
    await dialog.getByRole('button', { name: 'Submit for review' }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByText('In review', { exact: true })).toBeVisible();
    await expect(table.getByTestId('version-rejection')).toHaveCount(0);
    await expect(manifests.getByTestId('review-queue-app_version')).toBeVisible();
    await screen(page, 'classic-production-resubmitted');
    expect(await latestProduction(page, appId)).toMatchObject({
      state: 'in_review',
      rejected_at: null,
      admin_notes: null,
    });
  });

  await test.step('the tabbed layout agrees after the resubmission', async () => {
    await page.evaluate((key) => window.localStorage.setItem(key, 'true'), FORM_EXPERIENCE_FLAGS.beta);
    await page.goto(`/developer_apps/${appId}/versions`);
    await expect(productionVersions(page).getByText('Under review', { exact: true })).toBeVisible();
    await expect(productionVersions(page).getByTestId('version-rejection')).toHaveCount(0);
  });
});
