import { expect, type Page, test } from '@playwright/test';
import { newUser, signIn, signUpViaApi } from '../support/api';
import { appTabs, createLiveAppViaApi, uniqueAppName } from '../support/developer-apps';
import { CLASSIC_STATE, FORM_EXPERIENCE_FLAGS } from '../support/form-experience';
import { Mailbox } from '../support/mailbox';
import { screen } from '../support/screens';

const mailbox = new Mailbox();
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

// This journey starts where a new user does: not opted in, every banner showing.
test.use({ storageState: CLASSIC_STATE });

const breadcrumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumbs' });
const optInBanner = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'Try the form-based experience' });

test('a developer opts in to the form-based experience from the banner and back out in account settings', async ({
  page,
}) => {
  const developer = newUser('Opt In');
  await signUpViaApi(page.request, mailbox, developer);
  const session = await signIn(page, developer);
  const app = await createLiveAppViaApi(page, session.csrfToken, uniqueAppName('Opt-in App'));

  await test.step('without the flag the app opens on the older single page', async () => {
    await page.goto(`/developer_apps/${app.id}`);
    await expect(breadcrumbs(page).getByText('Manage app', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Manifests' })).toBeVisible();
    await expect(appTabs(page)).toHaveCount(0);
    await expect(optInBanner(page)).toBeVisible();
    await screen(page, 'older-layout');
  });

  await test.step('the banner opens the opt-in modal; opting in reloads into the tabs', async () => {
    await optInBanner(page).getByRole('button', { name: 'Try it' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch to the form-based experience' });
    await expect(dialog).toBeVisible();
    await screen(page, 'opt-in-modal');
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'Opt in', exact: true }).click();
    await reloaded;
    await expect(appTabs(page)).toBeVisible();
    await expect(breadcrumbs(page).getByText('Manage app', { exact: true })).toHaveCount(0);
    await expect(page.getByText('Welcome to the form-based experience')).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), FORM_EXPERIENCE_FLAGS.beta)).toBe('true');
    await screen(page, 'newer-layout');
  });

  await test.step('the account-settings toggle opts out again, with a success toast', async () => {
    await page.goto('/account');
    const toggle = page.getByRole('switch', { name: /Use the form-based experience/ });
    await expect(toggle).toBeChecked();
    await toggle.click({ force: true });
    await expect(page.getByText('You are back on the classic experience.')).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await screen(page, 'opted-out');
    await page.goto(`/developer_apps/${app.id}`);
    await expect(breadcrumbs(page).getByText('Manage app', { exact: true })).toBeVisible();
    await expect(appTabs(page)).toHaveCount(0);
  });

  await test.step('a dismissed banner stays away', async () => {
    await optInBanner(page).getByRole('button', { name: 'Dismiss' }).click();
    await expect(optInBanner(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Manifests' })).toBeVisible();
    await expect(optInBanner(page)).toHaveCount(0);
  });
});
