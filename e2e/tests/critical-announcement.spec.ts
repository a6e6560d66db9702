import { expect, test } from '@playwright/test';
import { newUser, setCriticalEmails, signIn, signUpBeforeAll } from '../support/api';
import { Mailbox, type ReceivedMessage } from '../support/mailbox';
import {
  type AdminNotification,
  adminRow,
  bell,
  bellCount,
  bellDateOf,
  bellPreview,
  checkbox,
  createdNotification,
  field,
  markIn,
  notificationCard,
  notificationFrom,
  openAdminNotifications,
  openBell,
  tomorrowUtc,
  uniqueMarker,
} from '../support/notifications';
import { screen } from '../support/screens';

const mailbox = new Mailbox();
// Two developers who keep critical e-mails on (the default) and one who turns them off. Every other
// confirmed user with critical e-mails on (other journeys' users, this file's admin) is e-mailed as
// well: the journey only counts the messages of the users it made.
const subscribed = [newUser('Critical A'), newUser('Critical B')];
const optedOut = newUser('Critical Off');
const admin = newUser('Critical Admin');

signUpBeforeAll(mailbox, {
  developers: [...subscribed, optedOut],
  admins: [admin],
  afterSignUp: async (request, user) => {
    if (user === optedOut) await setCriticalEmails(request, await signIn(request, user), false);
  },
});

test('a critical notification is e-mailed to subscribed developers and read through the bell', async ({
  page,
  browser,
}) => {
  // The e-mail fan-out alone may take up to a minute on a busy machine (see the delivery step).
  test.setTimeout(120_000);
  const marker = uniqueMarker('critical');
  const title = `Scheduled maintenance ${marker}`;
  const summary = `The **production API** is read-only tonight (${marker}).`;
  const summaryText = `The production API is read-only tonight (${marker}).`;
  const bodyMarker = `body-only-${marker}`;
  const body = `Between 22:00 and 23:00 UTC writes are **refused with 503**.\n\nReference: ${bodyMarker}`;
  let notification: AdminNotification | undefined;

  await test.step('the admin opens Admin → Notifications → Create Notification', async () => {
    await signIn(page, admin);
    await openAdminNotifications(page);
    // Breadcrumb Admin > Notifications (spec 1 §2), as a labelled navigation landmark. Soft: a failure
    // here is reported without hiding the rest of the journey.
    await expect
      .soft(page.getByRole('navigation', { name: 'Breadcrumbs' }), 'the breadcrumb is a navigation landmark')
      .toHaveText(/Admin.*Notifications/);
    await screen(page, 'admin-notifications');

    await page.getByRole('link', { name: 'Create Notification' }).click();
    await expect(page).toHaveURL(/\/admin\/notifications\/new$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create Notification' })).toBeVisible();
  });

  await test.step('fill the form; Critical clears and locks Draft and Show after', async () => {
    await field(page, 'Title').fill(title);
    await field(page, 'Summary').fill(summary);
    await field(page, 'Body').fill(body);
    // Set both first, so that checking Critical visibly undoes them.
    await checkbox(page, 'Draft').check();
    await field(page, 'Show after').fill(tomorrowUtc());
    await screen(page, 'form-before-critical');

    await checkbox(page, 'Critical').check();
    await expect(checkbox(page, 'Critical')).toBeChecked();
    await expect(checkbox(page, 'Draft')).toBeDisabled();
    await expect(checkbox(page, 'Draft')).not.toBeChecked();
    await expect(field(page, 'Show after')).toBeDisabled();
    await expect(field(page, 'Show after')).toHaveValue('');
  });

  await test.step('the live preview shows an unread and a read card', async () => {
    const preview = page.getByRole('region', { name: 'Preview' });
    const cards = preview.getByRole('article', { name: title, exact: true });
    await expect(cards).toHaveCount(2);
    await expect(cards.first().getByText('Unread', { exact: true })).toBeVisible();
    await expect(cards.nth(1).getByText('Unread', { exact: true })).toHaveCount(0);
    // The summary's markdown is rendered, not shown as asterisks.
    for (const card of await cards.all()) {
      await expect(card.locator('strong', { hasText: 'production API' })).toBeVisible();
      await expect(card).not.toContainText('**');
    }
    await screen(page, 'form-critical-with-preview');
  });

  await test.step('Notify asks for confirmation, and confirming creates it', async () => {
    await page.getByRole('button', { name: 'Notify', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a critical notification?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      'You are about to create a critical notification which will cause emails to be sent out to those subscribed. Do you wish to continue?',
    );
    await screen(page, 'confirm-critical');
    // The e-mails cannot be sent by accident: the dialog opens on Cancel, so Enter declines
    // (issue 13 item 7), and nothing is created.
    await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/notifications\/new$/);
    await page.getByRole('button', { name: 'Notify', exact: true }).click();
    await expect(dialog).toBeVisible();

    const created = createdNotification(page);
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    notification = await notificationFrom(await created);
    expect(notification).toMatchObject({ title, critical: true, draft: false, show_after: null });

    await expect(page).toHaveURL(/\/admin\/notifications$/);
    await expect(page.getByText('Notification created', { exact: true })).toBeVisible();
    const row = adminRow(page, title);
    await expect(markIn(row, 'Visible')).toHaveAccessibleName('Yes');
    await expect(markIn(row, 'Critical')).toHaveAccessibleName('Yes');
    await screen(page, 'admin-list-with-critical');
  });
  if (!notification) throw new Error('The notification was not created.');
  const created = notification;

  let sent = 0;
  await test.step('the edit page shows the delivery progress until nothing is queued', async () => {
    await adminRow(page, title).getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/notifications/${created.id}/edit$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Notification' })).toBeVisible();
    // Critical is fixed once created.
    await expect(checkbox(page, 'Critical')).toBeChecked();
    await expect(checkbox(page, 'Critical')).toBeDisabled();

    const delivery = page.getByRole('region', { name: 'E-mail delivery' });
    // The page polls while e-mails are queued; every e-mail goes to this file's SMTP server.
    await expect(delivery.getByText('Queued: 0', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(delivery.getByText('Failed: 0', { exact: true })).toBeVisible();
    const sentText = (await delivery.getByText(/^Sent: \d+$/).textContent()) ?? '';
    sent = Number(sentText.replace('Sent: ', ''));
    expect(sent, 'at least the two subscribed developers of this journey').toBeGreaterThanOrEqual(
      subscribed.length,
    );
    await expect(delivery).toContainText(`${sent} of ${sent} e-mails processed (100%)`);
    await expect(delivery.getByRole('progressbar', { name: 'E-mails processed' })).toBeVisible();
    await screen(page, 'admin-delivery-progress');
  });

  await test.step('each subscribed developer got the title and the rendered summary, never the body', async () => {
    const announcements = (await mailbox.all()).filter((message) => message.subject === title);
    // Every message counted as sent reached this SMTP server before the portal marked it sent.
    expect(announcements).toHaveLength(sent);
    for (const user of subscribed) {
      const mine = announcements.filter((message) => message.to.includes(user.email.toLowerCase()));
      expect(mine, `one announcement to ${user.email}`).toHaveLength(1);
      const [message] = mine as [ReceivedMessage];
      expect(message.subject).toBe(title);
      expect(message.text).toContain(summaryText);
      expect(message.text).not.toContain('**');
      expect(message.html).toContain('<strong>production API</strong>');
    }
    for (const message of announcements) {
      expect(`${message.subject}\n${message.text}\n${message.html}`).not.toContain(bodyMarker);
      expect(message.text).not.toContain('refused with 503');
    }
    // Nothing at all reached the developer who turned critical e-mails off.
    const toOptedOut = (await mailbox.all(optedOut.email)).filter((message) => message.subject === title);
    expect(toOptedOut, `no announcement to ${optedOut.email}`).toHaveLength(0);
  });

  const context = await browser.newContext();
  const developerPage = await context.newPage();
  try {
    const developer = subscribed[0] as (typeof subscribed)[number];
    let unread = 0;

    await test.step('a developer sees the unread count on the bell and the preview in its dropdown', async () => {
      await signIn(developerPage, developer);
      await developerPage.goto('/');
      await expect(bell(developerPage)).toHaveAccessibleName(/^Notifications, [1-9]\d* unread$/);
      unread = await bellCount(developerPage);
      await screen(developerPage, 'developer-bell');

      const dropdown = await openBell(developerPage);
      const items = await dropdown.getByRole('listitem').count();
      expect(items).toBeGreaterThanOrEqual(1);
      expect(items).toBeLessThanOrEqual(3);
      const preview = bellPreview(dropdown, title);
      await expect(preview).toBeVisible();
      await expect(
        preview.getByText(await bellDateOf(developerPage, created.created_at), { exact: true }),
      ).toBeVisible();
      await expect(preview.locator('strong', { hasText: 'production API' })).toBeVisible();
      await expect(preview.getByRole('link', { name: 'Learn More' })).toHaveAttribute(
        'href',
        `/notifications/${created.id}`,
      );
      await screen(developerPage, 'developer-bell-open');

      await dropdown.getByRole('link', { name: 'See All Announcements' }).click();
      await expect(developerPage).toHaveURL(/\/notifications$/);
      await expect(dropdown).toBeHidden();
    });

    await test.step('the list highlights the card as unread', async () => {
      await expect(developerPage.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
      const card = notificationCard(developerPage, title);
      await expect(card).toHaveAttribute('data-unread', 'true');
      await expect(card.getByText('Unread', { exact: true })).toBeVisible();
      await expect(card.locator('strong', { hasText: 'production API' })).toBeVisible();
      await expect(card).not.toContainText(bodyMarker);
      await screen(developerPage, 'developer-list-unread');
    });

    await test.step('Read More opens the reader, which marks it read: the bell drops by one', async () => {
      // Set on the window: still there afterwards means no page load happened in between.
      await developerPage.evaluate(() => {
        (window as { e2eNoReload?: boolean }).e2eNoReload = true;
      });
      await notificationCard(developerPage, title)
        .getByRole('link', { name: /^Read More/ })
        .click();
      await expect(developerPage).toHaveURL(new RegExp(`/notifications/${created.id}$`));
      const reader = developerPage.getByRole('article', { name: title, exact: true });
      await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(reader.getByText(/(seconds?|minutes?) ago$/)).toBeVisible();
      await expect(reader.locator('strong', { hasText: 'refused with 503' })).toBeVisible();
      await expect(reader).toContainText(`Reference: ${bodyMarker}`);
      await expect(reader).not.toContainText('**');
      await expect(developerPage.getByRole('link', { name: 'Back to Notifications' })).toBeVisible();
      await expect(bell(developerPage)).toHaveAccessibleName(`Notifications, ${unread - 1} unread`);
      expect(
        await developerPage.evaluate(() => (window as { e2eNoReload?: boolean }).e2eNoReload),
        'the bell count changed without a reload',
      ).toBe(true);
      await screen(developerPage, 'developer-reader');
    });

    await test.step('back on the list the card is no longer unread', async () => {
      await developerPage.getByRole('link', { name: 'Back to Notifications' }).click();
      await expect(developerPage).toHaveURL(/\/notifications$/);
      const card = notificationCard(developerPage, title);
      await expect(card).toBeVisible();
      await expect(card).not.toHaveAttribute('data-unread');
      await expect(card.getByText('Unread', { exact: true })).toHaveCount(0);
      await expect(bell(developerPage)).toHaveAccessibleName(`Notifications, ${unread - 1} unread`);
      await screen(developerPage, 'developer-list-read');
    });
  } finally {
    await context.close();
  }
});
