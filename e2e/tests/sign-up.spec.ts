import { expect, test } from '@playwright/test';
import { CONFIRMATION_SUBJECT, newUser, submitSignInForm } from '../support/api';
import { linkFrom, Mailbox } from '../support/mailbox';
import { screen } from '../support/screens';

// The sign-in journey itself: this is the one journey that signs in through the UI (CONVENTIONS.md).
const mailbox = new Mailbox();
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

test('a developer signs up, confirms the address, signs in, edits the account and signs out', async ({
  page,
}) => {
  const user = newUser('Signup');

  await test.step('sign up', async () => {
    await page.goto('/sign_up');
    await expect(page.getByRole('heading', { name: 'Create your developer account' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(user.name);
    await page.getByRole('textbox', { name: 'Company name', exact: true }).fill(user.company_name);
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(user.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
    await screen(page, 'sign-up-filled');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    await expect(page).toHaveURL(/\/sign_in$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'A confirmation e-mail has been sent.' }),
    ).toBeVisible();
    await screen(page, 'confirmation-sent');
  });

  await test.step('signing in before confirming is refused', async () => {
    await submitSignInForm(page, user);
    const alert = page.getByRole('alert').filter({ hasText: 'Could not sign in' });
    await expect(alert).toContainText('Please confirm your e-mail address before signing in.');
    await expect(alert.getByRole('button', { name: 'Resend confirmation e-mail' })).toBeVisible();
    await expect(page).toHaveURL(/\/sign_in$/);
    await screen(page, 'not-confirmed');
  });

  await test.step('confirm through the e-mailed link', async () => {
    const email = await mailbox.waitForMessage({ to: user.email, subject: CONFIRMATION_SUBJECT });
    expect(email.text).toContain(user.name);
    const link = linkFrom(email);
    expect(link).toMatch(/\/confirm_email\?token=/);

    await page.goto(link);
    await expect(page.getByRole('status').filter({ hasText: 'E-mail address confirmed' })).toBeVisible();
    await screen(page, 'email-confirmed');
    await page.getByRole('link', { name: 'Continue to sign in' }).click();
    await expect(page).toHaveURL(/\/sign_in$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Your e-mail address is confirmed.' }),
    ).toBeVisible();
    await screen(page, 'sign-in-after-confirmation');
  });

  await test.step('sign in', async () => {
    await submitSignInForm(page, user);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.name}` })).toBeVisible();
    await screen(page, 'home');
  });

  const renamed = { name: `${user.name} Renamed`, company_name: `${user.company_name} Ltd` };

  await test.step('change the account settings', async () => {
    await page.getByRole('button', { name: `${user.name}, account menu` }).click();
    await screen(page, 'account-menu');
    await page.getByRole('menuitem', { name: 'Account settings' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();

    const save = page.getByRole('button', { name: 'Save', exact: true });
    const critical = page.getByRole('switch', { name: 'E-mail me critical announcements' });
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(user.name);
    await expect(critical).toBeChecked();
    await expect(save).toBeDisabled();
    await screen(page, 'account-settings');

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(renamed.name);
    await page.getByRole('textbox', { name: 'Company name', exact: true }).fill(renamed.company_name);
    await critical.uncheck();
    await expect(critical).not.toBeChecked();
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText('Your settings have been saved.')).toBeVisible();
    await expect(save).toBeDisabled();
    await screen(page, 'account-saved');
  });

  await test.step('a reload shows the saved values', async () => {
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(renamed.name);
    await expect(page.getByRole('textbox', { name: 'Company name', exact: true })).toHaveValue(
      renamed.company_name,
    );
    await expect(page.getByRole('switch', { name: 'E-mail me critical announcements' })).not.toBeChecked();
    await screen(page, 'account-reloaded');
  });

  await test.step('sign out through the account menu', async () => {
    await page.getByRole('button', { name: `${renamed.name}, account menu` }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign_in$/);
    await expect(page.getByRole('heading', { name: 'Sign in to Lintel' })).toBeVisible();
    await screen(page, 'signed-out');
  });

  await test.step('a protected page now sends the visitor to sign in', async () => {
    await page.goto('/account');
    await expect(page).toHaveURL(/\/sign_in\?redirect=%2Faccount$/);
    await expect(page.getByRole('heading', { name: 'Sign in to Lintel' })).toBeVisible();
    await screen(page, 'protected-redirect');
  });
});
