import { expect, type Page, test } from '@playwright/test';
import { newUser, RESET_SUBJECT, signUpViaApi, submitSignInForm } from '../support/api';
import { linkFrom, Mailbox } from '../support/mailbox';
import { screen } from '../support/screens';

const mailbox = new Mailbox();
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test('a developer who forgot the password resets it through the e-mailed link', async ({ page }) => {
  // A user of its own, signed up and confirmed through the API: the journey does not rely on demo data.
  const user = newUser('Reset');
  await signUpViaApi(page.request, mailbox, user);
  const newPassword = `${user.password} renewed`;

  await test.step('ask for a reset link from the sign-in page', async () => {
    await page.goto('/sign_in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/password\/forgot$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await screen(page, 'forgot-password');

    await textbox(page, 'E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const sent = page.getByRole('status').filter({ hasText: 'Check your inbox' });
    // Neutral wording: the page does not reveal whether the address has an account.
    await expect(sent).toContainText(
      'If an account uses that address, an e-mail with a link to reset the password is on its way.',
    );
    await screen(page, 'reset-link-sent');
  });

  await test.step('an unknown address gets the same answer', async () => {
    await page.reload();
    await textbox(page, 'E-mail').fill(`nobody-${user.email}`);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toContainText(
      'If an account uses that address',
    );
  });

  const email = await mailbox.waitForMessage({ to: user.email, subject: RESET_SUBJECT });
  const link = linkFrom(email);
  expect(link).toMatch(/\/password\/reset\?token=/);

  await test.step('choose a new password through the link', async () => {
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await screen(page, 'choose-new-password');

    await textbox(page, 'New password').fill(newPassword);
    await textbox(page, 'Confirm new password').fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await screen(page, 'passwords-do-not-match');

    await textbox(page, 'Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/sign_in$/);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Your password has been changed. Sign in with the new one.' }),
    ).toBeVisible();
    await screen(page, 'password-changed');
  });

  await test.step('the old password is refused', async () => {
    await submitSignInForm(page, user);
    await expect(page.getByRole('alert').filter({ hasText: 'Could not sign in' })).toContainText(
      'Invalid e-mail or password.',
    );
    await expect(page).toHaveURL(/\/sign_in$/);
    await screen(page, 'old-password-refused');
  });

  await test.step('the new password signs in', async () => {
    await submitSignInForm(page, { email: user.email, password: newPassword });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.name}` })).toBeVisible();
    await screen(page, 'signed-in-with-new-password');
  });

  await test.step('the reset link works only once', async () => {
    await page.goto(link);
    await textbox(page, 'New password').fill(`${newPassword} again`);
    await textbox(page, 'Confirm new password').fill(`${newPassword} again`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'The password could not be changed' }),
    ).toContainText('This link is invalid or has expired.');
    await screen(page, 'reset-link-used');
  });
});
