import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { newUser, signIn, signUpViaApi } from '../support/api';
import { createLiveAppViaApi, openTab, uniqueAppName } from '../support/developer-apps';
import { BASE_URL } from '../support/env';
import { Mailbox } from '../support/mailbox';
import { screen } from '../support/screens';

// Issue 22: a developer wires a local receiver to the sandbox in the Webhooks tab, watches an RFI made
// through the API arrive signed, sees a failing receiver retried, and sends the delivery again.

const mailbox = new Mailbox();
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

const SANDBOX_BASE = `${BASE_URL}/sandbox`;

/** A receiver on 127.0.0.1 that answers `status` (changeable) and keeps what it was sent. */
class Receiver {
  status = 200;
  readonly received: { headers: Record<string, unknown>; body: string }[] = [];
  #server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      this.received.push({ headers: request.headers, body });
      response.writeHead(this.status, { 'content-type': 'application/json' });
      response.end(this.status < 300 ? '{"received":true}' : '{"error":"receiver is down"}');
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/webhooks`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

/** A sandbox version granting the Webhooks API and RFIs at standard, for the client-credentials token. */
async function grantWebhooksAndRfis(page: Page, csrfToken: string, appId: number): Promise<void> {
  const version = await page.request.post('/api/v1/app_versioned_manifests', {
    data: {
      developer_app_id: appId,
      environment_type: 'Sandbox',
      semantic_version: '0.1.0',
      configured_manifest_content: {
        auth_code_enabled: true,
        service_account_enabled: true,
        permissions: { company: { webhooks: 'standard' }, project: { rfi: 'standard' } },
      },
    },
    headers: { 'X-CSRF-Token': csrfToken },
  });
  expect(version.status(), await version.text()).toBe(201);
}

interface SandboxApp {
  sandbox: { app_id: string; app_secret?: string; company_id: number };
}

/** An RFI in the company's first project, made through the sample API with a client-credentials token. */
async function createRfi(app: SandboxApp, subject: string): Promise<number> {
  const issued = await fetch(`${SANDBOX_BASE}/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: app.sandbox.app_id,
      client_secret: app.sandbox.app_secret ?? '',
    }),
  });
  expect(issued.status).toBe(200);
  const { access_token } = (await issued.json()) as { access_token: string };
  const headers = {
    Authorization: `Bearer ${access_token}`,
    'Platform-Company-Id': String(app.sandbox.company_id),
    'Content-Type': 'application/json',
  };
  const projects = (await (
    await fetch(`${SANDBOX_BASE}/rest/v1.0/projects?company_id=${app.sandbox.company_id}&per_page=1`, {
      headers,
    })
  ).json()) as { id: number }[];
  const project = projects[0];
  if (!project) throw new Error('the sandbox company has no project');
  const people = (await (
    await fetch(`${SANDBOX_BASE}/rest/v1.0/projects/${project.id}/users?per_page=1`, { headers })
  ).json()) as { id: number }[];
  const created = await fetch(`${SANDBOX_BASE}/rest/v1.0/projects/${project.id}/rfis`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      rfi: { subject, question: { body: 'Which detail governs?' }, rfi_manager_id: people[0]?.id },
    }),
  });
  const text = await created.text();
  expect(created.status, text).toBe(201);
  return (JSON.parse(text) as { id: number }).id;
}

test('a developer adds a hook and a trigger, sees an RFI delivered, a failing receiver retried, and redelivers', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const receiver = new Receiver();
  const destination = await receiver.start();
  try {
    const developer = newUser('Webhooks Developer');
    await signUpViaApi(page.request, mailbox, developer);
    const session = await signIn(page, developer);
    const created = await createLiveAppViaApi(page, session.csrfToken, uniqueAppName('Hooks'));
    await grantWebhooksAndRfis(page, session.csrfToken, created.id);
    const app = (await (await page.request.get(`/api/v1/developer_apps/${created.id}`)).json()) as SandboxApp;
    const tab = page.getByRole('region', { name: 'Webhooks', exact: true });
    const log = page.getByRole('table', { name: 'Webhook deliveries, newest first' });

    await test.step('the tab starts empty and offers to add a hook', async () => {
      await page.goto(`/developer_apps/${created.id}`);
      await openTab(page, 'Webhooks');
      await expect(tab.getByText('No hooks yet')).toBeVisible();
      await screen(page, 'empty');
    });

    await test.step('a hook to the local receiver, and a trigger on RFIs created', async () => {
      await tab.getByRole('button', { name: 'Add hook' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a hook' });
      await dialog.getByRole('textbox', { name: 'Destination URL' }).fill(destination);
      await dialog.getByRole('textbox', { name: 'Namespace' }).fill('Journey');
      await dialog.getByRole('button', { name: 'Add hook' }).click();
      // Capitals are refused on the field, before anything is sent.
      await expect(dialog.getByText('Use lowercase letters, digits and dashes only.')).toBeVisible();
      await screen(page, 'hook-form-refused');
      await dialog.getByRole('textbox', { name: 'Namespace' }).fill('journey');
      await dialog.getByRole('button', { name: 'Add hook' }).click();
      await expect(dialog).toBeHidden();
      const hook = tab.getByRole('article', { name: destination });
      await expect(hook).toBeVisible();
      await hook.getByRole('combobox', { name: 'Add a trigger' }).click();
      await page.getByRole('option', { name: 'RFIs created' }).click();
      await hook.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(hook.getByText('RFIs created')).toBeVisible();
      await expect(hook.getByText('Healthy')).toBeVisible();
      await screen(page, 'hook-with-trigger');
    });

    await test.step('an RFI made through the API is delivered, signed, with its payload and the answer', async () => {
      const rfiId = await createRfi(app, 'Webhook journey: anchor bolt spacing');
      const row = log.getByRole('row').filter({ hasText: 'RFIs created' }).first();
      await expect(row.getByText('Delivered')).toBeVisible({ timeout: 20_000 });
      expect(receiver.received.at(-1)?.headers['webhook-signature']).toMatch(/^v1,/);
      await row.getByRole('button', { name: /Open the delivery of RFIs created/ }).click();
      const drawer = page.getByRole('dialog', { name: /Delivery #\d+/ });
      await expect(drawer.getByText(`"resource_id": ${rfiId}`)).toBeVisible();
      await expect(drawer.getByText('"resource_name": "RFIs"')).toBeVisible();
      await expect(drawer.getByText('HTTP 200')).toBeVisible();
      await expect(
        drawer.getByText('{ "received": true }').or(drawer.getByText('"received": true')),
      ).toBeVisible();
      await screen(page, 'delivery-details');
      await drawer.getByRole('button', { name: 'Close the delivery' }).click();
    });

    await test.step('a failing receiver: the delivery is retried and the hook backs off', async () => {
      receiver.status = 500;
      await createRfi(app, 'Webhook journey: the receiver is down');
      const row = log.getByRole('row').filter({ hasText: 'Failing' }).first();
      await expect(row).toBeVisible({ timeout: 20_000 });
      await expect(tab.getByText('Backing off')).toBeVisible({ timeout: 20_000 });
      await row.getByRole('button', { name: /Open the delivery of RFIs created/ }).click();
      const drawer = page.getByRole('dialog', { name: /Delivery #\d+/ });
      // The first try and at least one retry (1 s later), each with the receiver's 500.
      await expect(drawer.getByText('Attempt 2')).toBeVisible({ timeout: 20_000 });
      await expect(drawer.getByText('HTTP 500').first()).toBeVisible();
      await screen(page, 'delivery-retried');
      await drawer.getByRole('button', { name: 'Close the delivery' }).click();
    });

    await test.step('the receiver is fixed and the delivery is sent again', async () => {
      receiver.status = 200;
      // The newest delivery is the one that failed.
      const row = log.getByRole('row').nth(1);
      await row.getByRole('button', { name: /Open the delivery of RFIs created/ }).click();
      const drawer = page.getByRole('dialog', { name: /Delivery #\d+/ });
      await drawer.getByRole('button', { name: 'Redeliver' }).click();
      await expect(page.getByText('Queued again: the new delivery appears in the log.')).toBeVisible();
      await drawer.getByRole('button', { name: 'Close the delivery' }).click();
      const again = log
        .getByRole('row')
        .filter({ hasText: /Redelivery of #\d+/ })
        .first();
      await expect(again.getByText('Delivered')).toBeVisible({ timeout: 30_000 });
      await expect(tab.getByText('Healthy')).toBeVisible({ timeout: 30_000 });
      await screen(page, 'redelivered');
    });
  } finally {
    await receiver.stop();
  }
});
