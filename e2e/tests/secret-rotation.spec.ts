import { expect, type Page, test } from '@playwright/test';
import { newUser, signIn, signUpBeforeAll } from '../support/api';
import { createLiveAppViaApi, openTab, sandboxCard, uniqueAppName } from '../support/developer-apps';
import { BASE_URL } from '../support/env';
import { Mailbox } from '../support/mailbox';
import { screen } from '../support/screens';

// Issue 23: rotate the sandbox secret without downtime — both secrets work during the grace period,
// the card says how long the old one has left, and "Expire the old secret now" ends it.

const mailbox = new Mailbox();
const owner = newUser('Rotation Owner');
signUpBeforeAll(mailbox, { developers: [owner] });

/** Client credentials at the sandbox's token endpoint: the answer's status. */
async function tokenStatus(page: Page, clientId: string, secret: string): Promise<number> {
  const response = await page.request.post(`${BASE_URL}/sandbox/oauth/token`, {
    form: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret },
  });
  return response.status();
}

test('an owner rotates the sandbox secret, both work, then expires the old one', async ({ page }) => {
  test.slow();
  const session = await signIn(page, owner);
  const created = await createLiveAppViaApi(page, session.csrfToken, uniqueAppName('Rotate'));
  const app = (await (await page.request.get(`/api/v1/developer_apps/${created.id}`)).json()) as {
    sandbox: { app_id: string; app_secret: string };
  };
  const clientId = app.sandbox.app_id;
  const oldSecret = app.sandbox.app_secret;
  expect(await tokenStatus(page, clientId, oldSecret)).toBe(200);

  await page.goto(`/developer_apps/${created.id}`);
  await openTab(page, 'OAuth credentials');
  const card = sandboxCard(page);

  let newSecret = '';
  await test.step('rotate with a one-hour grace: the new secret is shown once', async () => {
    await card.getByRole('button', { name: 'Rotate sandbox secret' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate sandbox secret' });
    await dialog.getByRole('radio', { name: '1 hour' }).check();
    await dialog.getByRole('button', { name: 'Rotate secret' }).click();
    const shown = page.getByTestId('revealed-secret');
    await expect(shown).toBeVisible();
    newSecret = (await shown.textContent())?.trim() ?? '';
    expect(newSecret).not.toBe('');
    expect(newSecret).not.toBe(oldSecret);
    await screen(page, 'secret-rotated');
    await page
      .getByRole('dialog', { name: 'New client secret' })
      .getByRole('button', { name: 'Done' })
      .click();
  });

  await test.step('during the grace both secrets work and the card shows the time left', async () => {
    const notice = card.getByTestId('previous-secret');
    await expect(notice).toContainText('The previous secret still works');
    await expect(notice).toContainText(/in (60 minutes|1 hour)/);
    expect(await tokenStatus(page, clientId, oldSecret)).toBe(200);
    expect(await tokenStatus(page, clientId, newSecret)).toBe(200);
    await screen(page, 'secret-grace');
  });

  await test.step('expire the old secret now: only the new one works', async () => {
    await card.getByRole('button', { name: 'Expire the old secret now' }).click();
    await page
      .getByRole('dialog', { name: 'Expire the old secret now' })
      .getByRole('button', { name: 'Expire it now' })
      .click();
    await expect(card.getByTestId('previous-secret')).toHaveCount(0);
    expect(await tokenStatus(page, clientId, oldSecret)).toBe(401);
    expect(await tokenStatus(page, clientId, newSecret)).toBe(200);
  });
});
