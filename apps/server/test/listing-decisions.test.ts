import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations/index';
import type { Runtime } from '../src/runtime';
import { ACTORS, type Actor, appWithTeam, LOGO_PNG, pngOf } from './apps-support';
import {
  adminPatchSubmission,
  completeFields,
  form,
  type Part,
  patchSubmission,
  promotedVersion,
  referenceIds,
} from './listing-support';
import { type Client, createTestDatabase, startTestRuntime } from './support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime({ env: { SANDBOX_PROVISION_DELAY_MS: '3600000' } });
});
afterAll(() => runtime?.close());

type Team = Awaited<ReturnType<typeof appWithTeam>>;

const patch = patchSubmission;
const adminPatch = adminPatchSubmission;
const current = async (client: Client, appId: number) =>
  (
    await client.request({ method: 'GET', url: `/api/v1/developer_apps/${appId}/submissions/current` })
  ).json();
const history = (client: Client, appId: number) =>
  client.request({ method: 'GET', url: `/api/v1/developer_apps/${appId}/submissions/decisions` });

/** A complete listing (fields, logo, three screenshots) saved by the owner, ready to submit. */
async function completeListing(team: Team) {
  const ref = await referenceIds(team.clients.owner);
  const fields = completeFields(ref, await promotedVersion(runtime, team.app.id));
  const parts: Part[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) {
      for (const item of value) parts.push({ name: `submission[${key}][]`, value: String(item) });
    } else if (typeof value === 'object') {
      for (const [sub, text] of Object.entries(value))
        parts.push({ name: `submission[${key}][${sub}]`, value: text });
    } else parts.push({ name: `submission[${key}]`, value: String(value) });
  }
  parts.push({ name: 'submission[small_logo]', filename: 'logo.png', type: 'image/png', data: LOGO_PNG });
  for (const index of [0, 1, 2]) {
    parts.push({
      name: `submission[pictures_attributes][${index}][file]`,
      filename: `shot-${index}.png`,
      type: 'image/png',
      data: pngOf(1280, 720),
    });
  }
  const response = await team.clients.owner.request({
    method: 'POST',
    url: `/api/v1/developer_apps/${team.app.id}/submissions`,
    ...form(parts),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; version: number };
}

const appRow = (id: number) =>
  runtime.database.db.selectFrom('developer_apps').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const appAudit = (appId: number) =>
  runtime.database.db
    .selectFrom('audit_events')
    .select(['action', 'subject_type', 'subject_id', 'actor_id', 'changes'])
    .where('developer_app_id', '=', appId)
    .where('subject_type', '=', 'developer_app')
    .orderBy('id')
    .execute();

describe('each decision carries its own message and reasons (issue 20)', () => {
  it('reject with message and reasons → resubmit → approve without a message: the approval shows no old rejection', async () => {
    const team = await appWithTeam(runtime);
    const { owner, developer, platformAdmin } = team.clients;
    const draft = await completeListing(team);
    expect((await patch(owner, draft.id, { state: 'in_review' })).statusCode).toBe(200);

    const rejected = await adminPatch(platformAdmin, draft.id, {
      approval_state: 'rejected',
      admin_message: '<p>Screenshots show a login page.</p>',
      rejection_reasons: [{ code: 'screenshots_not_app', note: 'Show the daily log screen' }],
      reviewer_notes: 'Second rejection this month for this partner.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await current(owner, team.app.id)).toMatchObject({
      state: 'draft',
      approval_state: 'rejected',
      admin_message: '<p>Screenshots show a login page.</p>',
      rejection_reasons: [{ code: 'screenshots_not_app', note: 'Show the daily log screen' }],
    });

    // The developer fixes the listing and resubmits; the admin approves without a message.
    expect((await patch(owner, draft.id, { tagline: 'Daily logs, photos and weather' })).statusCode).toBe(
      200,
    );
    expect((await patch(owner, draft.id, { state: 'in_review' })).statusCode).toBe(200);
    const approved = await adminPatch(platformAdmin, draft.id, { approval_state: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);

    for (const client of [owner, developer, platformAdmin]) {
      const listing = await current(client, team.app.id);
      expect(listing).toMatchObject({
        id: draft.id,
        state: 'published',
        approval_state: 'approved',
        admin_message: null,
        rejection_reasons: [],
      });
    }

    // The history has both decisions, newest first, each with its own message and reasons.
    const seen = await history(owner, team.app.id);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toEqual([
      {
        id: expect.any(Number),
        submission_id: draft.id,
        submission_version: draft.version,
        decision: 'approved',
        message: null,
        rejection_reasons: [],
        silent: false,
        reviewer_name: team.users.platformAdmin.name,
        reviewer_notes: null,
        created_at: expect.any(String),
      },
      {
        id: expect.any(Number),
        submission_id: draft.id,
        submission_version: draft.version,
        decision: 'rejected',
        message: '<p>Screenshots show a login page.</p>',
        rejection_reasons: [{ code: 'screenshots_not_app', note: 'Show the daily log screen' }],
        silent: false,
        reviewer_name: team.users.platformAdmin.name,
        // Reviewer notes are for the reviewers: never shown to the app's developers.
        reviewer_notes: null,
        created_at: expect.any(String),
      },
    ]);
    expect(seen.body).not.toContain('Second rejection');
    const [later, earlier] = seen.json();
    expect(Date.parse(later.created_at)).toBeGreaterThanOrEqual(Date.parse(earlier.created_at));
    expect(later.id).toBeGreaterThan(earlier.id);

    // Platform administrators read the same history, with the reviewer notes.
    const asAdmin = (await history(platformAdmin, team.app.id)).json();
    expect(asAdmin.map((d: { decision: string }) => d.decision)).toEqual(['approved', 'rejected']);
    expect(asAdmin[1].reviewer_notes).toBe('Second rejection this month for this partner.');
    expect(asAdmin[0].reviewer_notes).toBeNull();
  });

  it('keeps the history of every submission of the listing, with an approval message of its own', async () => {
    const team = await appWithTeam(runtime);
    const { owner, platformAdmin } = team.clients;
    const first = await completeListing(team);
    await patch(owner, first.id, { state: 'in_review' });
    await adminPatch(platformAdmin, first.id, {
      approval_state: 'approved',
      admin_message: 'Welcome aboard',
    });

    // An update of the published listing: a new draft, a newer version, then a rejection.
    const next = (
      await owner.request({
        method: 'POST',
        url: `/api/v1/developer_apps/${team.app.id}/submissions`,
        payload: { submission: { tagline: 'Now with photos' } },
      })
    ).json();
    expect(next.id).not.toBe(first.id);
    // A new draft shows no earlier decision's words.
    expect(next).toMatchObject({ approval_state: 'unreviewed', admin_message: null, rejection_reasons: [] });
    const newer = await promotedVersion(runtime, team.app.id, '1.1.0');
    await patch(owner, next.id, { app_version_id: newer });
    expect((await patch(owner, next.id, { state: 'in_review' })).statusCode).toBe(200);
    await adminPatch(platformAdmin, next.id, {
      approval_state: 'rejected',
      rejection_reasons: [{ code: 'logo_rules' }],
    });

    const decisions = (await history(owner, team.app.id)).json();
    expect(
      decisions.map((d: { submission_id: number; decision: string; message: string | null }) => [
        d.submission_id,
        d.decision,
        d.message,
      ]),
    ).toEqual([
      [next.id, 'rejected', null],
      [first.id, 'approved', 'Welcome aboard'],
    ]);
    expect(decisions[0]).toMatchObject({
      submission_version: 2,
      rejection_reasons: [{ code: 'logo_rules', note: null }],
    });
    // The published listing keeps its own approval's message.
    const published = (await owner.request({ method: 'GET', url: `/api/v1/submissions/${first.id}` })).json();
    expect(published).toMatchObject({ admin_message: 'Welcome aboard', rejection_reasons: [] });
  });

  it('shows the history to collaborators and platform administrators; a stranger cannot read it', async () => {
    const team = await appWithTeam(runtime);
    const expected: Record<Actor, number> = {
      owner: 200,
      admin: 200,
      developer: 200,
      stranger: 404,
      platformAdmin: 200,
    };
    for (const actor of ACTORS) {
      const response = await history(team.clients[actor], team.app.id);
      expect([actor, response.statusCode]).toEqual([actor, expected[actor]]);
      if (expected[actor] === 200) expect(response.json()).toEqual([]);
    }
    const anonymous = await runtime.app.inject({
      method: 'GET',
      url: `/api/v1/developer_apps/${team.app.id}/submissions/decisions`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('approving a listing enables the app in the marketplace (issue 20)', () => {
  it('publishes, clears the rejection, records the decision, enables the marketplace audited as the switch, in one approval', async () => {
    const team = await appWithTeam(runtime);
    const { owner, platformAdmin } = team.clients;
    const draft = await completeListing(team);
    expect((await appRow(team.app.id)).marketplace_enabled).toBe(false);
    await patch(owner, draft.id, { state: 'in_review' });
    await adminPatch(platformAdmin, draft.id, {
      approval_state: 'rejected',
      admin_message: 'Fix the logo',
      rejection_reasons: [{ code: 'logo_rules' }],
    });
    // A rejection leaves the marketplace as it was.
    expect((await appRow(team.app.id)).marketplace_enabled).toBe(false);
    await patch(owner, draft.id, { state: 'in_review' });

    const approved = await adminPatch(platformAdmin, draft.id, {
      approval_state: 'approved',
      admin_message: 'Looks great',
      silent: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // 1. published, 2. the approval's own message, the rejection cleared.
    expect(approved.json()).toMatchObject({
      state: 'published',
      approval_state: 'approved',
      live: true,
      silent: true,
      admin_message: 'Looks great',
      rejection_reasons: [],
      published_at: expect.any(String),
      reviewed_at: expect.any(String),
    });
    // 3. the decision joins the history.
    const decisions = (await history(owner, team.app.id)).json();
    expect(decisions[0]).toMatchObject({ decision: 'approved', message: 'Looks great', silent: true });
    // 4. the marketplace is on, audited as the admin's switch records it.
    expect((await appRow(team.app.id)).marketplace_enabled).toBe(true);
    const app = (await owner.request({ method: 'GET', url: `/api/v1/developer_apps/${team.app.id}` })).json();
    expect(app).toMatchObject({ marketplace_enabled: true, published_app: { id: draft.id } });
    const byApproval = await appAudit(team.app.id);
    expect(byApproval).toEqual([
      {
        action: 'developer_app.updated',
        subject_type: 'developer_app',
        subject_id: String(team.app.id),
        actor_id: team.users.platformAdmin.id,
        changes: { before: { marketplace_enabled: false }, after: { marketplace_enabled: true } },
      },
    ]);
    // The admin's switch off and on again records the same shape.
    for (const enabled of [false, true]) {
      const switched = await platformAdmin.request({
        method: 'PATCH',
        url: `/api/v1/admin/developer_apps/${team.app.id}`,
        payload: { developer_app: { marketplace_enabled: enabled } },
      });
      expect(switched.statusCode, switched.body).toBe(200);
    }
    const all = await appAudit(team.app.id);
    expect(all[2]).toEqual({ ...byApproval[0], changes: all[2]?.changes });
    expect(all[2]?.changes).toEqual(byApproval[0]?.changes);
    // 5. the review history and the analytics event.
    const events = await runtime.database.db
      .selectFrom('listing_review_events')
      .select('state')
      .where('developer_app_id', '=', team.app.id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.state)).toEqual(['submitted', 'rejected', 'submitted', 'approved']);
    const analytics = await runtime.database.db
      .selectFrom('analytics_events')
      .select('properties')
      .where('key', '=', 'marketplace_listing.review_state_changed')
      .execute();
    expect(
      analytics.filter((e) => (e.properties as { submission_id?: number }).submission_id === draft.id),
    ).toContainEqual(expect.objectContaining({ properties: expect.objectContaining({ state: 'approved' }) }));
    // 6. the audit trail's approval, with the rejection it cleared.
    const approval = await runtime.database.db
      .selectFrom('audit_events')
      .select(['action', 'changes'])
      .where('subject_type', '=', 'marketplace_submission')
      .where('subject_id', '=', String(draft.id))
      .where('action', '=', 'marketplace_listing.approved')
      .executeTakeFirstOrThrow();
    expect(approval.changes).toMatchObject({
      before: { state: 'in_review', rejection_reasons: [{ code: 'logo_rules', note: null }] },
      after: {
        state: 'published',
        approval_state: 'approved',
        admin_message: 'Looks great',
        rejection_reasons: [],
      },
    });
  });

  it('leaves a marketplace that is already on as it is, without a second audit event', async () => {
    const team = await appWithTeam(runtime);
    const { owner, platformAdmin } = team.clients;
    await platformAdmin.request({
      method: 'PATCH',
      url: `/api/v1/admin/developer_apps/${team.app.id}`,
      payload: { developer_app: { marketplace_enabled: true } },
    });
    const draft = await completeListing(team);
    await patch(owner, draft.id, { state: 'in_review' });
    expect((await adminPatch(platformAdmin, draft.id, { approval_state: 'approved' })).statusCode).toBe(200);
    expect((await appRow(team.app.id)).marketplace_enabled).toBe(true);
    expect(await appAudit(team.app.id)).toHaveLength(1);
  });

  it('approves through the service method the demo data uses, with the same consequences', async () => {
    const team = await appWithTeam(runtime);
    const draft = await completeListing(team);
    await patch(team.clients.owner, draft.id, { state: 'in_review' });
    const view = await runtime.services.listings.approve(
      { user: team.users.platformAdmin, admin: true, canSubmit: true, clientAddress: null },
      team.app.id,
      draft.id,
    );
    expect(view.row).toMatchObject({ state: 'published', approval_state: 'approved', admin_message: null });
    expect((await appRow(team.app.id)).marketplace_enabled).toBe(true);
    expect((await history(team.clients.owner, team.app.id)).json()).toHaveLength(1);
  });
});

describe('migration 0019_listing_decisions', () => {
  it('turns the recorded decisions into history and gives a stale rejection back to its rejection', async () => {
    const handle = await createTestDatabase({ fresh: true });
    try {
      const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0017_review_history_index')).error).toBeUndefined();
      const [user] = (
        await sql<{
          id: number;
        }>`insert into users (name, company_name, email, password_hash, created_at, updated_at)
          values ('Rita Reviewer', 'Portal', 'rita@migration.test', 'x', now(), now()) returning id`.execute(
          handle.db,
        )
      ).rows;
      const [app] = (
        await sql<{
          id: number;
        }>`insert into developer_apps (internal_name, name, owner_id, created_at, updated_at)
          values ('Old', 'Old', ${user?.id}, now(), now()) returning id`.execute(handle.db)
      ).rows;
      // Rejected with reasons, resubmitted and approved: the approval kept the rejection's words.
      const [stale, seeded] = (
        await sql<{ id: number }>`insert into marketplace_submissions
            (developer_app_id, state, approval_state, version, admin_message, rejection_reasons, reviewed_at)
          values (${app?.id}, 'published', 'approved', 1, 'Fix the logo', '[{"code":"logo_rules","note":null}]', now()),
                 (${app?.id}, 'draft', 'rejected', 2, 'Wrong video', '[{"code":"video_minimums","note":"720p"}]', now())
          returning id`.execute(handle.db)
      ).rows;
      for (const [state, minutes] of [
        ['submitted', 30],
        ['rejected', 20],
        ['submitted', 10],
        ['approved', 5],
      ] as const) {
        await sql`insert into listing_review_events (submission_id, developer_app_id, state, actor_id, created_at)
          values (${stale?.id}, ${app?.id}, ${state}, ${user?.id}, now() - make_interval(mins => ${minutes}))`.execute(
          handle.db,
        );
      }

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await sql<{
        submission_id: number;
        decision: string;
        message: string | null;
        rejection_reasons: unknown;
        actor_id: number | null;
      }>`select submission_id, decision, message, rejection_reasons, actor_id
          from listing_decisions order by submission_id, created_at, id`.execute(handle.db);
      expect(rows.rows).toEqual([
        {
          submission_id: stale?.id,
          decision: 'rejected',
          message: 'Fix the logo',
          rejection_reasons: [{ code: 'logo_rules', note: null }],
          actor_id: user?.id,
        },
        {
          submission_id: stale?.id,
          decision: 'approved',
          message: null,
          rejection_reasons: [],
          actor_id: user?.id,
        },
        {
          submission_id: seeded?.id,
          decision: 'rejected',
          message: 'Wrong video',
          rejection_reasons: [{ code: 'video_minimums', note: '720p' }],
          actor_id: null,
        },
      ]);
      const fixed = await sql<{ admin_message: string | null; rejection_reasons: unknown }>`
        select admin_message, rejection_reasons from marketplace_submissions where id = ${stale?.id}`.execute(
        handle.db,
      );
      expect(fixed.rows).toEqual([{ admin_message: null, rejection_reasons: [] }]);

      expect((await migrator.migrateTo('0017_review_history_index')).error).toBeUndefined();
    } finally {
      await handle.close();
    }
  });
});
