import { expect, type Locator, type Page, test } from '@playwright/test';
import { newUser, signIn, signUpViaApi } from '../support/api';
import { createLiveAppViaApi, openTab, section, uniqueAppName } from '../support/developer-apps';
import { CLASSIC_STATE, FORM_EXPERIENCE_FLAGS } from '../support/form-experience';
import { Mailbox } from '../support/mailbox';
import { screen } from '../support/screens';

// Issue 20 item 6: "The JSON editor silently drops user-level authentication." A 4.1 version written in
// the classic JSON editor with a service account (permissions) has user-level authentication too — a
// service account always comes on top of it — and the Configurations tab and compare both say so.

const mailbox = new Mailbox();
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

// The classic single-page layout, where the JSON editor lives: not opted in to the form experience.
test.use({ storageState: CLASSIC_STATE });

const manifest = (permissions: boolean) =>
  JSON.stringify(
    {
      schema_version: '4.1',
      app_manifest: { uid: 'generated', name: 'generated' },
      fullscreen: { source_url: 'https://dashboard.example.com/app', description: 'Dashboard' },
      ...(permissions
        ? { permissions: { company: { directory: 'readonly' }, project: { rfi: 'readonly' } } }
        : {}),
    },
    null,
    2,
  );

/** Replaces the editor's text the way a developer pastes: select all, then the new text. */
async function replaceText(editor: Locator, page: Page, text: string): Promise<void> {
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

test('a 4.1 version from the classic JSON editor keeps user-level authentication, in the builder and in compare', async ({
  page,
}) => {
  // Two versions, two layouts and compare: on a shared two-core machine this walk takes about a minute.
  test.setTimeout(150_000);
  const developer = newUser('Editor Auth');
  await signUpViaApi(page.request, mailbox, developer);
  const session = await signIn(page, developer);
  const app = await createLiveAppViaApi(page, session.csrfToken, uniqueAppName('Auth App'));
  const manifests = page.getByRole('region', { name: 'Manifests', exact: true });
  const dialog = page.getByRole('dialog', { name: 'Create a new sandbox version' });
  const editor = dialog.getByRole('textbox', { name: 'Manifest JSON' });
  const create = dialog.getByRole('button', { name: 'Create', exact: true });
  const userLevel = dialog.getByRole('checkbox', { name: /User Level Authentication/ });

  await test.step('0.1.0: a full-screen component only, no user-level authentication', async () => {
    await page.goto(`/developer_apps/${app.id}`);
    await manifests.getByRole('button', { name: 'Create new version' }).click();
    await replaceText(editor, page, manifest(false));
    await expect(dialog.getByText('The manifest is valid.')).toBeVisible();
    await expect(userLevel).not.toBeChecked();
    await expect(userLevel).toBeEnabled();
    await create.click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('New sandbox manifest version created')).toBeVisible();
  });

  await test.step('0.2.0: with a service account, user-level authentication comes on, locked', async () => {
    await manifests.getByRole('button', { name: 'Create new version' }).click();
    await expect(editor).toContainText('dashboard.example.com');
    await replaceText(editor, page, manifest(true));
    await expect(dialog.getByText('The manifest is valid.')).toBeVisible();
    await expect(userLevel).toBeChecked();
    await expect(userLevel).toBeDisabled();
    await expect(dialog.getByRole('textbox', { name: /Semantic version/ })).toHaveValue('0.2.0');
    await screen(page, 'editor-service-account');
    await create.click();
    await expect(dialog).toHaveCount(0);
    // 0.1.0's toast may still be up (the journey now reaches here within its few seconds): the new one is last.
    await expect(page.getByText('New sandbox manifest version created').last()).toBeVisible();
  });

  await test.step('the stored version says so', async () => {
    const list = await page.request.get(
      `/api/v1/manifests?filters[developer_app_id]=${app.id}&filters[versionable_type]=Sandbox`,
    );
    const versions = (await list.json()) as { semantic_version: string; auth_code_enabled: boolean }[];
    expect(versions.map((v) => [v.semantic_version, v.auth_code_enabled])).toEqual([
      ['0.2.0', true],
      ['0.1.0', false],
    ]);
  });

  // The Configurations and Versions tabs are the form-based layout's: opt in, as a developer would.
  await page.evaluate((flag) => localStorage.setItem(flag, 'true'), FORM_EXPERIENCE_FLAGS.beta);
  await page.evaluate(
    (flag) => localStorage.setItem(flag, 'true'),
    FORM_EXPERIENCE_FLAGS.selfServiceIntroDismissed,
  );

  await test.step('the Configurations tab shows user-level authentication and the service account on', async () => {
    await page.goto(`/developer_apps/${app.id}/configurations`);
    const card = section(page, 'Data Connector Components');
    await expect(card.getByText('User Level Authentication: on')).toBeVisible();
    await expect(card.getByText('Service Account Authentication: on')).toBeVisible();
    await expect(card.getByRole('list', { name: 'Project tools' })).toContainText('RFIs');
    await screen(page, 'configurations');
  });

  await test.step('compare shows user-level authentication turned on in 0.2.0', async () => {
    await openTab(page, 'Versions');
    const sandbox = page.getByRole('table', { name: 'Sandbox versions' });
    await sandbox.getByRole('button', { name: 'More actions for 0.1.0' }).click();
    await page.getByRole('menuitem', { name: 'Compare with the newest' }).click();
    const diff = page.getByRole('dialog', { name: 'Compare versions' });
    const authentication = diff.getByRole('table', { name: 'Authentication' });
    const row = authentication.getByRole('row', { name: /User Level Authentication/ });
    await expect(row.getByRole('cell').nth(1)).toHaveText('No');
    await expect(row.getByRole('cell').nth(2)).toHaveText('Yes');
    const account = authentication.getByRole('row', { name: /Service Account Authentication/ });
    await expect(account.getByRole('cell').nth(2)).toHaveText('Yes');
    await screen(page, 'compare');
  });
});
