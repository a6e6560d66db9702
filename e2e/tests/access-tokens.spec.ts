import { expect, request as playwrightRequest, test } from '@playwright/test';
import { newUser, signIn, signUpViaApi } from '../support/api';
import { BASE_URL } from '../support/env';
import { Mailbox } from '../support/mailbox';
import { screen } from '../support/screens';

const mailbox = new Mailbox();
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

test('a developer creates a personal access token, calls the API with it, revokes it', async ({ page }) => {
  const user = newUser('Tokens');
  await signUpViaApi(page.request, mailbox, user);
  await signIn(page, user);
  // A client of its own, without the browser's cookie: cookies and bearer tokens never mix.
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  let token = '';

  await test.step('create a token on the account page; it is shown once', async () => {
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Personal access tokens' });
    // The first page of a run loads its chunks on a busy machine: a longer first wait.
    await expect(section.getByText('You have no personal access tokens yet.')).toBeVisible({
      timeout: 30_000,
    });
    await section.getByRole('button', { name: 'Generate token' }).click();
    await section.getByRole('textbox', { name: 'Name' }).fill('CI deploys');
    await section.getByRole('checkbox', { name: /Read apps/ }).check();
    await screen(page, 'token-form');
    await section.getByRole('button', { name: 'Generate token' }).click();
    const shown = section.getByTestId('created-token');
    await expect(shown).toHaveText(/^lnt_/);
    await expect(section.getByText(/only time the token is shown/)).toBeVisible();
    token = (await shown.textContent()) ?? '';
    await screen(page, 'token-created');
    await section.getByRole('button', { name: 'I have copied it' }).click();
    await expect(section.getByText(token)).toHaveCount(0);
  });

  await test.step('the token lists the developer apps; a write outside its scope is refused', async () => {
    const apps = await api.get('/api/v1/developer_apps', { headers: { authorization: `Bearer ${token}` } });
    expect(apps.status(), await apps.text()).toBe(200);
    const write = await api.post('/api/v1/developer_apps', {
      headers: { authorization: `Bearer ${token}` },
      data: { internal_name: 'Not allowed' },
    });
    expect(write.status()).toBe(403);
    expect((await write.json()).error.code).toBe('insufficient_scope');
  });

  await test.step('revoke it after confirming; it answers 401', async () => {
    await page.reload();
    const section = page.getByRole('region', { name: 'Personal access tokens' });
    await expect(section.getByRole('row', { name: /CI deploys/ })).toContainText('127.0.0.1');
    await section.getByRole('button', { name: 'Revoke CI deploys' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this token?' });
    await screen(page, 'token-revoke-confirm');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(section.getByText('You have no personal access tokens yet.')).toBeVisible();
    const after = await api.get('/api/v1/developer_apps', { headers: { authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
  });
  await api.dispose();
});

test('a developer sees another session and signs it out', async ({ page }) => {
  const user = newUser('Sessions');
  await signUpViaApi(page.request, mailbox, user);
  await signIn(page, user);
  const other = await playwrightRequest.newContext({
    baseURL: BASE_URL,
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  });
  await signIn(other, user);

  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Sessions' });
  await expect(section.getByText('This session')).toBeVisible({ timeout: 30_000 });
  await expect(section.getByText('Firefox on Windows 10')).toBeVisible();
  await screen(page, 'sessions');
  await section.getByRole('button', { name: 'Sign out Firefox on Windows 10' }).click();
  await page
    .getByRole('dialog', { name: 'Sign out this session?' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(section.getByText('Firefox on Windows 10')).toHaveCount(0);
  await expect(section.getByText('No other sessions.')).toBeVisible();
  expect((await other.get('/api/v1/session')).status()).toBe(401);
  await other.dispose();
});
