import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime';
import { startTestRuntime } from '../support';
import {
  clientToken,
  grant,
  platformDb,
  rest,
  type SandboxApp,
  sandboxApp,
  testProjectId,
} from './rest-support';

let runtime: Runtime;
let app: SandboxApp;
let other: SandboxApp;
let token: string;
let projectId: number;
let architectId: number;
let subcontractorId: number;
beforeAll(async () => {
  runtime = await startTestRuntime();
  app = await sandboxApp(runtime);
  other = await sandboxApp(runtime, [], 'Other App');
  await grant(runtime, app.appId, { rfi: 'standard', submittals: 'readonly' }, { portfolio: 'standard' });
  token = await clientToken(runtime, app.oauthId);
  projectId = await testProjectId(runtime, app.companyId);
  const seeded = await platformDb(runtime)
    .selectFrom('platform_users')
    .select(['id', 'name'])
    .where('login', 'like', `%+${app.companyId}@sandbox.platform.example`)
    .execute();
  architectId = Number(seeded.find((u) => u.name === 'Test Architect')?.id);
  subcontractorId = Number(seeded.find((u) => u.name === 'Test Subcontractor')?.id);
});
afterAll(() => runtime?.close());

const get = (url: string, company: number | string | null = app.companyId) =>
  rest(runtime, 'GET', url, { token, company });
const base = () => runtime.config.publicUrl;

describe('pagination (rest-api.md §3)', () => {
  it('answers Total, Per-Page and Link with absolute URLs on pages 1, 2, 3 and the last', async () => {
    const url = '/sandbox/rest/v1.0/projects';
    const link = (page: number) => `<${base()}${url}?page=${page}&per_page=5>`;
    const page1 = await get(`${url}?per_page=5`);
    expect(page1.statusCode).toBe(200);
    expect(page1.headers.total).toBe('12');
    expect(page1.headers['per-page']).toBe('5');
    expect(page1.headers.link).toBe(`${link(2)}; rel="next", ${link(3)}; rel="last"`);
    expect(page1.json()).toHaveLength(5);

    const page2 = await get(`${url}?page=2&per_page=5`);
    expect(page2.headers.link).toBe(
      `${link(1)}; rel="first", ${link(3)}; rel="next", ${link(3)}; rel="last"`,
    );
    expect(page2.json()[0].id).not.toBe(page1.json()[0].id);

    const page3 = await get(`${url}?page=3&per_page=5`);
    expect(page3.headers.link).toBe(
      `${link(1)}; rel="first", ${link(2)}; rel="prev", ${link(3)}; rel="last"`,
    );
    expect(page3.json()).toHaveLength(2);

    const ofFour = await get(`${url}?page=3&per_page=3`);
    const link3 = (page: number) => `<${base()}${url}?page=${page}&per_page=3>`;
    expect(ofFour.headers.link).toBe(
      `${link3(1)}; rel="first", ${link3(2)}; rel="prev", ${link3(4)}; rel="next", ${link3(4)}; rel="last"`,
    );
    const last = await get(`${url}?page=4&per_page=3`);
    expect(last.headers.link).toBe(
      `${link3(1)}; rel="first", ${link3(3)}; rel="prev", ${link3(4)}; rel="last"`,
    );
  });

  it('keeps filters in the links', async () => {
    const page = await get('/sandbox/rest/v1.0/projects?filters[by_status]=All&per_page=10');
    expect(page.headers.total).toBe('13');
    expect(page.headers.link).toContain(
      `<${base()}/sandbox/rest/v1.0/projects?filters[by_status]=All&page=2&per_page=10>; rel="next"`,
    );
  });

  it.each(['0', '100000', 'abc', '-5'])(
    'refuses per_page=%s with 400 and the allowed range',
    async (perPage) => {
      const response = await get(`/sandbox/rest/v1.0/projects?per_page=${perPage}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errors: { per_page: ['must be an integer from 1 to 1000'] },
        message: 'Invalid per_page: it must be an integer from 1 to 1000',
      });
    },
  );

  it('pages RFIs and submittals the same way', async () => {
    const rfis = await get(`/sandbox/rest/v1.0/projects/${projectId}/rfis?per_page=1`);
    expect(rfis.headers.total).toBe('2');
    expect(rfis.headers.link).toContain('rel="next"');
    const submittals = await get(`/sandbox/rest/v1.0/projects/${projectId}/submittals?per_page=1`);
    expect(submittals.headers.total).toBe('1');
    expect(submittals.headers.link).toBe(
      `<${base()}/sandbox/rest/v1.0/projects/${projectId}/submittals?page=1&per_page=1>; rel="last"`,
    );
  });
});

describe('filters (rest-api.md §4)', () => {
  it('filters projects by name, number, ids and creation time', async () => {
    const byName = await get('/sandbox/rest/v1.0/projects?filters[name]=harbor');
    expect(byName.json().map((p: { name: string }) => p.name)).toEqual([
      'Harbor View Medical Office Building',
    ]);
    const byNumber = await get('/sandbox/rest/v1.0/projects?filters[project_number]=2107');
    expect(byNumber.json().map((p: { name: string }) => p.name)).toEqual(['Pine Street Parking Structure']);
    const ids = [byName.json()[0].id, byNumber.json()[0].id];
    const byIds = await get(`/sandbox/rest/v1.0/projects?filters[id][]=${ids[0]}&filters[id][]=${ids[1]}`);
    expect(byIds.json().map((p: { id: number }) => p.id)).toEqual(ids);
    const created = byName.json()[0].created_at as string;
    const exact = await get(`/sandbox/rest/v1.0/projects?filters[created_at]=${created}...${created}`);
    expect(exact.json().map((p: { id: number }) => p.id)).toEqual([ids[0]]);
    const future = await get('/sandbox/rest/v1.0/projects?filters[created_at]=2099-01-01T00:00:00Z...');
    expect(future.headers.total).toBe('0');
    const bad = await get('/sandbox/rest/v1.0/projects?filters[created_at]=last-week');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty(['filters[created_at]']);
    const badStatus = await get('/sandbox/rest/v1.0/projects?filters[by_status]=Sleeping');
    expect(badStatus.statusCode).toBe(400);
  });

  it('filters RFIs by status, manager and search', async () => {
    const closed = await get(`/sandbox/rest/v1.0/projects/${projectId}/rfis?filters[status]=closed`);
    expect(closed.json().map((r: { subject: string }) => r.subject)).toEqual([
      'Confirm door hardware set for Stair 2 doors',
    ]);
    const managed = await get(
      `/sandbox/rest/v1.0/projects/${projectId}/rfis?filters[rfi_manager_id]=${subcontractorId}`,
    );
    expect(managed.headers.total).toBe('0');
    const searched = await get(`/sandbox/rest/v1.0/projects/${projectId}/rfis?search=slab%20edge`);
    expect(searched.json().map((r: { subject: string }) => r.subject)).toEqual([
      'Clarify slab edge detail at grid C/4',
    ]);
    const bad = await get(`/sandbox/rest/v1.0/projects/${projectId}/rfis?filters[status]=lost`);
    expect(bad.statusCode).toBe(400);
    const inCourt = await get(
      `/sandbox/rest/v1.0/projects/${projectId}/rfis?filters[ball_in_court_id]=${subcontractorId}`,
    );
    expect(inCourt.json().map((r: { number: string }) => r.number)).toEqual(['1']);
    const newestFirst = await get(
      `/sandbox/rest/v1.0/projects/${projectId}/rfis?sort_attribute=number&sort_direction=desc`,
    );
    expect(newestFirst.json().map((r: { number: string }) => r.number)).toEqual(['2', '1']);
    const badSort = await get(`/sandbox/rest/v1.0/projects/${projectId}/rfis?sort_attribute=colour`);
    expect(badSort.statusCode).toBe(400);
  });

  it('filters submittals by status name or id', async () => {
    const all = await get('/sandbox/rest/v1.0/projects?filters[name]=Harbor');
    const harbor = all.json()[0].id;
    const revise = await get(
      `/sandbox/rest/v1.1/projects/${harbor}/submittals?filters[status]=Revise%20and%20Resubmit`,
    );
    expect(revise.json().map((s: { title: string }) => s.title)).toEqual([
      '23 74 13 – Packaged Rooftop Air-Conditioning Units',
    ]);
    const byId = await get(`/sandbox/rest/v1.1/projects/${harbor}/submittals?filters[status_id]=4`);
    expect(byId.json().map((s: { status: { name: string } }) => s.status.name)).toEqual([
      'Approved as Noted',
    ]);
  });
});

describe('creating and updating', () => {
  it('creates a project (201) nested under "project" and updates it (200)', async () => {
    const created = await rest(runtime, 'POST', '/sandbox/rest/v1.0/projects', {
      token,
      company: app.companyId,
      body: {
        company_id: app.companyId,
        project: {
          name: 'Dockside Lofts',
          project_number: '3001',
          city: 'Oakland',
          start_date: '2027-01-04',
          total_value: 4500000,
        },
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Dockside Lofts',
      display_name: '3001 - Dockside Lofts',
      project_number: '3001',
      city: 'Oakland',
      start_date: '2027-01-04',
      total_value: 4500000,
      active: true,
      company: { id: app.companyId },
    });
    const id = created.json().id;
    const updated = await rest(runtime, 'PATCH', `/sandbox/rest/v1.0/projects/${id}`, {
      token,
      company: app.companyId,
      body: { project: { name: 'Dockside Lofts II', active: false } },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Dockside Lofts II',
      display_name: '3001 - Dockside Lofts II',
      active: false,
    });
    const shown = await get(`/sandbox/rest/v1.0/projects/${id}`);
    expect(shown.json().name).toBe('Dockside Lofts II');
  });

  it('creates an RFI (201) with the next number, and updates it', async () => {
    const created = await rest(runtime, 'POST', `/sandbox/rest/v1.0/projects/${projectId}/rfis`, {
      token,
      company: app.companyId,
      body: {
        rfi: {
          subject: 'Verify anchor bolt layout at column line 3',
          rfi_manager_id: architectId,
          question: { body: 'Anchor bolt plan S-101 shows four bolts; the column base detail shows six.' },
          assignee_ids: [subcontractorId],
          due_date: '2027-01-15',
          reference: 'S-101',
        },
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      number: '3',
      subject: 'Verify anchor bolt layout at column line 3',
      status: 'open',
      due_date: '2027-01-15',
      private: false,
      rfi_manager: { id: architectId, name: 'Test Architect' },
      assignees: [{ id: subcontractorId }],
      created_by: { name: 'Roof Sync Service Account' },
      questions: [{ body: 'Anchor bolt plan S-101 shows four bolts; the column base detail shows six.' }],
    });
    const id = created.json().id;
    const closed = await rest(runtime, 'PATCH', `/sandbox/rest/v1.0/projects/${projectId}/rfis/${id}`, {
      token,
      company: app.companyId,
      body: { rfi: { status: 'closed', subject: 'Verify anchor bolt layout at column line 3 (revised)' } },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({
      status: 'closed',
      subject: 'Verify anchor bolt layout at column line 3 (revised)',
    });
    const draft = await rest(runtime, 'POST', `/sandbox/rest/v1.0/projects/${projectId}/rfis`, {
      token,
      company: app.companyId,
      body: {
        rfi: {
          subject: 'Draft question',
          rfi_manager_id: architectId,
          question: { body: 'Later.' },
          draft: true,
        },
      },
    });
    expect(draft.json()).toMatchObject({ number: '4', status: 'draft' });
  });
});

describe('bad bodies: 400 malformed, 406 unknown fields, 422 invalid values — and nothing created', () => {
  const rfiCount = async () =>
    Number(
      (
        await platformDb(runtime)
          .selectFrom('platform_rfis')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const post = (body: unknown) =>
    rest(runtime, 'POST', `/sandbox/rest/v1.0/projects/${projectId}/rfis`, {
      token,
      company: app.companyId,
      body,
    });

  it('answers each with the reference status and error body', async () => {
    const before = await rfiCount();
    const valid = { subject: 'S', rfi_manager_id: architectId, question: { body: 'Q' } };

    const unnested = await post(valid);
    expect(unnested.statusCode).toBe(400);
    expect(unnested.json().message).toContain('{"rfi": {…}}');

    const unknown = await post({ rfi: { ...valid, colour: 'red', question: { body: 'Q', tone: 'polite' } } });
    expect(unknown.statusCode).toBe(406);
    expect(unknown.json()).toMatchObject({
      message: 'Unknown rfi fields: colour, question.tone',
      errors: {
        colour: [expect.stringContaining('is not a rfi field')],
        'question.tone': [expect.any(String)],
      },
    });

    const wrongTypes = await post({
      rfi: {
        subject: 5,
        rfi_manager_id: 'architect',
        question: { body: 'Q' },
        due_date: '15/01/2027',
        private: 'yes',
      },
    });
    expect(wrongTypes.statusCode).toBe(422);
    expect(wrongTypes.json().errors).toEqual({
      subject: ['must be a string'],
      rfi_manager_id: ['must be an id (a positive integer)'],
      due_date: ['must be a date (YYYY-MM-DD)'],
      private: ['must be true or false'],
    });
    expect(wrongTypes.json().message).toMatch(/^Validation failed: subject must be a string/);

    const missing = await post({ rfi: { subject: '  ' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      subject: ["can't be blank"],
      rfi_manager_id: ["can't be blank"],
      question: ["can't be blank"],
    });

    const stranger = await post({ rfi: { ...valid, assignee_ids: [other.ownerUserId] } });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().errors).toEqual({
      assignee_ids: [`${other.ownerUserId} is not users of this project`],
    });

    const notJson = await runtime.app.inject({
      method: 'POST',
      url: `/sandbox/rest/v1.0/projects/${projectId}/rfis`,
      headers: {
        authorization: `Bearer ${token}`,
        'platform-company-id': String(app.companyId),
        'content-type': 'application/json',
      },
      payload: '{"rfi": ',
    });
    expect(notJson.statusCode).toBe(400);
    // The token is checked before the body is read.
    const badToken = await runtime.app.inject({
      method: 'POST',
      url: `/sandbox/rest/v1.0/projects/${projectId}/rfis`,
      headers: {
        authorization: 'Bearer nope',
        'platform-company-id': String(app.companyId),
        'content-type': 'application/json',
      },
      payload: '{"rfi": ',
    });
    expect(badToken.statusCode).toBe(401);

    const project = await rest(runtime, 'POST', '/sandbox/rest/v1.0/projects', {
      token,
      company: app.companyId,
      body: { project: { name: '', square_feet: 1.5, country_code: 'USA' } },
    });
    expect(project.statusCode).toBe(422);
    expect(project.json().errors).toEqual({
      name: ["can't be blank"],
      square_feet: ['must be a whole number'],
      country_code: ['must be a two-letter country code'],
    });
    expect(await rfiCount()).toBe(before);
  });
});

describe('the company header and the project', () => {
  it('requires Platform-Company-Id with the reference text', async () => {
    const response = await get('/sandbox/rest/v1.0/projects', null);
    expect(response.statusCode).toBe(400);
    expect(response.json().message.split('\n')[0]).toBe('Missing Platform-Company-Id header!');
    expect(response.json().errors).toBe(response.json().message);
  });

  it('refuses a malformed company id with 400', async () => {
    for (const company of ['abc', '0', '-4', '1.5']) {
      const response = await get('/sandbox/rest/v1.0/projects', company);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('Invalid Platform-Company-Id header');
    }
  });

  it('refuses a foreign or unknown company with 403 "App is not connected to this company"', async () => {
    for (const company of [other.companyId, 999_999_999]) {
      const response = await get('/sandbox/rest/v1.0/projects', company);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        errors: 'App is not connected to this company',
        message: 'App is not connected to this company',
      });
    }
  });

  it('refuses a company_id that is not the header company', async () => {
    const response = await get(`/sandbox/rest/v1.0/projects?company_id=${other.companyId}`);
    expect(response.statusCode).toBe(400);
    const path = await get(`/sandbox/rest/v1.0/companies/${app.companyId}/projects?per_page=2`);
    expect(path.statusCode).toBe(200);
    expect(path.headers.total).toBe('12');
  });

  it('answers 404 for a project outside the company, and for its RFIs', async () => {
    const foreign = await testProjectId(runtime, other.companyId);
    for (const url of [
      `/sandbox/rest/v1.0/projects/${foreign}`,
      `/sandbox/rest/v1.0/projects/${foreign}/rfis`,
      `/sandbox/rest/v1.1/projects/${foreign}/submittals`,
      '/sandbox/rest/v1.0/projects/not-a-number',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ errors: 'Project not found', message: 'Project not found' });
    }
    const rfi = await get(`/sandbox/rest/v1.0/projects/${projectId}/rfis/1`);
    expect(rfi.statusCode).toBe(404);
  });
});
