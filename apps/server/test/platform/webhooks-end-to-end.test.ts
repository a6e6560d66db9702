// Issue 22 end to end, API and engine together: a partner saves a hook and a trigger through the webhooks
// API, creates an RFI through the sample API, and a local receiver gets the signed v2.0 event; the API's
// deliveries list then shows it delivered. (Needs wh-delivery's engine: the server runs the jobs.)
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime';
import { startTestRuntime } from '../support';
import { clientToken, platformDb, type SandboxApp, sandboxApp, testProjectId } from './rest-support';
import { answer, Receiver } from './webhooks-receivers';
import { call, grantWebhooks, HOOKS } from './webhooks-support';

let runtime: Runtime;
let receiver: Receiver;
let app: SandboxApp;
let token: string;
beforeAll(async () => {
  runtime = await startTestRuntime({ workers: true });
  receiver = await Receiver.start();
  app = await sandboxApp(runtime);
  await grantWebhooks(runtime, app);
  token = await clientToken(runtime, app.oauthId);
});
afterAll(async () => {
  await receiver?.close();
  await runtime?.close();
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  call(runtime, method, url, { token, company: app.companyId, body });

async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('an RFI created through the API reaches the hook', () => {
  it('signed, in the v2.0 shape, with the Authorization header, and listed as delivered', async () => {
    receiver.behaviour = answer(204);
    const hook = await api('POST', HOOKS, {
      hook: {
        api_version: 'v2',
        namespace: 'e2e',
        destination_url: receiver.url,
        destination_headers: { Authorization: 'Bearer receiver-token' },
      },
    });
    expect(hook.statusCode).toBe(201);
    const hookId = hook.json().id;
    expect(
      (
        await api('POST', `${HOOKS}/${hookId}/triggers`, {
          trigger: { resource_name: 'RFIs', event_type: 'create' },
        })
      ).statusCode,
    ).toBe(201);
    const projectId = await testProjectId(runtime, app.companyId);
    const manager = await platformDb(runtime)
      .selectFrom('platform_users')
      .select('id')
      .where('login', '=', `test.architect+${app.companyId}@sandbox.platform.example`)
      .executeTakeFirstOrThrow();
    const rfi = await api('POST', `/sandbox/rest/v1.0/projects/${projectId}/rfis`, {
      rfi: {
        subject: 'End to end',
        rfi_manager_id: Number(manager.id),
        question: { body: 'Does it arrive?' },
      },
    });
    expect(rfi.statusCode).toBe(201);

    await until(() => receiver.received.length > 0);
    const got = receiver.received[0];
    expect(got?.headers.authorization).toBe('Bearer receiver-token');
    const row = await platformDb(runtime)
      .selectFrom('platform_webhook_hooks')
      .select('signing_secret_sealed')
      .where('id', '=', hookId)
      .executeTakeFirstOrThrow();
    const secret = runtime.platformHttp.context.webhooks.secrets.open(row.signing_secret_sealed);
    const payload = new Webhook(secret).verify(got?.body ?? '', got?.headers ?? {});
    expect(payload).toMatchObject({
      api_version: 'v2.0',
      event_type: 'create',
      resource_name: 'RFIs',
      resource_id: rfi.json().id,
      project_id: projectId,
      company_id: app.companyId,
    });

    await until(async () => {
      const list = (await api('GET', `${HOOKS}/${hookId}/deliveries?filters[status]=successful`)).json();
      return list.length === 1;
    });
    const [delivery] = (await api('GET', `${HOOKS}/${hookId}/deliveries`)).json();
    expect(delivery).toMatchObject({ outcome: 'ok', response_status: 204, event: payload });
  });
});
