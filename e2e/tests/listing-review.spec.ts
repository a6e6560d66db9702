import { expect, type Page, test } from '@playwright/test';
import { type ApiSession, type NewUser, newUser, signIn, signUpAdmin, signUpViaApi } from '../support/api';
import { pngOf } from '../support/images';
import {
  appWithPromotedVersion,
  completeListingViaApi,
  promoteVersion,
  type SubmissionBody,
  saveListingViaApi,
} from '../support/listing';
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

const field = (page: Page, name: RegExp) => page.getByRole('textbox', { name });
const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });

test('an admin reviews a listing against the published one and rejects it with reasons; the developer fixes and resubmits; the admin approves it silently and it is published', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const developer = newUser('Review Developer');
  const admin = newUser('Review Admin');
  await signUpViaApi(page.request, mailbox, developer);
  await signUpAdmin(request, mailbox, admin);
  let session = await signIn(page, developer);
  const adminSession = await signIn(request, admin);
  const adminHeaders = { 'X-CSRF-Token': adminSession.csrfToken };
  const appId = await appWithPromotedVersion(page, session, { request, session: adminSession });

  let underReview: SubmissionBody;
  await test.step('a published listing, and its next version in review (through the API)', async () => {
    const first = await completeListingViaApi(page.request, session, appId);
    await saveListingViaApi(page.request, session, { submissionId: first.id }, { state: 'in_review' });
    const approved = await request.patch(`/api/v1/admin/submissions/${first.id}`, {
      headers: adminHeaders,
      data: { submission: { approval_state: 'approved' } },
    });
    expect(approved.status(), await approved.text()).toBe(200);
    const newer = await promoteVersion(page.request, session, appId, '1.1.0');
    const draft = await saveListingViaApi(
      page.request,
      session,
      { appId },
      {
        tagline: 'Every crane, every lift',
        feature_bullets: ['Lift logs', 'Crane maps and routes', 'Daily reports'],
        app_version_id: newer,
        draft_developer_notes: 'New tagline and a dashboard screenshot.',
      },
    );
    expect(draft.id).not.toBe(first.id);
    const withShot = await page.request.patch(`/api/v1/submissions/${draft.id}`, {
      headers: { 'X-CSRF-Token': session.csrfToken },
      multipart: {
        'submission[pictures_attributes][0][file]': {
          name: 'login-page.png',
          mimeType: 'image/png',
          buffer: pngOf(1280, 720),
        },
      },
    });
    expect(withShot.status(), await withShot.text()).toBe(200);
    underReview = await saveListingViaApi(
      page.request,
      session,
      { submissionId: draft.id },
      { state: 'in_review' },
    );
  });

  await test.step('the admin sees the changed-field markers and the diff against the published listing', async () => {
    session = await switchUser(page, session, admin);
    await page.goto(`/admin/developer_apps/${appId}/marketplaceListing`);
    await expect(field(page, /Tagline/)).toHaveValue('Every crane, every lift');
    await expect(page.getByText('In Review', { exact: true })).toBeVisible();
    for (const name of [/App Information/, /Media Content/, /Features/])
      await expect(tab(page, name).getByRole('img', { name: 'Changed since published' })).toBeVisible();
    await expect(tab(page, /Support/).getByRole('img', { name: 'Changed since published' })).toHaveCount(0);
    // Beside the tagline; the public name did not change.
    await expect(page.getByText('Changed since published', { exact: true }).first()).toBeVisible();
    await screen(page, 'admin-review-markers');

    await page.getByRole('button', { name: 'Compare with published' }).click();
    const diff = page.getByRole('dialog', { name: 'Changes since the published listing' });
    const tagline = diff
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Tagline', exact: true }) });
    await expect(tagline).toContainText('Track every crane on site');
    await expect(tagline).toContainText('Every crane, every lift');
    await expect(
      diff.getByRole('row').filter({ has: page.getByRole('cell', { name: '2nd feature', exact: true }) }),
    ).toContainText('Crane maps and routes');
    const media = diff.getByRole('region', { name: 'Media Content' });
    await expect(media).toContainText('Added');
    await expect(media).toContainText('login-page.png');
    await screen(page, 'admin-review-diff');
    await page.keyboard.press('Escape');
    await expect(diff).toBeHidden();
  });

  await test.step('the admin rejects it with reasons and a message', async () => {
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject the listing' });
    await dialog.getByRole('checkbox', { name: /Screenshots do not show the app in use/ }).check();
    await dialog
      .getByRole('textbox', { name: 'Note on "Screenshots do not show the app in use"' })
      .fill('The new screenshot is a login page: show the lift log.');
    await dialog
      .getByRole('textbox', { name: /Admin message/ })
      .fill('Almost there: one screenshot to replace.');
    await screen(page, 'admin-reject');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(page.getByText('Listing rejected.')).toBeVisible();
    await expect(page.getByText('Rejected', { exact: true })).toBeVisible();
  });

  await test.step('the developer sees the reasons beside the Media Content tab, fixes and resubmits', async () => {
    session = await switchUser(page, session, developer);
    await page.goto(`/developer_apps/${appId}/marketplaceListing`);
    await expect(page.getByText('Listing rejected')).toBeVisible();
    await expect(page.getByText('Almost there: one screenshot to replace.')).toBeVisible();
    await expect(
      tab(page, /Media Content/).getByRole('img', { name: 'Reviewer feedback on this tab' }),
    ).toBeVisible();
    await expect(
      tab(page, /Support/).getByRole('img', { name: 'Reviewer feedback on this tab' }),
    ).toHaveCount(0);
    await tab(page, /Media Content/).click();
    const feedback = page.getByRole('note', { name: 'Reviewer feedback' });
    await expect(feedback).toContainText(
      'Screenshots do not show the app in use — The new screenshot is a login page: show the lift log.',
    );
    await screen(page, 'developer-feedback');

    await page.getByRole('button', { name: 'Delete login-page.png' }).click();
    await page
      .getByRole('dialog', { name: 'Delete file' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(page.getByRole('button', { name: 'Delete login-page.png' })).toHaveCount(0);
    await page.locator('input[type="file"][aria-label="Upload screenshots"]').setInputFiles({
      name: 'lift-log.png',
      mimeType: 'image/png',
      buffer: pngOf(1280, 720),
    });
    await expect(page.getByRole('button', { name: 'Delete lift-log.png' })).toBeVisible();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Listing saved as a draft.')).toBeVisible();

    // The developer compares too: the published listing never had the login page.
    await page.getByRole('button', { name: 'Compare with published' }).click();
    const diff = page.getByRole('dialog', { name: 'Changes since the published listing' });
    await expect(diff.getByRole('region', { name: 'Media Content' })).toContainText('lift-log.png');
    await expect(diff).not.toContainText('login-page.png');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Resubmit for approval' }).click();
    await page
      .getByRole('dialog', { name: 'Resubmit for approval' })
      .getByRole('button', { name: 'Resubmit for approval' })
      .click();
    await expect(
      page.getByText('Your listing is being reviewed. Withdraw it to make changes.'),
    ).toBeVisible();
  });

  await test.step('the admin approves it silently and it is published', async () => {
    session = await switchUser(page, session, admin);
    await page.goto(`/admin/developer_apps/${appId}/marketplaceListing`);
    await expect(page.getByText('In Review', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve the listing' });
    // The approval has a message of its own: the dialog starts empty, not with the rejection's (issue 20).
    await expect(dialog.getByRole('textbox', { name: /Admin message/ })).toHaveValue('');
    await dialog.getByRole('textbox', { name: /Admin message/ }).fill('Thanks, published.');
    await dialog.getByRole('checkbox', { name: /Publish silently/ }).check();
    await screen(page, 'admin-approve');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.getByText('Listing approved and published.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Published', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve', exact: true })).toBeDisabled();

    const app = await (await request.get(`/api/v1/admin/developer_apps/${appId}`)).json();
    expect(app.published_app).toMatchObject({ id: underReview.id, state: 'published' });
    expect(app.unpublished_app).toBeNull();
    const published = (await (
      await request.get(`/api/v1/submissions/${underReview.id}`)
    ).json()) as SubmissionBody & {
      admin_message: string;
    };
    expect(published).toMatchObject({ state: 'published', approval_state: 'approved', silent: true });
    expect(published.admin_message).toBe('Thanks, published.');
    expect(published.pictures.map((picture) => picture.original_filename).sort()).toEqual([
      'lift-log.png',
      'shot-1.png',
      'shot-2.png',
      'shot-3.png',
    ]);
  });

  await test.step('the admin edits the listing and is asked before leaving with unsaved changes', async () => {
    // Through the General tab and back, so the browser's Back button below stays inside the portal.
    const tabs = page.getByRole('tablist', { name: 'App sections' });
    await tabs.getByRole('tab', { name: 'General' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/developer_apps/${appId}$`));
    await tabs.getByRole('tab', { name: 'Marketplace Listing' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/developer_apps/${appId}/marketplaceListing$`));
    await expect(field(page, /Tagline/)).toHaveValue('Every crane, every lift');
    await field(page, /Tagline/).fill('Every crane, every lift, every day');
    const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    const questions: string[] = [];
    // Staying first: the question is answered "Cancel" and the page keeps the edit.
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await breadcrumbs.getByRole('link', { name: 'Developer Apps' }).click();
    await expect.poll(() => questions.length).toBe(1);
    await expect(page).toHaveURL(new RegExp(`/admin/developer_apps/${appId}/marketplaceListing$`));
    await expect(field(page, /Tagline/)).toHaveValue('Every crane, every lift, every day');
    // The browser's back button asks the same question; "Cancel" keeps the page and the edit.
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goBack();
    await expect.poll(() => questions.length).toBe(2);
    await expect(page).toHaveURL(new RegExp(`/admin/developer_apps/${appId}/marketplaceListing$`));
    await expect(field(page, /Tagline/)).toHaveValue('Every crane, every lift, every day');
    // Then leaving: "OK" goes, and the published listing is untouched.
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.accept();
    });
    await breadcrumbs.getByRole('link', { name: 'Developer Apps' }).click();
    await expect(page).toHaveURL(/\/admin\/developer_apps(\?.*)?$/);
    expect(questions).toEqual([
      'You have unsaved changes, are you sure you wish to continue?',
      'You have unsaved changes, are you sure you wish to continue?',
      'You have unsaved changes, are you sure you wish to continue?',
    ]);
    const kept = (await (await request.get(`/api/v1/submissions/${underReview.id}`)).json()) as {
      tagline: string;
    };
    expect(kept.tagline).toBe('Every crane, every lift');
  });
});
