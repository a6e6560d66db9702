import { expect, type Page, test } from '@playwright/test';
import { newUser, signIn, signUpBeforeAll } from '../support/api';
import { Mailbox } from '../support/mailbox';
import { screen } from '../support/screens';

const mailbox = new Mailbox();
const admin = newUser('Bucket Admin');

signUpBeforeAll(mailbox, { admins: [admin] });

const SERVER = 'Production_UK01';

/** Opens an Admin menu entry the way an admin does. */
async function openAdminPage(page: Page, name: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Admin', exact: true }).click();
  await page.getByRole('menu', { name: 'Admin' }).getByRole('menuitem', { name }).click();
}

/** Accepts the next browser confirmation, returning its text. */
function acceptNextConfirm(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', async (dialog) => {
      expect(dialog.type()).toBe('confirm');
      const message = dialog.message();
      await dialog.accept();
      resolve(message);
    });
  });
}

test('an admin adds, edits and deletes a bucket on one server, then reads those changes in the audit trail', async ({
  page,
}) => {
  // Seven screens, each checked by axe: several seconds each.
  test.slow();
  const bucketName = `Journey ${Date.now().toString(36)}`;
  await signIn(page, admin);
  await openAdminPage(page, 'Rate limits');
  await expect(page).toHaveURL(/\/admin\/rate_limits/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rate limits' })).toBeVisible();

  // The server selector, then the server's buckets: each server starts with its default bucket.
  await page.getByRole('combobox', { name: 'Server' }).click();
  await page.getByRole('option', { name: SERVER }).click();
  await expect(page).toHaveURL(new RegExp(`server=${SERVER}`));
  await page.getByRole('button', { name: 'Retrieve buckets' }).click();
  const table = page.getByRole('table', { name: `Buckets on ${SERVER}` });
  await expect(table.getByRole('row', { name: /default/ })).toContainText(
    'main: count, 3,600,000 ms, limit 7,200',
  );
  await screen(page, 'buckets-of-a-server');

  // Add: the templates start as main and spike (spec 1 §9).
  const form = page.getByRole('form', { name: 'Add bucket' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(bucketName);
  await form.getByRole('textbox', { name: 'Client ID' }).fill('journey-client');
  await form.getByRole('textbox', { name: 'Domain' }).fill('api.journey.test');
  await expect(
    form.getByRole('group', { name: 'Template 1' }).getByRole('textbox', { name: 'Template name' }),
  ).toHaveValue('main');
  await expect(
    form.getByRole('group', { name: 'Template 2' }).getByRole('textbox', { name: 'Template name' }),
  ).toHaveValue('spike');
  await screen(page, 'add-bucket-form');
  const added = acceptNextConfirm(page);
  await form.getByRole('button', { name: 'Add bucket' }).click();
  expect(await added).toBe(`Add the bucket ${bucketName} to ${SERVER}?`);
  const row = table.getByRole('row', { name: new RegExp(bucketName) });
  await expect(row).toContainText('journey-client');
  await expect(row).toContainText('spike: count, 10,000 ms, limit 100');
  await screen(page, 'bucket-added');

  // Edit: the hourly limit goes up.
  await row.getByRole('button', { name: `Edit bucket ${bucketName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit bucket ${bucketName} on ${SERVER}` });
  const limit = dialog.getByRole('group', { name: 'Template 1' }).getByRole('spinbutton', { name: 'Limit' });
  await limit.fill('9000');
  await screen(page, 'edit-bucket');
  const saved = acceptNextConfirm(page);
  await dialog.getByRole('button', { name: 'Save bucket' }).click();
  expect(await saved).toBe(`Save the changes to the bucket ${bucketName} on ${SERVER}?`);
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('main: count, 3,600,000 ms, limit 9,000');

  // Delete.
  const deleted = acceptNextConfirm(page);
  await row.getByRole('button', { name: `Delete bucket ${bucketName}` }).click();
  expect(await deleted).toBe(`Delete the bucket ${bucketName} from ${SERVER}?`);
  await expect(table.getByRole('row', { name: new RegExp(bucketName) })).toHaveCount(0);
  await screen(page, 'bucket-deleted');

  // The audit trail names all three changes, newest first, with the admin as their actor.
  await openAdminPage(page, 'Audit trail');
  await expect(page).toHaveURL(/\/admin\/audit/);
  const actor = page.getByRole('combobox', { name: 'Actor' });
  await actor.fill(admin.email);
  await page.getByRole('option', { name: admin.email }).click();
  await expect(page).toHaveURL(/actor_id=\d+/);
  const trail = page.getByRole('table', { name: 'Audit trail' });
  const rows = trail.getByRole('row').filter({ hasText: 'rate_limit_bucket.' });
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('rate_limit_bucket.deleted');
  await expect(rows.nth(0)).toContainText(`name: ${bucketName} → (none)`);
  await expect(rows.nth(1)).toContainText('rate_limit_bucket.updated');
  await expect(rows.nth(1)).toContainText('"limit":7200');
  await expect(rows.nth(1)).toContainText('"limit":9000');
  await expect(rows.nth(2)).toContainText('rate_limit_bucket.created');
  await expect(rows.nth(2)).toContainText(`name: (none) → ${bucketName}`);
  for (const index of [0, 1, 2]) await expect(rows.nth(index)).toContainText(admin.email);
  await screen(page, 'audit-trail');

  // The action filter keeps one kind of change.
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'rate_limit_bucket.updated' }).click();
  await expect(page).toHaveURL(/action=rate_limit_bucket.updated/);
  await expect(trail.getByRole('row').filter({ hasText: 'rate_limit_bucket.' })).toHaveCount(1);
  await screen(page, 'audit-trail-filtered');
});
