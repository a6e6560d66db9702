import { expect, type Page, test } from '@playwright/test';
import { newUser, signIn, signUpAdmin, signUpViaApi } from '../support/api';
import { pngOf } from '../support/images';
import { appWithPromotedVersion } from '../support/listing';
import { Mailbox } from '../support/mailbox';

const mailbox = new Mailbox();
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

const field = (page: Page, name: RegExp) => page.getByRole('textbox', { name });
const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });

test('a developer fills every tab of the listing, uploads its media, previews, saves a draft and submits it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const developer = newUser('Listing Developer');
  const admin = newUser('Listing Admin');
  await signUpViaApi(page.request, mailbox, developer);
  await signUpAdmin(request, mailbox, admin);
  const session = await signIn(page, developer);
  const adminSession = await signIn(request, admin);
  const appId = await appWithPromotedVersion(page, session, { request, session: adminSession });

  await page.goto(`/developer_apps/${appId}/marketplaceListing`);
  // The questionnaire is optional: shown to customers only when switched on, so that tab starts complete.
  await expect(page.getByText('1 of 7 required sections complete (14%)')).toBeVisible();

  await test.step('App Information', async () => {
    await field(page, /Public name/).fill('Crane Tracker');
    await field(page, /Tagline/).fill('Track every crane on site');
    await field(page, /Built by/).fill('E2E Works');
    await field(page, /Sold by/).fill('E2E Works');
    await page.getByRole('combobox', { name: /^Categories/ }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await field(page, /^Description/).fill('Crane Tracker follows every crane lift on your projects.');
    await field(page, /About the company/).fill('We build tools for site managers.');
    await field(page, /How it works/).fill('Connect your company and pick the projects.');
    await page.getByRole('combobox', { name: /^App version/ }).click();
    await page.getByRole('option', { name: '1.0.0' }).click();
    await field(page, /Notes for the reviewers/).fill('First listing.');
  });

  await test.step('Media: logo and three screenshots, uploaded as they are dropped', async () => {
    await tab(page, /Media Content/).click();
    const zone = (label: string) => page.locator(`input[type="file"][aria-label="${label}"]`);
    await zone('Upload logo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: pngOf(256, 256),
    });
    await expect(page.getByRole('button', { name: 'Delete logo.png' })).toBeVisible();
    await zone('Upload screenshots').setInputFiles(
      [1, 2, 3].map((n) => ({ name: `shot-${n}.png`, mimeType: 'image/png', buffer: pngOf(1280, 720) })),
    );
    for (const n of [1, 2, 3])
      await expect(page.getByRole('button', { name: `Delete shot-${n}.png` })).toBeVisible();
    // A screenshot the rules refuse (square): the server names the problem, nothing is added.
    await zone('Upload screenshots').setInputFiles({
      name: 'square.png',
      mimeType: 'image/png',
      buffer: pngOf(800, 800),
    });
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: /square\.png|screenshot|invalid/i })
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete square.png' })).toHaveCount(0);
  });

  await test.step('Pricing and Availability', async () => {
    await tab(page, /Pricing and Availability/).click();
    for (const question of [/another subscription/, /third-party connector/, /free trial/]) {
      await page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: 'No' }).check();
    }
    await field(page, /Pricing description/).fill('Per project, per month.');
    await page.getByRole('radio', { name: 'All regions' }).check();
  });

  await test.step('Support, Features and Contact', async () => {
    await tab(page, /Support/).click();
    await field(page, /Support website label/).fill('Help centre');
    await field(page, /Support website URL/).fill('https://help.example.com');
    await field(page, /Support email/).fill('support@example.com');
    await tab(page, /Features/).click();
    await field(page, /1st feature/).fill('Lift logs');
    await field(page, /2nd feature/).fill('Crane maps');
    await field(page, /3rd feature/).fill('Daily reports');
    await tab(page, /Contact/).click();
    await field(page, /Contact us email/).fill('sales@example.com');
  });

  await expect(page.getByText('7 of 7 required sections complete (100%)')).toBeVisible();

  await test.step('preview as customers will see it', async () => {
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByRole('dialog', { name: 'Listing preview' });
    await expect(preview.getByRole('heading', { name: 'Crane Tracker' })).toBeVisible();
    await expect(preview.getByText('Crane maps')).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step('save the draft, then submit it', async () => {
    const submit = page.getByRole('button', { name: 'Submit for approval' });
    await expect(submit).toBeDisabled();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Listing saved as a draft.')).toBeVisible();
    await expect(submit).toBeEnabled();
    await submit.click();
    const dialog = page.getByRole('dialog', { name: 'Submit for approval' });
    await dialog.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(
      page.getByText('Your listing is being reviewed. Withdraw it to make changes.'),
    ).toBeVisible();
  });

  await test.step('after a reload the listing is in review and read-only', async () => {
    await page.reload();
    await expect(field(page, /Public name/)).toHaveValue('Crane Tracker');
    await expect(field(page, /Public name/)).toBeDisabled();
    await expect(page.getByText('In Review', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  });
});
