import { type Browser, expect, type Page, test } from '@playwright/test';
import { type Credentials, newUser, signIn, signUpAdmin, signUpViaApi } from '../support/api';
import { seedDemoApp } from '../support/demo';
import { BASE_URL } from '../support/env';
import { CLASSIC_STATE, FORM_EXPERIENCE_STATE } from '../support/form-experience';
import { Mailbox } from '../support/mailbox';
import { screen } from '../support/screens';

const mailbox = new Mailbox();
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

const APP = 'Site Diary Sync';

/** A signed-in page of its own, in the tabbed (form experience) or the classic layout. */
async function pageAs(browser: Browser, user: Credentials, layout: 'tabbed' | 'classic'): Promise<Page> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    locale: 'en-US',
    reducedMotion: 'reduce',
    storageState: layout === 'tabbed' ? FORM_EXPERIENCE_STATE : CLASSIC_STATE,
  });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

/** Nothing on the page says the sandbox is missing, or that something failed. */
async function expectNoDeadEnd(page: Page): Promise<void> {
  await expect(page.getByText('Your sandbox is on its way')).toHaveCount(0);
  await expect(page.getByText(/an error occurred|could not load|something went wrong/i)).toHaveCount(0);
}

test('the demo app is reachable and agrees with itself on every screen, in both layouts', async ({
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  const developer = newUser('Demo Developer');
  const admin = newUser('Demo Admin');
  await signUpViaApi(request, mailbox, developer);
  await signUpAdmin(request, mailbox, admin);
  // The seed `npm start` runs on an empty database, for this journey's own developer and reviewer.
  const appId = await seedDemoApp(developer.email, admin.email);

  const page = await pageAs(browser, developer, 'tabbed');

  await test.step('the apps list shows the demo app with its live sandbox and as live', async () => {
    await page.goto('/developer_apps');
    const card = page.getByRole('link', { name: APP });
    await expect(card).toBeVisible();
    await expect(card.getByText('Sandbox live')).toBeVisible();
    await expect(card.getByText('Live', { exact: true })).toBeVisible();
    await expect(card.getByText('No sandbox')).toHaveCount(0);
    await screen(page, 'apps-list');
  });

  await test.step('every tab of the tabbed layout opens without a dead end or an error', async () => {
    await page.goto(`/developer_apps/${appId}`);
    await expect(page.getByRole('heading', { level: 1, name: APP })).toBeVisible();
    // A live app with a support e-mail on its listing: no support-contact warning.
    await expect(page.getByText('Add a support contact')).toHaveCount(0);
    const nav = page.getByRole('navigation', { name: 'App sections' });
    const tabs: [string, string, RegExp | string][] = [
      ['Configurations', 'configurations', 'Ready for Testing'],
      ['Versions', 'versions', '1.0.0'],
      ['Settings', 'settings', 'App details'],
      ['OAuth credentials', 'oauthCredentials', 'Client ID'],
      ['Collaborators', 'collaborators', developer.email],
      ['Marketplace listing', 'marketplaceListing', /published/i],
      ['Metrics', 'engagement', 'View Metrics Report'],
    ];
    for (const [label, segment, marker] of tabs) {
      await nav.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`/developer_apps/${appId}/${segment}$`));
      await expect(page.getByText(marker).first()).toBeVisible();
      await expectNoDeadEnd(page);
      await screen(page, `tabbed-${segment}`);
    }
  });

  await test.step('the classic single-page layout shows every section', async () => {
    const classic = await pageAs(browser, developer, 'classic');
    await classic.goto(`/developer_apps/${appId}`);
    await expect(classic.getByRole('heading', { level: 1, name: APP })).toBeVisible();
    for (const section of [
      'settings',
      'manifests',
      'sandbox',
      'oauthCredentials',
      'collaborators',
      'marketplaceListing',
    ]) {
      await expect(classic.locator(`#app-section-${section}`)).toBeVisible();
    }
    await expect(classic.getByRole('link', { name: 'View metrics report' })).toBeVisible();
    await expect(classic.getByText('Add a support contact')).toHaveCount(0);
    await expectNoDeadEnd(classic);
    await screen(classic, 'classic-page');
    await classic.context().close();
  });

  await test.step('the administrator sees it live, with production credentials', async () => {
    const adminPage = await pageAs(browser, admin, 'tabbed');
    await adminPage.goto('/admin/developer_apps');
    await adminPage.getByRole('searchbox', { name: 'Search' }).fill(developer.email);
    await expect(adminPage).toHaveURL(/[?&]search=/);
    // The list has settled on the search's answer (no half-transparent loading state in the screenshot).
    await expect(adminPage.locator('[aria-busy="true"]')).toHaveCount(0);
    const table = adminPage.getByRole('table', { name: 'Developer Apps' });
    const row = table.getByRole('row').filter({ has: adminPage.getByRole('link', { name: APP }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Live', { exact: true })).toBeVisible();
    await screen(adminPage, 'admin-list');

    await row.getByRole('link', { name: APP }).click();
    await expect(adminPage).toHaveURL(new RegExp(`/admin/developer_apps/${appId}`));
    await expect(adminPage.getByText('Live', { exact: true }).first()).toBeVisible();
    await expect(adminPage.getByText('has not generated production credentials')).toHaveCount(0);
    const tabs = adminPage.getByRole('tablist', { name: 'App sections' });
    for (const tab of ['General', 'Sandbox', 'Marketplace Listing', 'Metrics']) {
      await tabs.getByRole('tab', { name: tab }).click();
      await expect(tabs.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(adminPage.getByText('This app has no sandbox')).toHaveCount(0);
      await expectNoDeadEnd(adminPage);
      await screen(adminPage, `admin-${tab.toLowerCase().replace(/ /g, '-')}`);
    }
    await adminPage.context().close();
  });

  await test.step('the public marketplace lists it and opens its listing', async () => {
    const visitorContext = await browser.newContext({ baseURL: BASE_URL, locale: 'en-US' });
    const visitor = await visitorContext.newPage();
    await visitor.goto('/marketplace');
    await visitor.getByRole('searchbox', { name: 'Search apps' }).fill(APP);
    const link = visitor.locator(`a[href="/marketplace/${appId}"]`);
    await expect(link.first()).toBeVisible();
    await screen(visitor, 'marketplace');
    await link.first().click();
    await expect(visitor.getByRole('heading', { name: APP })).toBeVisible();
    await expect(
      visitor
        .getByText('Daily site diaries, photos and weather, synced to your projects automatically.')
        .first(),
    ).toBeVisible();
    await screen(visitor, 'marketplace-listing');
    await visitorContext.close();
  });
});
