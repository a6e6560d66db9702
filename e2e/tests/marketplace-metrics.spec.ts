import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { newUser, signIn, signUpAdmin, signUpViaApi } from '../support/api';
import { BASE_URL } from '../support/env';
import { Mailbox } from '../support/mailbox';
import { publishListingViaApi } from '../support/marketplace';
import { screen } from '../support/screens';

const mailbox = new Mailbox();
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

test('a visitor views a published listing and installs the app; the developer sees both in the report and downloads the CSV', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const developer = newUser('Market Developer');
  const admin = newUser('Market Admin');
  await signUpViaApi(page.request, mailbox, developer);
  await signUpAdmin(request, mailbox, admin);
  const session = await signIn(page, developer);
  const adminSession = await signIn(request, admin);
  const publicName = `Crane Log ${Date.now().toString(36)}`;
  const appId = await publishListingViaApi(page, session, { request, session: adminSession }, publicName);
  const company = 'Smith, "Jones" & Co';

  await test.step('a visitor, not signed in, finds the listing in the public marketplace', async () => {
    const visitorContext = await browser.newContext({ baseURL: BASE_URL, locale: 'en-US' });
    const visitor = await visitorContext.newPage();
    await visitor.goto('/marketplace');
    await expect(visitor.getByRole('heading', { name: 'Marketplace', level: 1 })).toBeVisible();
    await visitor.getByRole('searchbox', { name: 'Search apps' }).fill(publicName);
    const link = visitor.getByRole('link', { name: `View ${publicName}` });
    await expect(link).toBeVisible();
    await screen(visitor, 'marketplace');
    await link.click();
    await expect(visitor).toHaveURL(new RegExp(`/marketplace/${appId}$`));
    await expect(visitor.getByRole('heading', { name: publicName })).toBeVisible();
    await expect(visitor.getByText('Daily logs from the field, in one place').first()).toBeVisible();
    await screen(visitor, 'listing');

    await visitor.getByRole('button', { name: 'Install', exact: true }).click();
    const dialog = visitor.getByRole('dialog', { name: `Install ${publicName}` });
    await dialog.getByRole('textbox', { name: 'Company name' }).fill(company);
    await dialog.getByRole('textbox', { name: 'Installer e-mail' }).fill('pat@customer.example');
    await dialog.getByRole('checkbox', { name: 'This is a demo company' }).check();
    await screen(visitor, 'install');
    await dialog.getByRole('button', { name: 'Install', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(visitor.getByText(`${company} installed ${publicName}.`)).toBeVisible();
    await visitorContext.close();
  });

  await test.step('the developer sees the view and the install in the App Engagement Report', async () => {
    await page.goto(`/developer_apps/${appId}/metrics`);
    const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await expect(breadcrumbs.getByRole('link', { name: 'Apps' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'App Engagement Report', level: 1 })).toBeVisible();
    await expect(page.getByText('total marketplace visits')).toBeVisible();
    const kpi = (label: string) =>
      page.getByText(label, { exact: true }).locator('xpath=preceding-sibling::*[1]');
    await expect(kpi('total marketplace visits')).toHaveText('1');
    await expect(kpi('company installations')).toHaveText('1');
    const today = new Date().toISOString().slice(0, 10);
    const days = page.getByRole('table', { name: 'Per day' });
    await expect(days.getByRole('row', { name: `${today} 1 1` })).toBeVisible();
    const feed = page.getByRole('region', { name: 'Installs' });
    await expect(feed.getByText(company)).toBeVisible();
    await expect(feed.getByText('Demo', { exact: true })).toBeVisible();
    // Developers never see the installer's e-mail.
    await expect(page.getByText('pat@customer.example')).toHaveCount(0);
    await screen(page, 'report');
  });

  await test.step('the developer exports the CSV: the analytics event, then the file', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Market App .+ installations \d{4}-\d{2}-\d{2}\.csv$/);
    const path = await file.path();
    const rows: string[][] = parse(await readFile(path, 'utf8'));
    expect(rows[0]).toEqual([
      'id',
      'company_name',
      'company_is_demo',
      'status',
      'installed_at',
      'updated_at',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(1, 4)).toEqual([company, 'true', 'installed']);
    expect(rows.flat().join(' ')).not.toContain('pat@customer.example');

    const counts = await request.get(
      '/api/v1/admin/analytics?filters[key]=developers.app_metrics.download_csv.clicked',
    );
    expect(counts.status()).toBe(200);
    expect(((await counts.json()) as { count: number }[])[0]?.count).toBeGreaterThanOrEqual(1);
  });
});
