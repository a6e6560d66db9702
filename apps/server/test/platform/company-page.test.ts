import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/db/schema';
import type { Runtime } from '../../src/runtime';
import { createApp, provisionNow } from '../apps-support';
import { type Client, createUser, signIn, startTestRuntime } from '../support';

let runtime: Runtime;
let owner: UserRow;
let ownerClient: Client;
let strangerClient: Client;
let companyId: number;
let appId: number;

beforeAll(async () => {
  runtime = await startTestRuntime();
  owner = await createUser(runtime, { name: 'Ada <Lovelace>' });
  const stranger = await createUser(runtime);
  const app = await createApp(runtime, owner, 'Roof Sync');
  appId = app.id;
  await runtime.platform.setAppMembers(app.id, [
    { portalUserId: owner.id, email: owner.email, name: owner.name, role: 'owner' },
  ]);
  await provisionNow(runtime, app.id);
  const sandbox = await runtime.platform.sandboxOf(app.id);
  if (!sandbox?.companyId) throw new Error('no sandbox company');
  companyId = sandbox.companyId;
  // The project and its records, as the sandbox seed or the REST API would write them.
  const db = runtime.database.db;
  const project = await db
    .insertInto('platform_projects')
    .values({
      company_id: companyId,
      name: 'Harbor <Tower>',
      display_name: '1234 - Harbor Tower',
      project_number: '1234',
      address: null,
      city: null,
      state_code: null,
      country_code: null,
      zip: null,
      phone: null,
      description: null,
      square_feet: null,
      total_value: null,
      origin_id: null,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const number of [1, 2]) {
    await db
      .insertInto('platform_rfis')
      .values({
        project_id: project.id,
        number,
        subject: `Question ${number}`,
        status: 'open',
        question_body: 'Which anchor bolts?',
        answer_body: null,
        reference: null,
        location: null,
        schedule_impact: null,
        cost_impact: null,
        rfi_manager_id: null,
        created_by_id: null,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
  }
  ownerClient = await signIn(runtime.app, owner);
  strangerClient = await signIn(runtime.app, stranger);
});
afterAll(() => runtime?.close());

describe('GET /sandbox/companies/:id (the sandbox card links here)', () => {
  it('is the sandbox url the portal shows', async () => {
    const response = await ownerClient.request({ method: 'GET', url: `/api/v1/developer_apps/${appId}` });
    const app = response.json() as { sandbox: { url: string; company_id: number } };
    expect(app?.sandbox.url).toBe(`${runtime.config.publicUrl}/sandbox/companies/${companyId}`);
    expect(app?.sandbox.company_id).toBe(companyId);
  });

  it("lists the company's users and projects with their RFI and submittal counts, escaped", async () => {
    const response = await ownerClient.request({ method: 'GET', url: `/sandbox/companies/${companyId}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    const html = response.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<h1>[^<]+ Sandbox<\/h1>/);
    expect(html).toContain('Ada &lt;Lovelace&gt;');
    expect(html).not.toContain('Ada <Lovelace>');
    expect(html).toContain('Company admin');
    expect(html).toMatch(
      /<td>1234<\/td><td>Harbor &lt;Tower&gt;<\/td><td class="n">2<\/td><td class="n">0<\/td>/,
    );
    expect(html).toContain(`<code>${companyId}</code>`);
  });

  it('speaks Spanish when the browser asks for it first', async () => {
    const response = await ownerClient.request({
      method: 'GET',
      url: `/sandbox/companies/${companyId}`,
      headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' },
    });
    expect(response.body).toContain('<html lang="es">');
    expect(response.body).toContain('Proyectos');
    expect(response.body).toContain('Administrador de la empresa');
  });

  it('sends a visitor to the portal sign-in, coming back here afterwards', async () => {
    const response = await runtime.app.inject({ method: 'GET', url: `/sandbox/companies/${companyId}` });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      `/sign_in?redirect=${encodeURIComponent(`/sandbox/companies/${companyId}`)}`,
    );
  });

  it('answers 404 alike to a non-member and for a company that does not exist', async () => {
    for (const [client, url] of [
      [strangerClient, `/sandbox/companies/${companyId}`],
      [ownerClient, '/sandbox/companies/999999'],
      [ownerClient, '/sandbox/companies/abc'],
      [ownerClient, '/sandbox/companies/99999999999999999999'],
    ] as const) {
      const response = await client.request({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('Company not found');
      expect(response.body).not.toContain('Roof Sync');
    }
  });

  it('is not served under /production', async () => {
    const response = await ownerClient.request({ method: 'GET', url: `/production/companies/${companyId}` });
    expect(response.statusCode).toBe(404);
  });
});
