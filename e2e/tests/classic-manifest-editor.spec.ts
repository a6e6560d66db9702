import { expect, type Locator, type Page, test } from '@playwright/test';
import { newUser, signIn, signUpViaApi } from '../support/api';
import { createLiveAppViaApi, uniqueAppName } from '../support/developer-apps';
import { BASE_URL } from '../support/env';
import { CLASSIC_STATE } from '../support/form-experience';
import { Mailbox } from '../support/mailbox';
import { screen } from '../support/screens';

const mailbox = new Mailbox();
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

// The older layout: a user who has not opted in to the form-based experience.
test.use({ storageState: CLASSIC_STATE });

const manifest = (view: string) =>
  JSON.stringify(
    {
      schema_version: '4.1',
      app_manifest: { uid: 'generated', name: 'generated' },
      sidepanel: {
        source_url: 'https://panel.example.com/{{tenant}}',
        description: 'Tile orders behind the record.',
        views: [view],
        user_configuration: {
          schema: {
            type: 'object',
            required: ['tenant'],
            properties: { tenant: { name: 'Tenant', type: 'string', description: 'Your tenant.' } },
          },
        },
      },
      permissions: { project: { rfi: 'readonly' } },
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

test('on the older layout a developer creates a version in the JSON editor after fixing an inline error', async ({
  page,
}) => {
  const developer = newUser('Classic Editor');
  await signUpViaApi(page.request, mailbox, developer);
  const session = await signIn(page, developer);
  const app = await createLiveAppViaApi(page, session.csrfToken, uniqueAppName('JSON App'));
  const manifests = page.getByRole('region', { name: 'Manifests', exact: true });

  await test.step('the manifests section starts empty', async () => {
    await page.goto(`/developer_apps/${app.id}`);
    await expect(manifests.getByRole('tab', { name: 'Sandbox' })).toHaveAttribute('aria-selected', 'true');
    await expect(manifests.getByText('No Manifests Created')).toBeVisible();
    await manifests.getByRole('tab', { name: 'Production' }).click();
    await expect(manifests.getByText(/Production credentials are required/)).toBeVisible();
    await manifests.getByRole('tab', { name: 'Sandbox' }).click();
  });

  const dialog = page.getByRole('dialog', { name: 'Create a new sandbox version' });
  const editor = dialog.getByRole('textbox', { name: 'Manifest JSON' });
  const create = dialog.getByRole('button', { name: 'Create', exact: true });

  await test.step('an unknown view is reported inline and keeps Create disabled', async () => {
    await manifests.getByRole('button', { name: 'Create new version' }).click();
    await expect(editor).toBeVisible();
    await expect(create).toBeDisabled();
    await replaceText(editor, page, manifest('nowhere.detail'));
    await expect(dialog.getByText(/^There (is|are) \(\d+\) content violations?\.$/)).toBeVisible();
    await expect(dialog.locator('.cm-lintRange-error').first()).toBeVisible();
    await expect(dialog.locator('.cm-lintRange-error', { hasText: 'nowhere.detail' })).toBeVisible();
    await expect(create).toBeDisabled();
    await dialog.getByRole('button', { name: 'Show' }).click();
    await expect(
      dialog.getByText(/^Line 11, column 7 — \/sidepanel\/views\/0: .*nowhere\.detail/),
    ).toBeVisible();
    await screen(page, 'editor-inline-error');
  });

  await test.step('fixed, it validates and Create makes version 0.1.0', async () => {
    await replaceText(editor, page, manifest('rfi.detail'));
    await expect(dialog.getByText('The manifest is valid.')).toBeVisible();
    await expect(dialog.locator('.cm-lintRange-error')).toHaveCount(0);
    await expect(dialog.getByRole('textbox', { name: /Semantic version/ })).toHaveValue('0.1.0');
    await expect(create).toBeEnabled();
    await screen(page, 'editor-valid');
    await create.click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('New sandbox manifest version created')).toBeVisible();
  });

  await test.step('the new version heads the sandbox table and the banner leads to the sandbox card', async () => {
    const table = manifests.getByRole('table', { name: 'Sandbox manifests' });
    const row = table.getByRole('row').nth(1);
    await expect(row.getByRole('button', { name: 'View version 0.1.0' })).toBeVisible();
    const banner = manifests.getByRole('status').filter({ hasText: 'Sandbox manifest created' });
    await expect(banner).toBeVisible();
    await screen(page, 'version-created');
    await banner.getByRole('button', { name: 'View' }).click();
    await expect(page.getByRole('region', { name: 'Sandbox', exact: true })).toBeInViewport();
  });

  await test.step('the version opens read-only with Copy', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    await manifests.getByRole('button', { name: 'View version 0.1.0' }).click();
    const viewer = page.getByRole('dialog', { name: 'Version 0.1.0' });
    const text = viewer.getByRole('textbox', { name: 'Manifest JSON' });
    await expect(text).toContainText('"rfi.detail"');
    await expect(text).toHaveAttribute('contenteditable', 'false');
    await viewer.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.getByText('Copied', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('"rfi.detail"');
    await screen(page, 'version-read-only');
    await viewer.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(viewer).toHaveCount(0);
  });
});
