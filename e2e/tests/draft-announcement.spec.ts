import { type Browser, expect, type Page, test } from '@playwright/test';
import { newUser, signIn, signUpBeforeAll } from '../support/api';
import { Mailbox } from '../support/mailbox';
import {
  type AdminNotification,
  adminRow,
  adminTable,
  bell,
  bellCount,
  bellPreview,
  checkbox,
  createdNotification,
  field,
  markIn,
  notificationCard,
  notificationFrom,
  openAdminNotifications,
  openBell,
  openNotificationList,
  tomorrowUtc,
  uniqueMarker,
} from '../support/notifications';
import { screen } from '../support/screens';

const mailbox = new Mailbox();
const developer = newUser('Draft Reader');
const admin = newUser('Draft Admin');

signUpBeforeAll(mailbox, { developers: [developer], admins: [admin] });

/** The developer in a browser context of its own, next to the admin's page. */
async function developerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, developer);
  return page;
}

/** Fills the create form (not critical) and submits it; returns what the API created. */
async function createThroughForm(
  page: Page,
  input: { title: string; summary: string; body: string; draft: boolean; showAfter?: string },
  screenName: string,
): Promise<AdminNotification> {
  await openAdminNotifications(page);
  await page.getByRole('link', { name: 'Create Notification' }).click();
  await expect(page).toHaveURL(/\/admin\/notifications\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Notification' })).toBeVisible();
  // Title, Summary and Body are marked required (spec 1 §5); Show after hints at its format.
  for (const name of ['Title', 'Summary', 'Body'])
    await expect(field(page, name)).toHaveAttribute('required');
  await expect(field(page, 'Show after')).toHaveAttribute('placeholder', 'YYYY-mm-dd');
  await field(page, 'Title').fill(input.title);
  await field(page, 'Summary').fill(input.summary);
  await field(page, 'Body').fill(input.body);
  await expect(checkbox(page, 'Critical')).not.toBeChecked();
  await expect(checkbox(page, 'Critical')).toBeEnabled();
  if (input.draft) await checkbox(page, 'Draft').check();
  if (input.showAfter) await field(page, 'Show after').fill(input.showAfter);
  await expect(checkbox(page, 'Draft')).toBeChecked({ checked: input.draft });
  await screen(page, screenName);

  const created = createdNotification(page);
  await page.getByRole('button', { name: 'Notify', exact: true }).click();
  const notification = await notificationFrom(await created);
  // Not critical: no confirmation, straight back to the list.
  await expect(page).toHaveURL(/\/admin\/notifications$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Notification created', { exact: true })).toBeVisible();
  return notification;
}

/**
 * Checks that the developer sees nothing of the notification: not in the list, the bell or its page.
 * Returns the unread count the bell showed meanwhile.
 */
async function expectHiddenFromDeveloper(
  page: Page,
  notification: AdminNotification,
  screenPrefix: string,
): Promise<number> {
  await openNotificationList(page);
  await expect(notificationCard(page, notification.title)).toHaveCount(0);
  await screen(page, `${screenPrefix}-list`);
  // The bell previews the newest three; a hidden notification is the newest, so it would be there.
  const dropdown = await openBell(page);
  await expect(bellPreview(dropdown, notification.title)).toHaveCount(0);
  const unread = await bellCount(page);
  await screen(page, `${screenPrefix}-bell`);
  await page.keyboard.press('Escape');
  await expect(dropdown).toBeHidden();

  await page.goto(`/notifications/${notification.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Notification not found' })).toBeVisible();
  await expect(
    page.getByText('This notification does not exist or is no longer available.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Notifications' })).toBeVisible();
  await screen(page, `${screenPrefix}-not-found`);
  return unread;
}

test('a draft stays hidden from developers until the admin publishes it', async ({ page, browser }) => {
  const marker = uniqueMarker('draft');
  const title = `Draft release notes ${marker}`;
  const summary = `Version 2 of the **Webhooks API** (${marker}).`;
  const body = `Webhooks now carry a **signature** header.\n\n${marker}`;
  await signIn(page, admin);

  const notification = await test.step('the admin saves a draft through the form', async () => {
    const created = await createThroughForm(page, { title, summary, body, draft: true }, 'draft-form');
    expect(created).toMatchObject({ title, critical: false, draft: true, show_after: null });
    const row = adminRow(page, title);
    await expect(markIn(row, 'Visible')).toHaveAccessibleName('No');
    await expect(markIn(row, 'Critical')).toHaveAccessibleName('No');
    await screen(page, 'admin-list-draft');
    return created;
  });

  const developerView = await developerPage(browser);
  try {
    let unreadBefore = 0;
    await test.step('the developer sees no trace of the draft', async () => {
      unreadBefore = await expectHiddenFromDeveloper(developerView, notification, 'developer-draft-hidden');
    });

    await test.step('the admin unchecks Draft and updates: the notification becomes visible', async () => {
      await adminRow(page, title).getByRole('link', { name: title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/notifications/${notification.id}/edit$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Notification' })).toBeVisible();
      await expect(field(page, 'Title')).toHaveValue(title);
      await expect(checkbox(page, 'Critical')).toBeDisabled();
      await expect(checkbox(page, 'Draft')).toBeChecked();
      // Nothing to save until something changes.
      const update = page.getByRole('button', { name: 'Update', exact: true });
      await expect(update).toBeDisabled();
      // Not critical: the edit page has no e-mail delivery to show.
      await expect(page.getByRole('region', { name: 'E-mail delivery' })).toHaveCount(0);
      await screen(page, 'admin-edit-draft');

      await checkbox(page, 'Draft').uncheck();
      await expect(update).toBeEnabled();
      await update.click();
      await expect(page).toHaveURL(/\/admin\/notifications$/);
      await expect(page.getByText('Notification updated', { exact: true })).toBeVisible();
      await expect(markIn(adminRow(page, title), 'Visible')).toHaveAccessibleName('Yes');
      await screen(page, 'admin-list-published');
    });

    await test.step('after a reload the developer sees it, unread, in the list and the bell', async () => {
      await openNotificationList(developerView);
      const card = notificationCard(developerView, title);
      await expect(card).toHaveAttribute('data-unread', 'true');
      await expect(card.locator('strong', { hasText: 'Webhooks API' })).toBeVisible();
      await expect(bell(developerView)).toHaveAccessibleName(`Notifications, ${unreadBefore + 1} unread`);
      const dropdown = await openBell(developerView);
      await expect(bellPreview(dropdown, title)).toBeVisible();
      await screen(developerView, 'developer-published');
      await developerView.keyboard.press('Escape');
      await expect(dropdown).toBeHidden();

      await developerView.goto(`/notifications/${notification.id}`);
      await expect(developerView.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(
        developerView.getByRole('article', { name: title }).locator('strong', { hasText: 'signature' }),
      ).toBeVisible();
    });
  } finally {
    await developerView.context().close();
  }
});

test('a notification shown after tomorrow stays hidden, and the admin deletes it', async ({
  page,
  browser,
}) => {
  const marker = uniqueMarker('later');
  const title = `Upcoming deprecation ${marker}`;
  const showAfter = tomorrowUtc();
  await signIn(page, admin);

  const notification = await test.step('the admin creates it with Show after tomorrow', async () => {
    const created = await createThroughForm(
      page,
      {
        title,
        summary: `The v1 endpoints retire soon (${marker}).`,
        body: `Move to v2 before the end of the quarter. ${marker}`,
        draft: false,
        showAfter,
      },
      'show-after-form',
    );
    expect(created).toMatchObject({ title, critical: false, draft: false, show_after: showAfter });
    const row = adminRow(page, title);
    await expect(markIn(row, 'Visible')).toHaveAccessibleName('No');
    await expect(markIn(row, 'Critical')).toHaveAccessibleName('No');
    await screen(page, 'admin-list-show-after');
    return created;
  });

  await test.step('the developer does not see it yet', async () => {
    const developerView = await developerPage(browser);
    try {
      await expectHiddenFromDeveloper(developerView, notification, 'developer-show-after-hidden');
    } finally {
      await developerView.context().close();
    }
  });

  await test.step('the admin deletes it from its edit page, after confirming', async () => {
    await adminRow(page, title).getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/notifications/${notification.id}/edit$`));
    await expect(field(page, 'Show after')).toHaveValue(showAfter);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete notification' });
    await expect(dialog).toContainText('Are you sure you wish to delete this notification?');
    await screen(page, 'confirm-delete');
    // Opens on Cancel; Escape keeps the notification (issue 13 item 7).
    await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/notifications$/);
    await expect(page.getByText('Notification deleted', { exact: true })).toBeVisible();
    // The list has loaded (it has at least this journey's other rows or the empty text) without it.
    await expect(adminTable(page).getByRole('row').nth(1)).toBeVisible();
    await expect(adminRow(page, title)).toHaveCount(0);
    await screen(page, 'admin-list-after-delete');

    await page.goto(`/admin/notifications/${notification.id}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Notification not found' })).toBeVisible();
  });
});
