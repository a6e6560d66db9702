// Issue 12, the aggregated API changelog (spec 2 §2, §3, §5–§7): the seeded history, the filters, paging
// and Total header, who sees non-public entries, the staff-only branch switch, and the admin management.
import { CHANGELOG_TYPES, type ChangelogEntryInput } from '@lintel/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import { type Client, createUser, errorOf, signIn, startTestRuntime } from './support';

const FEED = '/api/v1/resource_groups/aggregated_changelog';
const ADMIN = '/api/v1/admin/changelog_entries';

let runtime: Runtime;
let admin: Client;
let employee: Client;
let developer: Client;

const anonymous = (url: string) => runtime.app.inject({ method: 'GET', url });
const summaries = (response: LightMyRequestResponse) =>
  response.json().map((entry: { summary: string }) => entry.summary) as string[];

beforeAll(async () => {
  runtime = await startTestRuntime();
  admin = await signIn(runtime.app, await createUser(runtime, { isAdmin: true }));
  employee = await signIn(runtime.app, await createUser(runtime, { isEmployee: true }));
  developer = await signIn(runtime.app, await createUser(runtime));
});
afterAll(() => runtime?.close());

describe('the seeded history', () => {
  it('holds dozens of entries of every type over several years, some breaking, some non-public', async () => {
    const rows = await runtime.database.db.selectFrom('changelog_entries').selectAll().execute();
    expect(rows.length).toBeGreaterThanOrEqual(36);
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(CHANGELOG_TYPES));
    expect(new Set(rows.map((row) => row.datestamp.slice(0, 4))).size).toBeGreaterThanOrEqual(3);
    expect(rows.filter((row) => row.breaking).length).toBeGreaterThanOrEqual(3);
    expect(rows.some((row) => !row.public)).toBe(true);

    const page = await anonymous(FEED);
    expect(page.statusCode).toBe(200);
    expect(page.headers['per-page']).toBe('50');
    const visible = rows.filter((row) => row.public && !row.hidden && row.documentation_branch === null);
    expect(page.headers.total).toBe(String(visible.length));
    const dates = page.json().map((entry: { datestamp: string }) => entry.datestamp) as string[];
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

// From here on the seed is replaced by a known set, written through the admin API.
const FIXTURES: (ChangelogEntryInput & { key: string })[] = [
  {
    key: 'fix',
    type: 'fix',
    summary: 'Fixed crane lists',
    datestamp: '2024-01-10',
    endpoint: 'GET /rest/v1.0/cranes',
  },
  {
    key: 'new',
    type: 'new',
    summary: 'New hoist endpoint',
    datestamp: '2024-02-10',
    description: 'Lists every HOIST.',
  },
  { key: 'feature', type: 'feature', summary: 'Scaffold filter', datestamp: '2024-03-10' },
  { key: 'refinement', type: 'refinement', summary: 'Token lifetime', datestamp: '2024-04-10' },
  { key: 'deprecated', type: 'deprecated', summary: 'Old upload flow', datestamp: '2024-05-10' },
  { key: 'sunset', type: 'sunset', summary: 'Rename gone', datestamp: '2024-06-10' },
  // A change of type breaking is breaking whatever the flag says.
  { key: 'breaking', type: 'breaking', summary: 'Markup format', datestamp: '2024-07-10', breaking: false },
  {
    key: 'breakingRefinement',
    type: 'refinement',
    summary: 'Company header required',
    datestamp: '2024-08-10',
    breaking: true,
  },
  {
    key: 'internal',
    type: 'feature',
    summary: 'Internal rate limits',
    datestamp: '2024-09-10',
    public: false,
  },
  { key: 'hidden', type: 'fix', summary: 'Hidden fix', datestamp: '2024-10-10', hidden: true },
  {
    key: 'branch',
    type: 'new',
    summary: 'Preview projects v2',
    datestamp: '2024-11-10',
    documentation_branch: 'preview-x',
  },
];
const PUBLIC_MAIN = [
  'breakingRefinement',
  'breaking',
  'sunset',
  'deprecated',
  'refinement',
  'feature',
  'new',
  'fix',
];
const summaryOf = (key: string) => FIXTURES.find((fixture) => fixture.key === key)?.summary ?? key;
const ids = new Map<string, number>();

describe('the aggregated changelog call', () => {
  beforeAll(async () => {
    await runtime.database.db.deleteFrom('changelog_entries').execute();
    for (const { key, ...body } of FIXTURES) {
      const response = await admin.request({ method: 'POST', url: ADMIN, payload: body });
      expect(response.statusCode).toBe(201);
      ids.set(key, response.json().id);
    }
  });

  it('answers the shown public entries newest first, as a list with Total and Per-Page', async () => {
    const response = await anonymous(FEED);
    expect(response.statusCode).toBe(200);
    expect(response.headers.total).toBe('8');
    expect(response.headers['per-page']).toBe('50');
    expect(summaries(response)).toEqual(PUBLIC_MAIN.map(summaryOf));
    expect(response.json()[7]).toEqual({
      id: ids.get('fix'),
      summary: 'Fixed crane lists',
      description: '',
      endpoint: 'GET /rest/v1.0/cranes',
      type: 'fix',
      breaking: false,
      datestamp: '2024-01-10',
      versions: null,
      link: null,
      public: true,
    });
  });

  it('filters by each type and by several', async () => {
    for (const type of CHANGELOG_TYPES) {
      const response = await anonymous(`${FEED}?filters[type][]=${type}`);
      expect(response.statusCode).toBe(200);
      const expected = FIXTURES.filter((f) => f.type === type && PUBLIC_MAIN.includes(f.key)).map(
        (f) => f.summary,
      );
      expect(summaries(response).sort()).toEqual(expected.sort());
      expect(response.headers.total).toBe(String(expected.length));
    }
    const two = await anonymous(`${FEED}?filters[type][]=fix&filters[type][]=sunset`);
    expect(summaries(two)).toEqual([summaryOf('sunset'), summaryOf('fix')]);
    const single = await anonymous(`${FEED}?filters[type]=new`);
    expect(summaries(single)).toEqual([summaryOf('new')]);
  });

  it('filters breaking changes only with filters[breaking]=true', async () => {
    const breaking = await anonymous(`${FEED}?filters[breaking]=true`);
    expect(summaries(breaking)).toEqual([summaryOf('breakingRefinement'), summaryOf('breaking')]);
    expect(breaking.json().every((entry: { breaking: boolean }) => entry.breaking)).toBe(true);
    const combined = await anonymous(`${FEED}?filters[breaking]=true&filters[type][]=refinement`);
    expect(summaries(combined)).toEqual([summaryOf('breakingRefinement')]);
    expect((await anonymous(`${FEED}?filters[breaking]=false`)).headers.total).toBe('8');
  });

  it('searches summary, description and endpoint, case-insensitively and literally', async () => {
    expect(summaries(await anonymous(`${FEED}?filters[search]=CRANE`))).toEqual([summaryOf('fix')]);
    expect(summaries(await anonymous(`${FEED}?filters[search]=every%20hoist`))).toEqual([summaryOf('new')]);
    expect(summaries(await anonymous(`${FEED}?filters[search]=v1.0%2Fcranes`))).toEqual([summaryOf('fix')]);
    const none = await anonymous(`${FEED}?filters[search]=%25`);
    expect(none.json()).toEqual([]);
    expect(none.headers.total).toBe('0');
    const withType = await anonymous(`${FEED}?filters[search]=format&filters[type][]=breaking`);
    expect(summaries(withType)).toEqual([summaryOf('breaking')]);
  });

  it('pages with page and per_page, the Total header counting every match', async () => {
    const second = await anonymous(`${FEED}?page=2&per_page=3`);
    expect(second.headers.total).toBe('8');
    expect(second.headers['per-page']).toBe('3');
    expect(summaries(second)).toEqual(PUBLIC_MAIN.slice(3, 6).map(summaryOf));
    const last = await anonymous(`${FEED}?page=3&per_page=3`);
    expect(summaries(last)).toEqual(PUBLIC_MAIN.slice(6).map(summaryOf));
    const beyond = await anonymous(`${FEED}?page=9&per_page=3`);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers.total).toBe('8');
  });

  it('shows non-public entries to admins and employees only, and hidden ones to nobody', async () => {
    const seen = async (client: Client | null) => {
      const response = client ? await client.request({ method: 'GET', url: FEED }) : await anonymous(FEED);
      expect(response.statusCode).toBe(200);
      return summaries(response);
    };
    for (const client of [null, developer]) {
      const list = await seen(client);
      expect(list).not.toContain(summaryOf('internal'));
      expect(list).toHaveLength(8);
    }
    for (const client of [admin, employee]) {
      const list = await seen(client);
      expect(list).toContain(summaryOf('internal'));
      expect(list).toHaveLength(9);
      expect(list).not.toContain(summaryOf('hidden'));
      expect(list).not.toContain(summaryOf('branch'));
    }
    const staffInternal = await employee.request({ method: 'GET', url: `${FEED}?filters[search]=internal` });
    expect(staffInternal.json()[0]).toMatchObject({ summary: summaryOf('internal'), public: false });
  });

  it('lets staff switch the documentation branch with custom_service_sha and ignores it for anyone else', async () => {
    const url = `${FEED}?custom_service_sha=preview-x`;
    for (const client of [admin, employee]) {
      const response = await client.request({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(summaries(response)[0]).toBe(summaryOf('branch'));
      expect(response.headers.total).toBe('10');
    }
    for (const response of [await developer.request({ method: 'GET', url }), await anonymous(url)]) {
      expect(response.statusCode).toBe(200);
      expect(summaries(response)).toEqual(PUBLIC_MAIN.map(summaryOf));
    }
    const otherBranch = await admin.request({ method: 'GET', url: `${FEED}?custom_service_sha=main` });
    expect(otherBranch.headers.total).toBe('9');
  });

  it('refuses unknown types and other bad input with a 422 in the error shape', async () => {
    const cases: [string, string][] = [
      ['filters[type][]=bogus', 'filters.type'],
      ['filters[type]=bogus', 'filters.type'],
      ['filters[type][]=fix&filters[type][]=FIX', 'filters.type'],
      ['filters[breaking]=maybe', 'filters.breaking'],
      ['filters[colour]=red', 'filters.colour'],
      ['page=0', 'page'],
      ['per_page=101', 'per_page'],
      ['per_page=abc', 'per_page'],
      ['custom_service_sha=..%2Fetc', 'custom_service_sha'],
      [`filters[search]=${'x'.repeat(201)}`, 'filters.search'],
    ];
    for (const [query, path] of cases) {
      const response = await anonymous(`${FEED}?${query}`);
      expect(response.statusCode, query).toBe(422);
      const error = errorOf(response);
      expect(error.code).toBe('validation_failed');
      expect(
        error.details.map((d) => d.path.replace(/\.\d+$/, '')),
        query,
      ).toEqual([path]);
    }
  });
});

describe('admin management of changelog entries', () => {
  const valid = { summary: 'Roles get created_at', type: 'feature', datestamp: '2025-01-23' } as const;

  it('is 401 signed out and 403 for developers and employees, for every call', async () => {
    const id = ids.get('fix');
    const calls = [
      { method: 'GET', url: ADMIN },
      { method: 'GET', url: `${ADMIN}/${id}` },
      { method: 'POST', url: ADMIN, payload: valid },
      { method: 'PATCH', url: `${ADMIN}/${id}`, payload: { hidden: true } },
    ] as const;
    const before = await runtime.database.db.selectFrom('changelog_entries').selectAll().execute();
    for (const call of calls) {
      expect((await runtime.app.inject(call)).statusCode).toBe(401);
      for (const client of [developer, employee]) {
        const refused = await client.request(call);
        expect(refused.statusCode).toBe(403);
        expect(errorOf(refused).code).toBe('forbidden');
      }
    }
    expect(await runtime.database.db.selectFrom('changelog_entries').selectAll().execute()).toEqual(before);
  });

  it('lists every entry for admins, hidden and branch ones included, with filters and sort', async () => {
    const all = await admin.request({ method: 'GET', url: `${ADMIN}?per_page=100` });
    expect(all.statusCode).toBe(200);
    expect(all.headers.total).toBe(String(FIXTURES.length));
    const hidden = all.json().find((entry: { summary: string }) => entry.summary === summaryOf('hidden'));
    expect(hidden).toMatchObject({ hidden: true, public: true, documentation_branch: null });
    expect(all.json()[0]).toMatchObject({ summary: summaryOf('branch'), documentation_branch: 'preview-x' });
    const byType = await admin.request({ method: 'GET', url: `${ADMIN}?filters[type]=fix&sort[]=datestamp` });
    expect(summaries(byType)).toEqual([summaryOf('fix'), summaryOf('hidden')]);
    const search = await admin.request({ method: 'GET', url: `${ADMIN}?filters[search]=hoist` });
    expect(summaries(search)).toEqual([summaryOf('new')]);
  });

  it('creates with defaults, makes a breaking type breaking, and reads it back', async () => {
    const created = await admin.request({ method: 'POST', url: ADMIN, payload: valid });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      ...valid,
      description: '',
      endpoint: null,
      versions: null,
      link: null,
      breaking: false,
      public: true,
      hidden: false,
      documentation_branch: null,
    });
    const read = await admin.request({ method: 'GET', url: `${ADMIN}/${created.json().id}` });
    expect(read.json()).toEqual(created.json());
    expect(
      (await admin.request({ method: 'GET', url: `${ADMIN}/${ids.get('breaking')}` })).json().breaking,
    ).toBe(true);
    await runtime.database.db.deleteFrom('changelog_entries').where('id', '=', created.json().id).execute();
  });

  it('edits, hides and shows again; the changelog follows', async () => {
    const id = ids.get('sunset');
    const edited = await admin.request({
      method: 'PATCH',
      url: `${ADMIN}/${id}`,
      payload: { summary: 'Rename endpoint removed', versions: '1.0', link: 'https://docs.example.test/x' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      summary: 'Rename endpoint removed',
      versions: '1.0',
      link: 'https://docs.example.test/x',
      type: 'sunset',
      datestamp: '2024-06-10',
    });
    expect(summaries(await anonymous(`${FEED}?filters[type][]=sunset`))).toEqual(['Rename endpoint removed']);

    const hidden = await admin.request({ method: 'PATCH', url: `${ADMIN}/${id}`, payload: { hidden: true } });
    expect(hidden.json().hidden).toBe(true);
    expect((await anonymous(`${FEED}?filters[type][]=sunset`)).json()).toEqual([]);
    expect((await admin.request({ method: 'GET', url: `${FEED}?filters[type][]=sunset` })).json()).toEqual(
      [],
    );

    await admin.request({
      method: 'PATCH',
      url: `${ADMIN}/${id}`,
      payload: { hidden: false, summary: summaryOf('sunset'), versions: null, link: '' },
    });
    const shown = await anonymous(`${FEED}?filters[type][]=sunset`);
    expect(shown.json()).toMatchObject([{ summary: summaryOf('sunset'), versions: null, link: null }]);

    const madeBreaking = await admin.request({
      method: 'PATCH',
      url: `${ADMIN}/${id}`,
      payload: { type: 'breaking' },
    });
    expect(madeBreaking.json()).toMatchObject({ type: 'breaking', breaking: true });
    await admin.request({
      method: 'PATCH',
      url: `${ADMIN}/${id}`,
      payload: { type: 'sunset', breaking: false },
    });
  });

  it('answers 422 with one detail per field for bad input and changes nothing', async () => {
    const before = await runtime.database.db
      .selectFrom('changelog_entries')
      .selectAll()
      .orderBy('id')
      .execute();
    const bad = await admin.request({
      method: 'POST',
      url: ADMIN,
      payload: {
        summary: ' ',
        type: 'bugfix',
        datestamp: '2025-02-30',
        endpoint: 'FETCH /x',
        link: 'javascript:alert(1)',
        documentation_branch: '../main',
        colour: 'red',
      },
    });
    expect(bad.statusCode).toBe(422);
    const paths = errorOf(bad)
      .details.map((d) => d.path)
      .sort();
    expect(paths).toEqual([
      'colour',
      'datestamp',
      'documentation_branch',
      'endpoint',
      'link',
      'summary',
      'type',
    ]);
    const missing = await admin.request({ method: 'POST', url: ADMIN, payload: {} });
    expect(
      errorOf(missing)
        .details.map((d) => d.path)
        .sort(),
    ).toEqual(['datestamp', 'summary', 'type']);
    const control = await admin.request({
      method: 'POST',
      url: ADMIN,
      payload: { ...valid, summary: 'a\u0000b' },
    });
    expect(control.statusCode).toBe(422);

    const badEdit = await admin.request({
      method: 'PATCH',
      url: `${ADMIN}/${ids.get('fix')}`,
      payload: { summary: 'x'.repeat(301), hidden: 'yes' },
    });
    expect(badEdit.statusCode).toBe(422);
    expect(
      errorOf(badEdit)
        .details.map((d) => d.path)
        .sort(),
    ).toEqual(['hidden', 'summary']);
    const unknown = await admin.request({
      method: 'PATCH',
      url: `${ADMIN}/999999`,
      payload: { hidden: true },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await admin.request({ method: 'GET', url: `${ADMIN}/999999` })).statusCode).toBe(404);
    expect((await admin.request({ method: 'GET', url: `${ADMIN}/abc` })).statusCode).toBe(422);
    expect(
      await runtime.database.db.selectFrom('changelog_entries').selectAll().orderBy('id').execute(),
    ).toEqual(before);
  });
});
