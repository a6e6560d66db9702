import { expect, type Page, test } from '@playwright/test';
import { type ApiSession, type NewUser, newUser, signIn, signUpAdmin, signUpViaApi } from '../support/api';
import { appWithPromotedVersion, completeListingViaApi } from '../support/listing';
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

/** How long a freshly opened page may take to show its listing (lazy chunks on a busy machine). */
const PAGE_LOAD = 30_000;
const NOT_IN_MARKETPLACE = 'Your app is not in the marketplace yet.';
const REJECTION_MESSAGE = 'Almost there: the tagline must say what the app does.';
const REASON_NOTE = 'Say that it tracks crane lifts.';
const REVIEWER_NOTES = 'Checked the new tagline against the app.';

const history = (page: Page) => page.getByRole('list', { name: 'Review history' });
/** Unfolds the history (folded at first: the standing decision is in the banner). */
async function showHistory(page: Page, count: number) {
  await page.getByRole('button', { name: `Show all decisions (${count})` }).click();
  await expect(history(page)).toBeVisible();
}
/** The history's own entries, newest first (a rejection's reasons are a list inside its entry). */
const entries = (page: Page) => history(page).locator(':scope > [role="listitem"]');

test('reject with reasons, fix, resubmit, approve: the approval shows no old rejection, both sides see the history, and the published listing is in the marketplace', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const developer = newUser('Decisions Developer');
  const admin = newUser('Decisions Admin');
  await signUpViaApi(page.request, mailbox, developer);
  await signUpAdmin(request, mailbox, admin);
  let session = await signIn(page, developer);
  const adminSession = await signIn(request, admin);
  const appId = await appWithPromotedVersion(page, session, { request, session: adminSession });
  // A new partner's app: the marketplace is not enabled for it yet.
  const off = await request.patch(`/api/v1/admin/developer_apps/${appId}`, {
    headers: { 'X-CSRF-Token': adminSession.csrfToken },
    data: { developer_app: { marketplace_enabled: false } },
  });
  expect(off.status(), await off.text()).toBe(200);
  await completeListingViaApi(page.request, session, appId);

  await test.step('the developer submits the complete listing; the partner cards show, no decision yet', async () => {
    await page.goto(`/developer_apps/${appId}/marketplaceListing`);
    await expect(page.getByRole('textbox', { name: /Tagline/ })).toHaveValue('Track every crane on site', {
      timeout: PAGE_LOAD,
    });
    await expect(page.getByText(NOT_IN_MARKETPLACE)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Review history' })).toBeVisible();
    await expect(page.getByText(/No review decisions yet/)).toBeVisible();
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await page
      .getByRole('dialog', { name: 'Submit for approval' })
      .getByRole('button', { name: 'Submit for approval' })
      .click();
    await expect(
      page.getByText('Your listing is being reviewed. Withdraw it to make changes.'),
    ).toBeVisible();
    await screen(page, 'developer-submitted');
  });

  await test.step('the admin rejects it with a reason, a note, a message and reviewer notes', async () => {
    session = await switchUser(page, session, admin);
    await page.goto(`/admin/developer_apps/${appId}/marketplaceListing`);
    await expect(page.getByText('In Review', { exact: true })).toBeVisible({ timeout: PAGE_LOAD });
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject the listing' });
    await dialog.getByRole('checkbox', { name: /Confusing or low-quality experience/ }).check();
    await dialog
      .getByRole('textbox', { name: 'Note on "Confusing or low-quality experience, or major bugs"' })
      .fill(REASON_NOTE);
    await dialog.getByRole('textbox', { name: /Admin message/ }).fill(REJECTION_MESSAGE);
    await dialog.getByRole('textbox', { name: /Reviewer notes/ }).fill('First look: tagline too vague.');
    await screen(page, 'admin-reject-dialog');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(page.getByText('Listing rejected.')).toBeVisible();
    await showHistory(page, 1);
    await expect(entries(page)).toHaveCount(1);
    await expect(entries(page).first()).toContainText('Version 1 rejected');
    await expect(entries(page).first()).toContainText(REJECTION_MESSAGE);
    await expect(entries(page).first()).toContainText('First look: tagline too vague.');
  });

  await test.step('the developer reads the rejection, fixes the tagline and resubmits', async () => {
    session = await switchUser(page, session, developer);
    await page.goto(`/developer_apps/${appId}/marketplaceListing`);
    await expect(page.getByText('Listing rejected', { exact: true })).toBeVisible({ timeout: PAGE_LOAD });
    await expect(page.getByText(REJECTION_MESSAGE).first()).toBeVisible();
    await showHistory(page, 1);
    await expect(entries(page)).toHaveCount(1);
    await expect(entries(page).first()).toContainText(REASON_NOTE);
    // The reviewers' own notes never reach the developer.
    await expect(page.getByText('First look: tagline too vague.')).toHaveCount(0);
    await screen(page, 'developer-rejected');
    await page.getByRole('textbox', { name: /Tagline/ }).fill('Track every crane lift on site');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Listing saved as a draft.')).toBeVisible();
    await page.getByRole('button', { name: 'Resubmit for approval' }).click();
    await page
      .getByRole('dialog', { name: 'Resubmit for approval' })
      .getByRole('button', { name: 'Resubmit for approval' })
      .click();
    await expect(
      page.getByText('Your listing is being reviewed. Withdraw it to make changes.'),
    ).toBeVisible();
  });

  await test.step('the admin approves it from an empty dialog, without a message', async () => {
    session = await switchUser(page, session, admin);
    await page.goto(`/admin/developer_apps/${appId}/marketplaceListing`);
    await expect(page.getByText('In Review', { exact: true })).toBeVisible({ timeout: PAGE_LOAD });
    await expect(page.getByRole('switch', { name: 'Marketplace enabled' })).not.toBeChecked();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve the listing' });
    await expect(dialog.getByRole('textbox', { name: /Admin message/ })).toHaveValue('');
    await expect(dialog.getByRole('textbox', { name: /Reviewer notes/ })).toHaveValue('');
    await dialog.getByRole('textbox', { name: /Reviewer notes/ }).fill(REVIEWER_NOTES);
    await screen(page, 'admin-approve-dialog');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.getByText('Listing approved and published.')).toBeVisible();
    await expect(page.getByText('Published', { exact: true })).toBeVisible();
    await expect(page.getByText('Listing approved', { exact: true })).toBeVisible();
    const banner = page.locator('.mantine-Alert-root').filter({ hasText: 'Listing approved' });
    await expect(banner).not.toContainText(REJECTION_MESSAGE);
    // Approving put the app in the marketplace.
    await expect(page.getByRole('switch', { name: 'Marketplace enabled' })).toBeChecked();
    await showHistory(page, 2);
    await expect(entries(page)).toHaveCount(2);
    await expect(entries(page).nth(0)).toContainText('Version 1 approved');
    await expect(entries(page).nth(0)).toContainText('No message.');
    await expect(entries(page).nth(0)).toContainText(REVIEWER_NOTES);
    await expect(entries(page).nth(1)).toContainText('Version 1 rejected');
    await expect(entries(page).nth(1)).toContainText(REJECTION_MESSAGE);
    await history(page).scrollIntoViewIfNeeded();
    await screen(page, 'admin-approved-history');
  });

  await test.step('the developer sees "Listing approved" without the old rejection, the history, and no partner cards', async () => {
    session = await switchUser(page, session, developer);
    await page.goto(`/developer_apps/${appId}/marketplaceListing`);
    await expect(page.getByText('Published', { exact: true })).toBeVisible({ timeout: PAGE_LOAD });
    const banner = page.locator('.mantine-Alert-root').filter({ hasText: 'Listing approved' });
    await expect(banner).toBeVisible();
    await expect(banner).not.toContainText(REJECTION_MESSAGE);
    await expect(banner).not.toContainText('Reasons');
    await expect(page.getByText('Listing rejected', { exact: true })).toHaveCount(0);
    await expect(page.getByText(NOT_IN_MARKETPLACE)).toHaveCount(0);
    await expect(page.getByText('Already a partner?')).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Reviewer feedback on this tab' })).toHaveCount(0);
    await showHistory(page, 2);
    await expect(entries(page)).toHaveCount(2);
    await expect(entries(page).nth(0)).toContainText('Version 1 approved');
    await expect(entries(page).nth(0)).toContainText(`by ${admin.name}`);
    await expect(entries(page).nth(1)).toContainText(REJECTION_MESSAGE);
    await expect(entries(page).nth(1)).toContainText(REASON_NOTE);
    await expect(page.getByText(REVIEWER_NOTES)).toHaveCount(0);
    await screen(page, 'developer-approved');
    await history(page).scrollIntoViewIfNeeded();
    await screen(page, 'developer-history');

    const app = await (await page.request.get(`/api/v1/developer_apps/${appId}`)).json();
    expect(app).toMatchObject({ marketplace_enabled: true, published_app: { state: 'published' } });
  });
});
