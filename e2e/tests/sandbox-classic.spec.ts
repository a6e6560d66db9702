import { expect, type Page, test } from '@playwright/test';
import { newUser, signIn, signUpBeforeAll } from '../support/api';
import { createLiveAppViaApi, sandboxCard, uniqueAppName } from '../support/developer-apps';
import { BASE_URL } from '../support/env';
import { CLASSIC_STATE } from '../support/form-experience';
import { Mailbox } from '../support/mailbox';
import { screen } from '../support/screens';

// Issue 21 on the older single-page layout (the default for developers who have not opted in): the
// sandbox card's base URLs and Try it panel, a test token, and the call in the page's API activity
// section — then the same app again, already live and called before, after a rename.

const mailbox = new Mailbox();
const developer = newUser('Classic Sandbox');
signUpBeforeAll(mailbox, { developers: [developer] });
test.use({ storageState: CLASSIC_STATE });

const SANDBOX_BASE = `${BASE_URL}/sandbox`;

const activity = (page: Page) =>
  page.getByRole('main').getByRole('region', { name: 'API activity', exact: true });

/** Gets a test token on the Try it panel and calls /me with it; returns the answer's status. */
async function callWithTestToken(page: Page): Promise<number> {
  const tryIt = sandboxCard(page).getByRole('region', { name: 'Try it' });
  await tryIt.getByRole('button', { name: 'Get a test token' }).click();
  const shown = tryIt.getByLabel('Access token', { exact: true });
  await expect(shown).toBeVisible();
  const token = (await shown.textContent())?.trim() ?? '';
  const me = await page.request.get(`${SANDBOX_BASE}/rest/v1.0/me`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return me.status();
}

test('on the classic layout a developer tries the sandbox and sees the calls, again after renaming the app', async ({
  page,
}) => {
  test.slow();
  const session = await signIn(page, developer);
  const app = await createLiveAppViaApi(page, session.csrfToken, uniqueAppName('Classic Try'));

  await test.step('fresh: base URLs, Try it, a test token and its call in API activity', async () => {
    await page.goto(`/developer_apps/${app.id}`);
    await expect(page.getByRole('navigation', { name: 'App sections' })).toHaveCount(0);
    const card = sandboxCard(page);
    await expect(card.getByLabel('API base URL', { exact: true })).toHaveText(SANDBOX_BASE);
    await expect(activity(page).getByText('No calls yet')).toBeVisible();
    expect(await callWithTestToken(page)).toBe(200);
    // Recorded in a batch, then picked up by the section's live polling without a reload.
    await expect(activity(page).getByText('/rest/v1.0/me').first()).toBeVisible({ timeout: 15_000 });
    await activity(page).scrollIntoViewIfNeeded();
    await screen(page, 'classic-api-activity');
  });

  await test.step('update: the same app renamed, a second token, a second call', async () => {
    const renamed = await page.request.patch(`/api/v1/developer_apps/${app.id}`, {
      data: { developer_app: { name: 'Classic Renamed' } },
      headers: { 'X-CSRF-Token': session.csrfToken },
    });
    expect(renamed.status()).toBe(200);
    await page.reload();
    await expect(activity(page).getByText('/rest/v1.0/me')).toHaveCount(1);
    expect(await callWithTestToken(page)).toBe(200);
    await expect(activity(page).getByText('/rest/v1.0/me')).toHaveCount(2, { timeout: 15_000 });
  });
});
