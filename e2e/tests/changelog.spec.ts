// Issue 12, the aggregated API changelog: an admin writes entries, a visitor filters the changelog by
// type and search and finds the public one, staff see the non-public one a developer does not, and a
// hidden entry leaves the changelog.
import { randomBytes } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { newUser, signIn, signUpBeforeAll } from '../support/api';
import { Mailbox } from '../support/mailbox';
import { screen } from '../support/screens';

const mailbox = new Mailbox();
const developer = newUser('Changelog Reader');
const admin = newUser('Changelog Admin');

signUpBeforeAll(mailbox, { developers: [developer], admins: [admin] });

const EMPTY = 'Nothing found. Use the filters on the left to select the changelog types to display.';
const marker = `crane${randomBytes(4).toString('hex')}`;
const publicSummary = `Crane webhooks retry failed deliveries (${marker})`;
const internalSummary = `Internal crane quota raised (${marker})`;

const card = (page: Page, summary: string) => page.getByRole('article', { name: summary });
const checkbox = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });

async function openAdminChangelog(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Admin', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Changelog' }).click();
  await expect(page).toHaveURL(/\/admin\/changelog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Changelog entries' })).toBeVisible();
}

async function writeEntry(
  page: Page,
  entry: { summary: string; type: string; endpoint: string; description: string; isPublic: boolean },
  screenName: string | null,
): Promise<void> {
  await openAdminChangelog(page);
  await page.getByRole('link', { name: 'Write an entry' }).click();
  await expect(page).toHaveURL(/\/admin\/changelog\/new$/);
  await page.getByRole('textbox', { name: 'Summary' }).fill(entry.summary);
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: entry.type, exact: true }).click();
  await page.getByLabel('Date').fill('2026-11-20');
  await page.getByRole('textbox', { name: 'Endpoint' }).fill(entry.endpoint);
  await page.getByRole('textbox', { name: 'Versions' }).fill('1.0+');
  await page.getByRole('textbox', { name: 'Description' }).fill(entry.description);
  if (!entry.isPublic) await page.getByRole('checkbox', { name: /^Public/ }).uncheck();
  if (screenName) await screen(page, screenName);
  const created = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith('/api/v1/admin/changelog_entries'),
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await created).status()).toBe(201);
  await expect(page).toHaveURL(/\/admin\/changelog$/);
  await expect(page.getByText('Changelog entry written', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: entry.summary })).toBeVisible();
}

async function signedInPage(
  browser: Browser,
  user: { email: string; password: string } | null,
): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (user) await signIn(page, user);
  return page;
}

test('an admin writes changelog entries; a visitor finds the public one by type and search; only staff see the non-public one', async ({
  page,
  browser,
}) => {
  // Three users in three browser contexts, eleven screens with their accessibility checks.
  test.setTimeout(240_000);
  await signIn(page, admin);

  await test.step('the admin writes a public and a non-public entry', async () => {
    await writeEntry(
      page,
      {
        summary: publicSummary,
        type: 'Feature',
        endpoint: 'POST /rest/v1.0/companies/{company_id}/webhooks/hooks',
        description: 'Failed deliveries are retried **three times**, a minute apart.',
        isPublic: true,
      },
      'admin-new-entry',
    );
    await writeEntry(
      page,
      {
        summary: internalSummary,
        type: 'Refinement',
        endpoint: 'GET /rest/v1.0/companies/{company_id}/webhooks/hooks',
        description: 'Not announced yet.',
        isPublic: false,
      },
      null,
    );
    await page.getByRole('searchbox', { name: 'Search' }).fill(marker);
    // The list has narrowed to the two entries (a header row and theirs) before the screen is checked: the
    // first page of the whole history, dimmed while the search loads, is not the screen.
    await expect(page.getByRole('row')).toHaveCount(3);
    await expect(page.getByRole('link', { name: publicSummary })).toBeVisible();
    await expect(
      page.getByRole('row', { name: new RegExp(internalSummary.replace(/[()]/g, '\\$&')) }),
    ).toContainText('Non-public');
    await screen(page, 'admin-list');
  });

  await test.step('a visitor opens the changelog and filters it by type and search', async () => {
    const visitor = await signedInPage(browser, null);
    // per_page in the URL is honoured (and keeps this screen's page, its screenshot and checks short).
    await visitor.goto('/changelog?per_page=10');
    await expect(visitor.getByRole('heading', { level: 1, name: 'API Changelog' })).toBeVisible();
    // The seeded history of the platform API shows on the first visit.
    await expect(visitor.getByRole('article')).toHaveCount(10);
    await expect(visitor.getByRole('button', { name: 'Page 2', exact: true })).toBeVisible();
    await expect(checkbox(visitor, 'All Types')).toBeChecked();
    await expect(visitor.getByRole('complementary', { name: 'Change types' })).toBeVisible();
    await screen(visitor, 'visitor-changelog');

    // The boxes are the URL's state: a click changes the URL, and the box follows it.
    await checkbox(visitor, 'Feature').click();
    await expect(checkbox(visitor, 'Feature')).toBeChecked();
    await expect(visitor).toHaveURL(/filters%5Btype%5D%5B%5D=feature/);
    await expect(checkbox(visitor, 'All Types')).not.toBeChecked();
    await visitor.getByRole('searchbox', { name: 'Search the changelog' }).fill(marker);
    await expect(visitor).toHaveURL(new RegExp(`filters%5Bsearch%5D=${marker}`));
    const found = card(visitor, publicSummary);
    await expect(found).toBeVisible();
    await expect(found).toContainText('Feature');
    await expect(found).toContainText('Version: 1.0+');
    await expect(found).toContainText('/rest/v1.0/companies/{company_id}/webhooks/hooks');
    await expect(found.getByText('three times')).toBeVisible();
    await expect(visitor.getByRole('article')).toHaveCount(1);
    await expect(card(visitor, internalSummary)).toHaveCount(0);
    await screen(visitor, 'visitor-found');

    // The state is the URL's: a reload shows the same, and another type finds nothing.
    await visitor.reload();
    await expect(card(visitor, publicSummary)).toBeVisible();
    await checkbox(visitor, 'Feature').click();
    await expect(checkbox(visitor, 'All Types')).toBeChecked();
    await checkbox(visitor, 'Fix').click();
    await expect(checkbox(visitor, 'Fix')).toBeChecked();
    await expect(visitor.getByText(EMPTY, { exact: true })).toBeVisible();
    await screen(visitor, 'visitor-nothing-found');
    await visitor.context().close();
  });

  await test.step('a developer does not see the non-public entry; the admin does, marked', async () => {
    const reader = await signedInPage(browser, developer);
    await reader.goto(`/changelog?filters[search]=${marker}`);
    await expect(card(reader, publicSummary)).toBeVisible();
    await expect(card(reader, internalSummary)).toHaveCount(0);
    await expect(reader.getByRole('article')).toHaveCount(1);
    await screen(reader, 'developer-changelog');

    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Reference', exact: true }).click();
    await page.getByRole('menuitem', { name: 'API Changelog' }).click();
    await expect(page).toHaveURL(/\/changelog$/);
    await page.getByRole('searchbox', { name: 'Search the changelog' }).fill(marker);
    const internal = card(page, internalSummary);
    await expect(internal).toBeVisible();
    await expect(internal).toContainText('Non-public');
    await expect(card(page, publicSummary)).toBeVisible();
    await screen(page, 'staff-changelog');

    await test.step('the admin hides the public entry and it leaves the changelog', async () => {
      await openAdminChangelog(page);
      await page.getByRole('link', { name: publicSummary }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Edit changelog entry' })).toBeVisible();
      await page.getByRole('button', { name: 'Hide from the changelog' }).click();
      await expect(page.getByText('Entry hidden from the changelog', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Show on the changelog' })).toBeVisible();
      await screen(page, 'admin-hidden-entry');
      await reader.reload();
      await expect(reader.getByText(EMPTY, { exact: true })).toBeVisible();
    });
    await reader.context().close();
  });
});
