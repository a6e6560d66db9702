import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { newUser, signIn, signUpViaApi, submitSignInForm } from '../support/api';
import { Mailbox } from '../support/mailbox';
import { screen } from '../support/screens';

const mailbox = new Mailbox();
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

/** The code the authenticator app would show for `secret` now, or `steps` 30-second steps from now. */
function codeFor(secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

const twoFactorSection = (page: Page) => page.getByRole('region', { name: 'Two-factor authentication' });

async function signOut(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `${name}, account menu` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign_in$/);
}

test('a developer turns on an authenticator app, then signs in with a code and with a recovery code', async ({
  page,
}) => {
  const user = newUser('TwoFactor');
  await signUpViaApi(page.request, mailbox, user);
  await signIn(page, user);

  let secret = '';
  let recoveryCodes: string[] = [];
  await test.step('turn on the authenticator app on the account page', async () => {
    await page.goto('/account');
    const section = twoFactorSection(page);
    await expect(section.getByText('Off', { exact: true })).toBeVisible();
    await section.getByRole('button', { name: 'Turn on' }).click();
    await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    secret = ((await section.getByTestId('two-factor-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screen(page, 'two-factor-setup');

    await section.getByRole('textbox', { name: 'Code from the app' }).fill('000000');
    await section.getByRole('button', { name: 'Confirm' }).click();
    await expect(section.getByText('Is incorrect')).toBeVisible();

    await section.getByRole('textbox', { name: 'Code from the app' }).fill(codeFor(secret));
    await section.getByRole('button', { name: 'Confirm' }).click();
    const codes = section.getByRole('list', { name: 'Your recovery codes' });
    await expect(codes.getByRole('listitem')).toHaveCount(10);
    recoveryCodes = (await codes.getByRole('listitem').allTextContents()).map((code) => code.trim());
    await expect(section.getByRole('button', { name: 'Download' })).toBeVisible();
    await screen(page, 'two-factor-recovery-codes');
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await expect(codes).toHaveCount(0);
    await expect(section.getByText('On', { exact: true })).toBeVisible();
    await expect(section.getByText('10 recovery codes left.')).toBeVisible();
  });

  await test.step('sign out and in again with a code from the app', async () => {
    await signOut(page, user.name);
    await submitSignInForm(page, user);
    const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
    await expect(dialog).toBeVisible();
    await screen(page, 'two-factor-code-step');
    // The confirmation used the current step: the next one is still within the allowed drift.
    await dialog.getByRole('textbox', { name: 'Authentication code' }).fill(codeFor(secret, 1));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(page).not.toHaveURL(/\/sign_in/);
    await page.goto('/account');
    await expect(twoFactorSection(page).getByText('On', { exact: true })).toBeVisible();
  });

  await test.step('sign out and in again with a recovery code', async () => {
    await signOut(page, user.name);
    await submitSignInForm(page, user);
    const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
    await dialog.getByRole('button', { name: 'Use a recovery code' }).click();
    await dialog.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0] ?? '');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(page).not.toHaveURL(/\/sign_in/);
    await page.goto('/account');
    await expect(twoFactorSection(page).getByText('9 recovery codes left.')).toBeVisible();
    await screen(page, 'two-factor-on');
  });

  await test.step('a used recovery code does not work again', async () => {
    await signOut(page, user.name);
    await submitSignInForm(page, user);
    const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
    await dialog.getByRole('button', { name: 'Use a recovery code' }).click();
    await dialog.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0] ?? '');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog.getByText('Is incorrect')).toBeVisible();
    await expect(page).toHaveURL(/\/sign_in/);
  });
});
