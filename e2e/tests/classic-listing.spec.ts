import { expect, type Locator, type Page, test } from '@playwright/test';
import { newUser, signIn, signUpAdmin, signUpViaApi } from '../support/api';
import { CLASSIC_STATE } from '../support/form-experience';
import { appWithPromotedVersion, completeListingViaApi } from '../support/listing';
import { Mailbox } from '../support/mailbox';
import { screen } from '../support/screens';

const mailbox = new Mailbox();
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

// The default layout: a developer who has not opted in to the form-based experience (issue 20 #2).
test.use({ storageState: CLASSIC_STATE });

const listingSection = (page: Page): Locator =>
  page.getByRole('main').getByRole('region', { name: 'Marketplace listing', exact: true });
const manifestsSection = (page: Page): Locator =>
  page.getByRole('main').getByRole('region', { name: 'Manifests', exact: true });
const field = (scope: Locator, name: RegExp) => scope.getByRole('textbox', { name });

test('on the classic layout a developer edits, saves, submits and withdraws the marketplace listing and sees the review-queue places', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const developer = newUser('Classic Listing');
  const admin = newUser('Classic Listing Admin');
  await signUpViaApi(page.request, mailbox, developer);
  await signUpAdmin(request, mailbox, admin);
  const session = await signIn(page, developer);
  const adminSession = await signIn(request, admin);
  const appId = await appWithPromotedVersion(page, session, { request, session: adminSession });
  // Every required field and the media, as a developer saved them earlier (the listing tab's journey
  // fills them one by one); this journey writes on top of them in the single page.
  await completeListingViaApi(page.request, session, appId);

  const listing = listingSection(page);
  await test.step('the single page shows the real listing editor, not a placeholder', async () => {
    await page.goto(`/developer_apps/${appId}`);
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' }).getByText('Manage app')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'App sections' })).toHaveCount(0);
    await expect(field(listing, /Public name/)).toHaveValue('Crane Tracker');
    await expect(listing.getByText('List your app in the marketplace')).toBeVisible();
    await expect(listing.getByText('7 of 7 required sections complete (100%)')).toBeVisible();
    await expect(listing.getByText(/not available yet|coming soon/i)).toHaveCount(0);
    await listing.scrollIntoViewIfNeeded();
    await screen(page, 'classic-listing-editor');
  });

  await test.step('write and save a draft', async () => {
    await field(listing, /Tagline/).fill('Every crane, every lift, on one map');
    await field(listing, /Notes for the reviewers/).fill('Written on the single page.');
    const submit = listing.getByRole('button', { name: 'Submit for approval' });
    // Unsaved edits must be saved before submitting (spec 3 §4).
    await expect(submit).toBeDisabled();
    await listing.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Listing saved as a draft.')).toBeVisible();
    await expect(submit).toBeEnabled();
    await screen(page, 'classic-listing-saved');
  });

  await test.step('submit it: in review, read-only, with its place in the review queue', async () => {
    await listing.getByRole('button', { name: 'Submit for approval' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit for approval' });
    await dialog.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(
      listing.getByText('Your listing is being reviewed. Withdraw it to make changes.'),
    ).toBeVisible();
    await expect(field(listing, /Tagline/)).toBeDisabled();
    const queue = listing.getByTestId('review-queue-marketplace_listing');
    await expect(queue).toBeVisible();
    await expect(queue).toContainText(/Place \d+ in the review queue/);
    await queue.scrollIntoViewIfNeeded();
    await screen(page, 'classic-listing-in-review');
  });

  await test.step('after a reload the saved text is there and the listing still in review', async () => {
    await page.reload();
    await expect(field(listing, /Tagline/)).toHaveValue('Every crane, every lift, on one map');
    await expect(field(listing, /Tagline/)).toBeDisabled();
    await expect(listing.getByText('In Review', { exact: true })).toBeVisible();
  });

  await test.step('submit the production version on the manifest tables: its place in the queue too', async () => {
    const manifests = manifestsSection(page);
    await manifests.getByRole('tab', { name: 'Production' }).click();
    await manifests.getByRole('button', { name: 'Submit for review version 1.0.0' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit version 1.0.0 for review' });
    await dialog.getByRole('textbox', { name: /Notes for the reviewers/ }).fill('Please review 1.0.0');
    await dialog.getByRole('button', { name: 'Submit for review' }).click();
    await expect(dialog).toBeHidden();
    await expect(manifests.getByText('In review', { exact: true })).toBeVisible();
    const queue = manifests.getByTestId('review-queue-app_version');
    await expect(queue).toContainText(/Place \d+ in the review queue/);
    await manifests.scrollIntoViewIfNeeded();
    await screen(page, 'classic-version-in-queue');
  });

  await test.step('withdraw the listing: back to a draft that can be changed, out of the queue', async () => {
    await listing.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw from review' });
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(field(listing, /Tagline/)).toBeEnabled();
    await expect(listing.getByTestId('review-queue-marketplace_listing')).toHaveCount(0);
    await expect(listing.getByRole('button', { name: 'Submit for approval' })).toBeEnabled();
    await listing.scrollIntoViewIfNeeded();
    await screen(page, 'classic-listing-withdrawn');
  });
});
