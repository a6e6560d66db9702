import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  CONFIRMATION_SUBJECT,
  newUser,
  signIn,
  signUpAdmin,
  signUpViaApi,
  submitSignInForm,
} from '../support/api';
import {
  appIdFrom,
  appTabs,
  collaboratorsTable,
  type DeveloperAppBody,
  invitationSubject,
  memberRow,
  openTab,
  roleRadios,
  sandboxCard,
  section,
  TAB_NAMES,
  uniqueAppName,
  waitForAppsList,
  waitForCollaborators,
} from '../support/developer-apps';
import { BASE_URL } from '../support/env';
import { linkFrom, Mailbox } from '../support/mailbox';
import { screen } from '../support/screens';

const mailbox = new Mailbox();
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** A page in a browser context of its own: another person, or the same one on another device. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('a developer creates an app, manages its credentials, invites a collaborator, hands the app over and the new owner deletes it', async ({
  page,
  browser,
}) => {
  // Three sign-ups with e-mails, a sandbox build and a dozen screens checked by axe: more than the
  // default minute.
  test.setTimeout(180_000);
  const owner = newUser('App Owner');
  const invitee = newUser('App Invitee');
  const appName = uniqueAppName('E2E App');
  await signUpViaApi(page.request, mailbox, owner);
  await signIn(page, owner);
  // The reveal dialog's copy button is checked against the real clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });

  let appId = 0;
  const redirectUris = 'https://example.com/cb\nhttp://localhost:8080/cb';

  await test.step('create an app from the empty list; the page turns live by itself', async () => {
    await page.goto('/developer_apps');
    await waitForAppsList(page);
    const main = page.getByRole('main');
    await expect(main.getByText('You have no apps yet', { exact: true })).toBeVisible();
    await expect(main.getByRole('listitem')).toHaveCount(0);
    await screen(page, 'apps-empty');

    await button(page, 'Create a New App').click();
    const modal = page.getByRole('dialog', { name: 'Create a New App' });
    await expect(modal).toBeVisible();
    const name = modal.getByRole('textbox', { name: 'App Name' });
    await expect(name).toHaveAttribute('required');
    await expect(modal.getByRole('link', { name: 'policies and terms and conditions' })).toHaveAttribute(
      'href',
      '/terms_and_conditions',
    );
    await expect(modal.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
    await modal.getByRole('button', { name: 'Create App', exact: true }).click();
    await expect(modal.getByText('App Name is required')).toBeVisible();
    await expect(page).toHaveURL(/\/developer_apps$/);
    await screen(page, 'create-app-required');

    await name.fill(appName);
    await screen(page, 'create-app-filled');
    await modal.getByRole('button', { name: 'Create App', exact: true }).click();

    await expect(page).toHaveURL(/\/developer_apps\/\d+$/);
    appId = appIdFrom(page);
    await expect(page.getByRole('heading', { level: 1, name: appName })).toBeVisible();
    // The embedded platform builds the sandbox after SANDBOX_PROVISION_DELAY_MS (3 s by default).
    await expect(page.getByRole('heading', { name: 'Your sandbox is on its way' })).toBeVisible();
    await expect(sandboxCard(page).getByRole('status')).toContainText('Building sandbox');
    await expect(page.getByRole('region', { name: 'New app version' })).toHaveCount(0);
    await screen(page, 'sandbox-pending');

    // No reload: the page polls the app while its sandbox is pending and shows the tab once live.
    await expect(page.getByRole('region', { name: 'New app version' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Your sandbox is on its way' })).toHaveCount(0);
    await expect(appTabs(page).getByRole('link')).toHaveText([...TAB_NAMES]);
    await expect(appTabs(page).getByRole('link', { name: 'Configurations' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await screen(page, 'app-live');
  });

  await test.step('OAuth credentials: redirect URIs are checked line by line, then saved', async () => {
    const app = (await (
      await page.request.get(`/api/v1/developer_apps/${appId}`)
    ).json()) as DeveloperAppBody;
    expect(app.sandbox?.status).toBe('live');
    const clientId = app.sandbox?.app_id ?? '';
    expect(clientId).not.toBe('');

    await openTab(page, 'OAuth credentials');
    await expect(page).toHaveURL(new RegExp(`/developer_apps/${appId}/oauthCredentials$`));
    const card = sandboxCard(page);
    await expect(card.getByText('Sandbox live', { exact: true })).toBeVisible();
    await expect(card.getByText(clientId, { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Copy Client ID' })).toBeVisible();
    await expect(card.getByRole('link', { name: /^http:\/\/[^/]+\/sandbox\/companies\/\d+$/ })).toBeVisible();
    await screen(page, 'oauth-credentials');

    const uris = card.getByRole('textbox', { name: 'Redirect URIs' });
    const save = card.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeDisabled();
    await uris.fill('https://example.com/cb\nhttp://example.com/cb');
    await expect(card.getByText('Line 2: must use https', { exact: false })).toBeVisible();
    await expect(uris).toHaveAttribute('aria-invalid', 'true');
    await expect(uris).toHaveAccessibleDescription(/Line 2: must use https/);
    await expect(save).toBeDisabled();
    await screen(page, 'redirect-uri-invalid');

    await uris.fill(redirectUris);
    await expect(card.getByText(/^Line \d+:/)).toHaveCount(0);
    await expect(save).toBeEnabled();
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' &&
        new URL(response.url()).pathname === `/api/v1/sandboxes/${app.sandbox?.id}`,
    );
    await save.click();
    expect((await saved).status()).toBe(200);
    // Saved: nothing is modified any more, so there is nothing to save.
    await expect(save).toBeDisabled();
    await expect(card.getByRole('alert')).toHaveCount(0);
    await screen(page, 'redirect-uris-saved');

    await page.reload();
    await expect(sandboxCard(page).getByRole('textbox', { name: 'Redirect URIs' })).toHaveValue(redirectUris);
  });

  await test.step('OAuth credentials: the reset sandbox secret is shown once', async () => {
    const card = sandboxCard(page);
    // The confirmation cannot be fired by accident: it opens on Cancel, and Escape leaves the secret
    // as it was (issue 13 item 7).
    const shown = card.getByTestId('sandbox-secret');
    await shown.hover();
    const before = ((await shown.textContent()) ?? '').trim();
    expect(before).toMatch(/\S{16,}/);
    await page.mouse.move(0, 0);
    await card.getByRole('button', { name: 'Reset sandbox secret' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset sandbox secret' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expect(confirm.getByRole('button', { name: 'Close' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await shown.hover();
    await expect(shown).toHaveText(before);
    await page.mouse.move(0, 0);
    await card.getByRole('button', { name: 'Reset sandbox secret' }).click();
    await expect(confirm).toBeVisible();
    const acknowledge = confirm.getByRole('checkbox', {
      name: 'I understand that the old secret and every token issued with it stop working',
    });
    const reset = confirm.getByRole('button', { name: 'Reset secret', exact: true });
    await expect(acknowledge).not.toBeChecked();
    await expect(reset).toBeDisabled();
    await screen(page, 'reset-secret-confirm');
    await acknowledge.check();
    await expect(reset).toBeEnabled();
    await reset.click();

    const reveal = page.getByRole('dialog', { name: 'New client secret' });
    await expect(reveal).toBeVisible();
    await expect(reveal).toContainText('This secret is shown only once.');
    const secretField = reveal.getByLabel('Client secret', { exact: true });
    await expect(secretField).toHaveText(/\S{16,}/);
    const secret = ((await secretField.textContent()) ?? '').trim();
    const copy = reveal.getByRole('button', { name: 'Copy Client secret' });
    await expect(copy).toBeVisible();
    await screen(page, 'secret-revealed');
    await copy.click();
    await expect(reveal.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    await reveal.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(reveal).toBeHidden();
    await expect(page.locator('body')).not.toContainText(secret);
    // The live card of a confidential app keeps the secret masked until hovered or focused (spec 2).
    const onCard = card.getByTestId('sandbox-secret');
    await expect(onCard).not.toContainText(secret);
    await screen(page, 'secret-closed');
    await onCard.hover();
    await expect(onCard).toHaveText(secret);
    await screen(page, 'secret-on-hover');
    await page.mouse.move(0, 0);
    await expect(onCard).not.toContainText(secret);

    await page.reload();
    await expect(sandboxCard(page).getByRole('textbox', { name: 'Redirect URIs' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(secret);
    await sandboxCard(page).getByTestId('sandbox-secret').focus();
    await expect(sandboxCard(page).getByTestId('sandbox-secret')).toHaveText(secret);
  });

  await test.step('OAuth credentials: the production secret is shown once, then only reset', async () => {
    const production = section(page, 'Production');
    await production.getByRole('button', { name: 'Request production access', exact: true }).click();
    await expect(production.getByRole('button', { name: 'Request production access' })).toHaveCount(0);

    // A platform administrator grants it, through the admin API.
    const adminPage = await freshPage(browser);
    try {
      const admin = newUser('App Platform Admin');
      await signUpAdmin(adminPage.request, mailbox, admin);
      const session = await signIn(adminPage, admin);
      const granted = await adminPage.request.patch(`/api/v1/admin/developer_apps/${appId}`, {
        data: { developer_app: { production_access: 'granted' } },
        headers: { 'X-CSRF-Token': session.csrfToken },
      });
      expect(granted.status(), await granted.text()).toBe(200);
    } finally {
      await adminPage.context().close();
    }

    await page.reload();
    const card = section(page, 'Production');
    const show = card.getByRole('button', { name: 'Show secret', exact: true });
    await expect(show).toBeVisible();
    await expect(card.getByRole('button', { name: 'Reset production secret' })).toHaveCount(0);
    await show.click();
    const dialog = page.getByRole('dialog', { name: 'Client secret' });
    const revealed = dialog.getByTestId('revealed-secret');
    await expect(revealed).toHaveText(/\S{16,}/);
    const secret = ((await revealed.textContent()) ?? '').trim();
    await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
    await screen(page, 'production-secret-shown');
    await dialog.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('body')).not.toContainText(secret);
    // Shown once: from now on the card offers only a reset, also after a reload (spec 2 §4).
    await expect(card.getByRole('button', { name: 'Show secret' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Reset production secret', exact: true })).toBeVisible();
    await page.reload();
    const reloaded = section(page, 'Production');
    await expect(
      reloaded.getByRole('button', { name: 'Reset production secret', exact: true }),
    ).toBeVisible();
    await expect(reloaded.getByRole('button', { name: 'Show secret' })).toHaveCount(0);
    await screen(page, 'production-secret-reset-only');
  });

  await test.step('Collaborators: invite a new person as a developer', async () => {
    await openTab(page, 'Collaborators');
    await waitForCollaborators(page);
    const own = roleRadios(page, owner.name);
    await expect(own.owner).toBeChecked();
    await screen(page, 'collaborators-owner-only');

    await button(page, 'Add user').click();
    const modal = page.getByRole('dialog', { name: 'Add user' });
    await modal.getByRole('textbox', { name: 'E-mail' }).fill(invitee.email);
    await expect(modal.getByRole('radio', { name: 'Developer', exact: true })).toBeChecked();
    await modal.getByRole('radio', { name: 'Developer', exact: true }).check();
    await screen(page, 'add-user');
    await modal.getByRole('button', { name: 'Send invitation', exact: true }).click();
    await expect(modal).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: `An invitation was sent to ${invitee.email}.` }),
    ).toBeVisible();
    const row = memberRow(page, invitee.email);
    await expect(row).toContainText('Invitation pending');
    await expect(roleRadios(page, invitee.email).developer).toBeChecked();
    await expect(roleRadios(page, invitee.email).developer).toBeDisabled();
    await screen(page, 'invitation-pending');
  });

  const invitation = await mailbox.waitForMessage({
    to: invitee.email,
    subject: invitationSubject(owner.name, appName),
  });
  expect(invitation.text).toContain(`"${appName}"`);
  expect(invitation.text).toContain('as developer');
  const invitationLink = linkFrom(invitation);
  expect(invitationLink).toMatch(/\/invitations\/accept\?token=/);

  const inviteePage = await freshPage(browser);
  try {
    await test.step('the invitee opens the link signed out and signs up', async () => {
      await inviteePage.goto(invitationLink);
      await expect(inviteePage.getByRole('heading', { level: 1, name: 'Accept invitation' })).toBeVisible();
      await expect(inviteePage.getByText('You have been invited to collaborate on an app.')).toBeVisible();
      await expect(inviteePage.getByRole('link', { name: 'Sign in to accept' })).toBeVisible();
      const signUp = inviteePage.getByRole('link', { name: 'Create an account' });
      await expect(signUp).toBeVisible();
      await screen(inviteePage, 'invitation-signed-out');

      await signUp.click();
      await expect(inviteePage).toHaveURL(/\/sign_up(\?|$)/);
      await textbox(inviteePage, 'Name').fill(invitee.name);
      await textbox(inviteePage, 'Company name').fill(invitee.company_name);
      await textbox(inviteePage, 'E-mail').fill(invitee.email);
      await textbox(inviteePage, 'Password').fill(invitee.password);
      await screen(inviteePage, 'invitee-sign-up');
      await button(inviteePage, 'Sign up').click();
      // Sign-up keeps the way back to the invitation for the sign-in that follows confirmation.
      await expect(inviteePage).toHaveURL(/\/sign_in\?redirect=%2Finvitations%2Faccept%3Ftoken%3D/);
      await expect(
        inviteePage.getByRole('status').filter({ hasText: 'A confirmation e-mail has been sent.' }),
      ).toBeVisible();

      const confirmation = await mailbox.waitForMessage({ to: invitee.email, subject: CONFIRMATION_SUBJECT });
      await inviteePage.goto(linkFrom(confirmation));
      await expect(
        inviteePage.getByRole('status').filter({ hasText: 'E-mail address confirmed' }),
      ).toBeVisible();
      await screen(inviteePage, 'invitee-confirmed');
    });

    await test.step('the invitee opens the link again, signs in and joins the app', async () => {
      await inviteePage.goto(invitationLink);
      await inviteePage.getByRole('link', { name: 'Sign in to accept' }).click();
      await expect(inviteePage).toHaveURL(/\/sign_in\?redirect=%2Finvitations%2Faccept%3Ftoken%3D/);
      await submitSignInForm(inviteePage, invitee);

      await expect(inviteePage).toHaveURL(new RegExp(`/developer_apps/${appId}$`));
      await expect(inviteePage.getByRole('heading', { level: 1, name: appName })).toBeVisible();
      await expect(inviteePage.getByRole('main').getByText('Developer', { exact: true })).toBeVisible();
      await expect(inviteePage.getByRole('region', { name: 'New app version' })).toBeVisible();
      await screen(inviteePage, 'invitee-app');
    });

    await test.step('a developer sees the app without edit controls', async () => {
      await openTab(inviteePage, 'Settings');
      const details = section(inviteePage, 'App details');
      await expect(details.getByRole('textbox', { name: 'App name', exact: true })).toHaveValue(appName);
      await expect(details.getByRole('textbox', { name: 'App name', exact: true })).not.toBeEditable();
      await expect(details.getByRole('textbox', { name: 'Internal name', exact: true })).not.toBeEditable();
      await expect(inviteePage.getByRole('main').getByRole('button', { name: 'Save' })).toHaveCount(0);
      await expect(section(inviteePage, 'Delete app')).toHaveCount(0);
      await expect(inviteePage.getByRole('button', { name: 'Delete app' })).toHaveCount(0);
      await screen(inviteePage, 'developer-settings');

      await openTab(inviteePage, 'OAuth credentials');
      const card = sandboxCard(inviteePage);
      const uris = card.getByRole('textbox', { name: 'Redirect URIs' });
      await expect(uris).toHaveValue(redirectUris);
      await expect(uris).not.toBeEditable();
      await expect(inviteePage.getByRole('main').getByRole('button', { name: 'Save' })).toHaveCount(0);
      await expect(inviteePage.getByRole('main').getByRole('button', { name: /^Reset/ })).toHaveCount(0);
      await expect(inviteePage.getByRole('button', { name: 'Request production access' })).toHaveCount(0);
      await screen(inviteePage, 'developer-oauth-credentials');

      await openTab(inviteePage, 'Collaborators');
      await waitForCollaborators(inviteePage);
      await expect(memberRow(inviteePage, invitee.email)).toBeVisible();
      await expect(roleRadios(inviteePage, invitee.name).developer).toBeChecked();
      await expect(inviteePage.getByRole('button', { name: 'Add user' })).toHaveCount(0);
      await expect(inviteePage.getByRole('button', { name: 'Update permissions' })).toHaveCount(0);
      await expect(
        collaboratorsTable(inviteePage).getByRole('button', { name: /^Actions for / }),
      ).toHaveCount(0);
      await screen(inviteePage, 'developer-collaborators');
    });
  } finally {
    await inviteePage.context().close();
  }

  await test.step('the owner hands the app over to the new collaborator', async () => {
    await page.reload();
    await waitForCollaborators(page);
    const theirs = memberRow(page, invitee.email);
    await expect(theirs).toContainText(invitee.name);
    await expect(theirs).not.toContainText('Invitation pending');
    const own = roleRadios(page, owner.name);
    const their = roleRadios(page, invitee.name);
    await expect(own.owner).toBeChecked();
    for (const radio of [own.owner, own.admin, own.developer]) await expect(radio).toBeDisabled();
    await expect(their.developer).toBeChecked();
    await screen(page, 'collaborator-joined');

    await page.getByRole('button', { name: `Actions for ${invitee.name}` }).click();
    await page.getByRole('menuitem', { name: 'Transfer ownership' }).click();
    const confirm = page.getByRole('dialog', { name: 'Transfer ownership?' });
    await expect(confirm).toContainText(`${invitee.name} will become the owner of this app`);
    await expect(confirm.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
    await screen(page, 'transfer-confirm');
    await confirm.getByRole('button', { name: 'Transfer ownership', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: `${invitee.name} is now the owner.` }),
    ).toBeVisible();
    await expect(own.admin).toBeChecked();
    await expect(their.owner).toBeChecked();
    await expect(page.getByRole('button', { name: `Actions for ${invitee.name}` })).toHaveCount(0);
    await screen(page, 'ownership-transferred');

    await page.reload();
    await waitForCollaborators(page);
    await expect(roleRadios(page, owner.name).admin).toBeChecked();
    await expect(roleRadios(page, invitee.name).owner).toBeChecked();

    // Now an admin: still edits the settings, but deleting is the owner's alone.
    await openTab(page, 'Settings');
    await expect(page.getByRole('main').getByText('Admin', { exact: true })).toBeVisible();
    await expect(
      section(page, 'App details').getByRole('textbox', { name: 'App name', exact: true }),
    ).toBeEditable();
    await expect(section(page, 'Delete app')).toHaveCount(0);
    await screen(page, 'former-owner-settings');
  });

  await test.step('the new owner deletes the app', async () => {
    const newOwnerPage = await freshPage(browser);
    try {
      await signIn(newOwnerPage, invitee);
      await newOwnerPage.goto(`/developer_apps/${appId}/settings`);
      const card = section(newOwnerPage, 'Delete app');
      await expect(card).toBeVisible();
      await screen(newOwnerPage, 'new-owner-settings');
      await card.getByRole('button', { name: 'Delete app', exact: true }).click();
      const confirm = newOwnerPage.getByRole('dialog', { name: 'Delete this app?' });
      await expect(confirm).toContainText(`${appName} and its credentials will be deleted.`);
      // Opens on Cancel; Escape closes it and the app stays (issue 13 item 7).
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await newOwnerPage.keyboard.press('Escape');
      await expect(confirm).toBeHidden();
      await expect(newOwnerPage).toHaveURL(/\/settings$/);
      await card.getByRole('button', { name: 'Delete app', exact: true }).click();
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await screen(newOwnerPage, 'delete-confirm');
      await confirm.getByRole('button', { name: 'Delete app', exact: true }).click();

      await expect(newOwnerPage).toHaveURL(/\/developer_apps$/);
      await waitForAppsList(newOwnerPage);
      await expect(newOwnerPage.getByRole('link', { name: appName })).toHaveCount(0);
      await screen(newOwnerPage, 'app-deleted');
    } finally {
      await newOwnerPage.context().close();
    }

    const gone = await page.request.get(`/api/v1/developer_apps/${appId}`);
    expect(gone.status()).toBe(404);
    await page.goto('/developer_apps');
    await waitForAppsList(page);
    await expect(page.getByRole('link', { name: appName })).toHaveCount(0);
    await page.goto(`/developer_apps/${appId}`);
    await expect(page.getByRole('heading', { name: 'App not found' })).toBeVisible();
    await screen(page, 'old-owner-app-gone');
  });
});
