import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import { ACTORS, type Actor, appWithTeam, LOGO_PNG, pngOf } from './apps-support';
import {
  adminPatchSubmission,
  completeFields,
  form,
  mp4Of,
  type Part,
  patchSubmission,
  promotedVersion,
  referenceIds,
  saveSubmission,
  submissionRow,
} from './listing-support';
import { type Client, errorOf, startTestRuntime } from './support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime({ env: { SANDBOX_PROVISION_DELAY_MS: '3600000' } });
});
afterAll(() => runtime?.close());

type Team = Awaited<ReturnType<typeof appWithTeam>>;

const save = saveSubmission;
const patch = patchSubmission;
const adminPatch = adminPatchSubmission;
const rowOf = (id: number) => submissionRow(runtime, id);

/** A complete listing saved with its logo and three screenshots (multipart), by the owner. */
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
  for (const [index, [w, h]] of [
    [1280, 720],
    [1024, 768],
    [1920, 1080],
  ].entries()) {
    parts.push({
      name: `submission[pictures_attributes][${index}][file]`,
      filename: `shot-${index}.png`,
      type: 'image/png',
      data: pngOf(w as number, h as number),
    });
    parts.push({
      name: `submission[pictures_attributes][${index}][description]`,
      value: `Screen ${index + 1}`,
    });
  }
  const response = await team.clients.owner.request({
    method: 'POST',
    url: `/api/v1/developer_apps/${team.app.id}/submissions`,
    ...form(parts),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('reference data', () => {
  it('lists seeded categories, regions with countries, product tools and security standards', async () => {
    const team = await appWithTeam(runtime);
    const client = team.clients.developer;
    const categories = (await client.request({ method: 'GET', url: '/api/v1/categories' })).json();
    expect(categories.length).toBeGreaterThan(5);
    expect(categories).toContainEqual({ id: expect.any(Number), name: 'Project Management' });
    const regions = (await client.request({ method: 'GET', url: '/api/v1/regions' })).json();
    const europe = regions.find((r: { name: string }) => r.name === 'Europe');
    expect(europe.countries).toContainEqual({ id: expect.any(Number), iso_code: 'ES', name: 'Spain' });
    const tools = (await client.request({ method: 'GET', url: '/api/v1/product_tools' })).json();
    expect(tools).toContainEqual({ id: expect.any(Number), title: 'RFIs' });
    const standards = (await client.request({ method: 'GET', url: '/api/v1/security_standards' })).json();
    expect(standards).toContainEqual({ id: expect.any(Number), standard_name: 'SOC 2', variant: 'Type II' });
    const settings = await client.request({ method: 'GET', url: '/api/v1/listing_settings' });
    expect(settings.json()).toEqual({ security_and_compliance_enabled: true });
    const anonymous = await runtime.app.inject({ method: 'GET', url: '/api/v1/categories' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('every call × role', () => {
  const readers: Record<Actor, number> = {
    owner: 200,
    admin: 200,
    developer: 200,
    stranger: 404,
    platformAdmin: 200,
  };
  const writers: Record<Actor, number> = {
    owner: 200,
    admin: 200,
    developer: 403,
    stranger: 404,
    platformAdmin: 403,
  };
  const reviewers: Record<Actor, number> = {
    owner: 403,
    admin: 403,
    developer: 403,
    stranger: 403,
    platformAdmin: 200,
  };

  it('reads: collaborators and platform admins; strangers 404', async () => {
    const team = await appWithTeam(runtime);
    const saved = await save(team.clients.owner, team.app.id, { public_name: 'Crane Log' });
    const id = saved.json().id;
    for (const actor of ACTORS) {
      const client = team.clients[actor];
      const current = await client.request({
        method: 'GET',
        url: `/api/v1/developer_apps/${team.app.id}/submissions/current`,
      });
      expect([actor, current.statusCode]).toEqual([actor, readers[actor]]);
      const one = await client.request({ method: 'GET', url: `/api/v1/submissions/${id}` });
      expect([actor, one.statusCode]).toEqual([actor, readers[actor]]);
      if (readers[actor] === 200) expect(one.json()).toMatchObject({ id, public_name: 'Crane Log' });
    }
    const missing = await team.clients.owner.request({ method: 'GET', url: '/api/v1/submissions/999999' });
    expect(missing.statusCode).toBe(404);
  });

  it('saves: owners and app admins; the developer role reads only; strangers 404', async () => {
    for (const actor of ACTORS) {
      const team = await appWithTeam(runtime);
      const created = await save(team.clients[actor], team.app.id, { tagline: 'Hello' });
      expect([actor, created.statusCode]).toEqual([actor, writers[actor]]);
      const draft = (await save(team.clients.owner, team.app.id, { tagline: 'Owner' })).json();
      const updated = await patch(team.clients[actor], draft.id, { tagline: 'Changed' });
      expect([actor, updated.statusCode]).toEqual([actor, writers[actor]]);
      expect((await rowOf(draft.id)).tagline).toBe(writers[actor] === 200 ? 'Changed' : 'Owner');
    }
  });

  it('reviews: platform administrators only', async () => {
    const team = await appWithTeam(runtime);
    const draft = (await save(team.clients.owner, team.app.id, { tagline: 'Owner' })).json();
    for (const actor of ACTORS) {
      const response = await adminPatch(team.clients[actor], draft.id, { notes: `by ${actor}` });
      expect([actor, response.statusCode]).toEqual([actor, reviewers[actor]]);
      const create = await team.clients[actor].request({
        method: 'POST',
        url: `/api/v1/admin/developer_apps/${team.app.id}/submissions`,
        payload: { submission: { tagline: `by ${actor}` } },
      });
      expect([actor, create.statusCode]).toEqual([actor, reviewers[actor]]);
    }
    expect((await rowOf(draft.id)).notes).toBe('by platformAdmin');
    const missing = await adminPatch(team.clients.platformAdmin, 999999, { notes: 'x' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('saving (spec 3 §4)', () => {
  it('creates a draft (unreviewed, version 1), then updates it while it is not published', async () => {
    const team = await appWithTeam(runtime);
    const first = await save(team.clients.owner, team.app.id, {
      public_name: 'Crane Log',
      feature_bullets: ['One'],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      state: 'draft',
      approval_state: 'unreviewed',
      version: 1,
      feature_bullets: ['One'],
    });
    const second = await save(team.clients.owner, team.app.id, { tagline: 'Logs' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: first.json().id, public_name: 'Crane Log', tagline: 'Logs' });
    const app = (
      await team.clients.owner.request({ method: 'GET', url: `/api/v1/developer_apps/${team.app.id}` })
    ).json();
    expect(app).toMatchObject({
      last_marketplace_app: {
        id: first.json().id,
        state: 'draft',
        approval_state: 'unreviewed',
        admin_message: null,
      },
      published_app: null,
      unpublished_app: { id: first.json().id },
      marketplace_enabled: false,
    });
  });

  it('answers the saved submission with its media (id, type, name, url) and serves the files', async () => {
    const team = await appWithTeam(runtime);
    const saved = await completeListing(team);
    expect(saved.small_logo).toMatchObject({ type: 'Logo', name: 'logo.png', width: 256, height: 256 });
    expect(saved.small_logo_url).toBe(saved.small_logo.url);
    expect(saved.pictures.map((p: { name: string; description: string }) => [p.name, p.description])).toEqual(
      [
        ['shot-0.png', 'Screen 1'],
        ['shot-1.png', 'Screen 2'],
        ['shot-2.png', 'Screen 3'],
      ],
    );
    const file = await team.clients.developer.request({ method: 'GET', url: saved.pictures[0].url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const stranger = await team.clients.stranger.request({ method: 'GET', url: saved.pictures[0].url });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('the review state machine (spec 3 §4)', () => {
  it('submit, edit refused, submit twice, withdraw, resubmit, approve silently, new draft, reject', async () => {
    const team = await appWithTeam(runtime);
    const { owner, developer, platformAdmin } = team.clients;
    const draft = await completeListing(team);

    // A developer-role collaborator may not submit; an admin may not approve a draft.
    expect((await patch(developer, draft.id, { state: 'in_review' })).statusCode).toBe(403);
    const early = await adminPatch(platformAdmin, draft.id, { approval_state: 'approved' });
    expect(early.statusCode).toBe(422);
    expect(errorOf(early).details[0]).toMatchObject({
      path: 'approval_state',
      code: 'invalid',
    });

    const submitted = await patch(owner, draft.id, {
      state: 'in_review',
      draft_developer_notes: 'Ready for review',
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({
      state: 'in_review',
      approval_state: 'unreviewed',
      draft_developer_notes: 'Ready for review',
    });

    const edit = await patch(owner, draft.id, { tagline: 'Sneaky change' });
    expect(edit.statusCode).toBe(409);
    expect(errorOf(edit).message).toMatch(/withdraw it first/i);
    const twice = await patch(owner, draft.id, { state: 'in_review' });
    expect(twice.statusCode).toBe(422);
    expect(errorOf(twice).details[0]).toMatchObject({ path: 'state', code: 'invalid' });
    const devApproves = await patch(owner, draft.id, { approval_state: 'approved' });
    expect(devApproves.statusCode).toBe(422);
    expect(errorOf(devApproves).details[0]).toMatchObject({
      path: 'approval_state',
      code: 'unknown_field',
    });
    expect((await rowOf(draft.id)).state).toBe('in_review');

    const withdrawn = await patch(owner, draft.id, { state: 'draft' });
    expect(withdrawn.json()).toMatchObject({ state: 'draft' });
    const withdrawTwice = await patch(owner, draft.id, { state: 'draft' });
    expect(withdrawTwice.statusCode).toBe(422);
    expect((await patch(owner, draft.id, { state: 'in_review' })).statusCode).toBe(200);

    const approved = await adminPatch(platformAdmin, draft.id, {
      approval_state: 'approved',
      admin_message: '<p>Welcome aboard</p>',
      silent: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      state: 'published',
      approval_state: 'approved',
      silent: true,
      admin_message: '<p>Welcome aboard</p>',
      has_published_app: true,
    });
    const again = await adminPatch(platformAdmin, draft.id, { approval_state: 'approved' });
    expect(again.statusCode).toBe(422);
    let app = (await owner.request({ method: 'GET', url: `/api/v1/developer_apps/${team.app.id}` })).json();
    expect(app.published_app).toMatchObject({ id: draft.id, state: 'published' });
    expect(app.unpublished_app).toBeNull();

    // A published listing is not changed: the next save is a new draft, version 2, with the media copied.
    const next = await save(owner, team.app.id, { tagline: 'Now with photos' });
    expect(next.statusCode).toBe(200);
    expect(next.json().id).not.toBe(draft.id);
    expect(next.json()).toMatchObject({
      state: 'draft',
      version: 2,
      tagline: 'Now with photos',
      public_name: 'Site Diary Sync',
    });
    expect(next.json().pictures).toHaveLength(3);
    expect((await rowOf(draft.id)).tagline).toBe('Daily logs from the field, in one place');
    app = (await owner.request({ method: 'GET', url: `/api/v1/developer_apps/${team.app.id}` })).json();
    expect(app).toMatchObject({
      published_app: { id: draft.id },
      unpublished_app: { id: next.json().id },
      last_marketplace_app: { id: next.json().id },
    });

    // Removing a copied screenshot by the id the form knows (the published one's) leaves the published listing whole.
    const removed = await patch(owner, next.json().id, { remove_media_ids: [draft.pictures[0].id] });
    expect(removed.json().pictures).toHaveLength(2);
    expect((await owner.request({ method: 'GET', url: draft.pictures[0].url })).statusCode).toBe(200);
    await patch(owner, next.json().id, { pictures_attributes: [{ id: draft.pictures[0].id }] }).then((r) =>
      expect(r.statusCode).toBe(422),
    );
    const restore = await completeListingPictures(owner, next.json().id);
    expect(restore.statusCode, restore.body).toBe(200);

    // The published listing names 1.0.0: the next one must name a newer promoted version.
    expect((await patch(owner, next.json().id, { state: 'in_review' })).statusCode).toBe(422);
    const newer = await promotedVersion(runtime, team.app.id, '1.1.0');
    expect((await patch(owner, next.json().id, { app_version_id: newer })).statusCode).toBe(200);
    expect((await patch(owner, next.json().id, { state: 'in_review' })).statusCode).toBe(200);
    const rejected = await adminPatch(platformAdmin, next.json().id, {
      approval_state: 'rejected',
      admin_message: 'Screenshots show a login page.',
      rejection_reasons: [{ code: 'screenshots_not_app', note: 'Show the daily log screen' }],
    });
    expect(rejected.json()).toMatchObject({
      state: 'draft',
      approval_state: 'rejected',
      admin_message: 'Screenshots show a login page.',
      rejection_reasons: [{ code: 'screenshots_not_app', note: 'Show the daily log screen' }],
    });
    app = (await owner.request({ method: 'GET', url: `/api/v1/developer_apps/${team.app.id}` })).json();
    expect(app.last_marketplace_app).toMatchObject({
      state: 'draft',
      approval_state: 'rejected',
      admin_message: 'Screenshots show a login page.',
    });
    expect(app.published_app).toMatchObject({ id: draft.id });

    // The audit trail keeps the admin's two decisions, each with the fields it changed.
    const audit = await runtime.database.db
      .selectFrom('audit_events')
      .select(['action', 'subject_id', 'actor_id', 'changes'])
      .where('developer_app_id', '=', team.app.id)
      .where('subject_type', '=', 'marketplace_submission')
      .orderBy('id')
      .execute();
    expect(audit).toMatchObject([
      {
        action: 'marketplace_listing.approved',
        subject_id: String(draft.id),
        actor_id: team.users.platformAdmin.id,
        changes: {
          before: { state: 'in_review' },
          after: { state: 'published', approval_state: 'approved' },
        },
      },
      {
        action: 'marketplace_listing.rejected',
        subject_id: String(next.json().id),
        changes: { after: { state: 'draft', approval_state: 'rejected' } },
      },
    ]);

    const events = await runtime.database.db
      .selectFrom('listing_review_events')
      .select(['submission_id', 'state'])
      .where('developer_app_id', '=', team.app.id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.state)).toEqual([
      'submitted',
      'submitted',
      'approved',
      'submitted',
      'rejected',
    ]);
  });

  it('keeps the published listing whole while its next draft changes: files stay, the old one is read-only', async () => {
    const team = await appWithTeam(runtime);
    const { owner, platformAdmin } = team.clients;
    const draft = await completeListing(team);
    const withVideo = await owner.request({
      method: 'PATCH',
      url: `/api/v1/submissions/${draft.id}`,
      ...form([
        {
          name: 'submission[videos_attributes][0][file]',
          filename: 'tour.mp4',
          type: 'video/mp4',
          data: mp4Of(1280, 720),
        },
      ]),
    });
    const video = withVideo.json().videos[0];
    await patch(owner, draft.id, { state: 'in_review' });
    await adminPatch(platformAdmin, draft.id, { approval_state: 'approved' });
    const next = (await save(owner, team.app.id, { remove_media_ids: [video.id] })).json();
    expect(next.videos).toEqual([]);
    const hosted = await runtime.app.inject({ method: 'GET', url: video.external_url });
    expect(hosted.statusCode).toBe(200);
    expect((await owner.request({ method: 'GET', url: video.url })).statusCode).toBe(200);
    const stale = await patch(owner, draft.id, { tagline: 'Edit the old one' });
    expect(stale.statusCode).toBe(409);
    expect((await rowOf(draft.id)).tagline).toBe('Daily logs from the field, in one place');
  });

  it('gives each file the upload it comes from (origin_id), so the next draft diffs against the published one', async () => {
    const team = await appWithTeam(runtime);
    const { owner, developer, platformAdmin } = team.clients;
    const draft = await completeListing(team);
    for (const item of [draft.small_logo, ...draft.pictures]) expect(item.origin_id).toBe(item.id);
    await patch(owner, draft.id, { state: 'in_review' });
    await adminPatch(platformAdmin, draft.id, { approval_state: 'approved' });
    const next = (await save(owner, team.app.id, { tagline: 'Now with photos' })).json();
    expect(next.pictures.map((p: { id: number }) => p.id)).not.toEqual(
      draft.pictures.map((p: { id: number }) => p.id),
    );
    expect(next.pictures.map((p: { origin_id: number }) => p.origin_id)).toEqual(
      draft.pictures.map((p: { id: number }) => p.id),
    );
    expect(next.small_logo.origin_id).toBe(draft.small_logo.id);
    // Every reader of the app sees both submissions, whatever their role; the admin's view is the same.
    for (const client of [developer, platformAdmin]) {
      const published = await client.request({ method: 'GET', url: `/api/v1/submissions/${draft.id}` });
      expect(published.statusCode).toBe(200);
      expect(published.json().pictures[0].origin_id).toBe(draft.pictures[0].id);
    }
  });

  it('refuses an incomplete listing on submit with one detail per field path, and changes nothing', async () => {
    const team = await appWithTeam(runtime);
    const draft = (
      await save(team.clients.owner, team.app.id, {
        public_name: 'Crane Log',
        feature_bullets: ['One', ''],
        website_link: { label: 'Help', url: '' },
      })
    ).json();
    const response = await patch(team.clients.owner, draft.id, { state: 'in_review' });
    expect(response.statusCode).toBe(422);
    const paths = errorOf(response).details.map((d) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'tagline',
        'feature_bullets.1',
        'feature_bullets.2',
        'website_link.url',
        'support_email',
        'region_or_country',
        'contact_or_learn_how',
        'small_logo',
        'pictures',
      ]),
    );
    expect(paths).not.toContain('public_name');
    expect((await rowOf(draft.id)).state).toBe('draft');
  });

  it('checks the questionnaire on submit when it is shown: a "yes" needs its details', async () => {
    const team = await appWithTeam(runtime);
    const draft = await completeListing(team);
    const ref = await referenceIds(team.clients.owner);
    const country = ref.regions[0]?.countries[0]?.id;
    await patch(team.clients.owner, draft.id, {
      security_questionnaire_visible: true,
      security_questionnaire: {
        company_legal_name: 'Acme Build Ltd',
        headquarters_country_id: country,
        data_processing_country_ids: [country],
        has_security_contact: true,
      },
    });
    const response = await patch(team.clients.owner, draft.id, { state: 'in_review' });
    expect(response.statusCode).toBe(422);
    const paths = errorOf(response).details.map((d) => d.path);
    expect(paths).toContain('security_questionnaire.security_email');
    expect(paths).toContain('security_questionnaire.has_sso_support');
  });

  it('needs the company legal name on submit when the questionnaire is shown, even if the key was never saved', async () => {
    const team = await appWithTeam(runtime);
    const draft = await completeListing(team);
    const ref = await referenceIds(team.clients.owner);
    const country = ref.regions[0]?.countries[0]?.id;
    const answers = Object.fromEntries(
      [
        'has_subprocessors',
        'has_sensitive_data',
        'has_security_contact',
        'has_security_audits',
        'has_security_standards',
        'has_penetration_testing',
        'can_notify_platform',
        'has_disclosure_program',
        'has_bug_bounty_program',
        'has_data_encryption_at_rest',
        'has_data_encryption_in_transit',
        'has_sso_support',
        'has_saml_support',
        'has_mfa_support',
        'has_fas_support',
      ].map((question) => [question, false]),
    );
    // Every other answer is given: company_legal_name alone is missing, as a key.
    const saved = await patch(team.clients.owner, draft.id, {
      security_questionnaire_visible: true,
      security_questionnaire: {
        ...answers,
        headquarters_country_id: country,
        data_processing_country_ids: [country],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const response = await patch(team.clients.owner, draft.id, { state: 'in_review' });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).details).toEqual([
      expect.objectContaining({
        path: 'security_questionnaire.company_legal_name',
        code: 'required',
        message: 'This field is required',
      }),
    ]);
    expect((await rowOf(draft.id)).state).toBe('draft');
  });

  it('needs a production version of its own app, newer than the published one', async () => {
    const team = await appWithTeam(runtime);
    const draft = await completeListing(team);
    const other = await appWithTeam(runtime);
    const foreign = await promotedVersion(runtime, other.app.id, '9.0.0');
    const [sandbox] = await runtime.database.db
      .insertInto('app_versions')
      .values({
        developer_app_id: team.app.id,
        environment_type: 'Sandbox',
        semantic_version: '2.0.0',
        state: 'draft',
        schema_version: '4.1',
        content: '{}',
        configured_manifest_content: null,
        auth_code_enabled: true,
        changelog: null,
        app_version_key: `sandbox-${team.app.id}`,
        developer_notes: null,
        admin_notes: null,
        source_app_version_id: null,
      })
      .returning('id')
      .execute();
    for (const app_version_id of [foreign, sandbox?.id, 999_999]) {
      // Refused on save (issue 20: as category ids are) …
      const saved = await patch(team.clients.owner, draft.id, { app_version_id, tagline: 'Changed' });
      expect(saved.statusCode, String(app_version_id)).toBe(422);
      expect(errorOf(saved).details).toEqual([
        expect.objectContaining({ path: 'app_version_id', code: 'invalid_choice' }),
      ]);
      expect((await rowOf(draft.id)).tagline).toBe('Daily logs from the field, in one place');
      // … and on submit, should a stored one name such a version.
      await runtime.database.db
        .updateTable('marketplace_submissions')
        .set({ app_version_id: app_version_id ?? null })
        .where('id', '=', draft.id)
        .execute();
      const response = await patch(team.clients.owner, draft.id, { state: 'in_review' });
      expect(response.statusCode, String(app_version_id)).toBe(422);
      expect(errorOf(response).details.map((d) => d.path)).toContain('app_version_id');
      expect((await rowOf(draft.id)).state).toBe('draft');
    }
  });

  it('sets "show in concierge" and the admin message on a published listing in place, audited', async () => {
    const team = await appWithTeam(runtime);
    const { owner, platformAdmin } = team.clients;
    const draft = await completeListing(team);
    await patch(owner, draft.id, { state: 'in_review' });
    await adminPatch(platformAdmin, draft.id, { approval_state: 'approved', admin_message: 'Welcome' });
    const count = async () =>
      (
        await runtime.database.db
          .selectFrom('marketplace_submissions')
          .select('id')
          .where('developer_app_id', '=', team.app.id)
          .execute()
      ).length;

    // What the admin footer's switch sends: the flag alone.
    const concierge = await adminPatch(platformAdmin, draft.id, { is_concierge_app: true });
    expect(concierge.statusCode, concierge.body).toBe(200);
    expect(concierge.json()).toMatchObject({
      id: draft.id,
      state: 'published',
      approval_state: 'approved',
      is_concierge_app: true,
    });
    const message = await adminPatch(platformAdmin, draft.id, { admin_message: 'Featured this month' });
    expect(message.json()).toMatchObject({ id: draft.id, admin_message: 'Featured this month' });
    // The admin create route, which saves onto the app's newest submission, does the same.
    const viaCreate = await platformAdmin.request({
      method: 'POST',
      url: `/api/v1/admin/developer_apps/${team.app.id}/submissions`,
      payload: { submission: { is_concierge_app: false } },
    });
    expect(viaCreate.json()).toMatchObject({ id: draft.id, state: 'published', is_concierge_app: false });
    await adminPatch(platformAdmin, draft.id, { is_concierge_app: true });
    expect(await count()).toBe(1);
    const app = (await owner.request({ method: 'GET', url: `/api/v1/developer_apps/${team.app.id}` })).json();
    expect(app.published_app).toMatchObject({ id: draft.id });
    expect(app.unpublished_app).toBeNull();
    const events = await runtime.database.db
      .selectFrom('listing_review_events')
      .select('state')
      .where('developer_app_id', '=', team.app.id)
      .execute();
    expect(events.map((e) => e.state)).toEqual(['submitted', 'approved']);
    const audit = await runtime.database.db
      .selectFrom('audit_events')
      .select(['action', 'subject_id', 'actor_id', 'changes'])
      .where('developer_app_id', '=', team.app.id)
      .where('action', '=', 'marketplace_listing.updated')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      {
        action: 'marketplace_listing.updated',
        subject_id: String(draft.id),
        actor_id: team.users.platformAdmin.id,
        changes: { before: { is_concierge_app: false }, after: { is_concierge_app: true } },
      },
      expect.objectContaining({
        changes: { before: { admin_message: 'Welcome' }, after: { admin_message: 'Featured this month' } },
      }),
      expect.objectContaining({
        changes: { before: { is_concierge_app: true }, after: { is_concierge_app: false } },
      }),
      expect.objectContaining({
        changes: { before: { is_concierge_app: false }, after: { is_concierge_app: true } },
      }),
    ]);

    // Content with the flag is content: it waits for review in a new draft, the live listing unchanged.
    const content = await adminPatch(platformAdmin, draft.id, {
      tagline: 'Reviewed first',
      is_concierge_app: false,
    });
    expect(content.statusCode, content.body).toBe(200);
    expect(content.json()).toMatchObject({
      state: 'draft',
      approval_state: 'unreviewed',
      is_concierge_app: false,
    });
    expect(content.json().id).not.toBe(draft.id);
    expect(await rowOf(draft.id)).toMatchObject({
      state: 'published',
      is_concierge_app: true,
      tagline: 'Daily logs from the field, in one place',
    });
  });

  it('lets only platform employees turn create-lead contact on; others keep or clear it', async () => {
    const team = await appWithTeam(runtime);
    const { owner, platformAdmin } = team.clients;
    const draft = (await save(owner, team.app.id, { tagline: 'Before' })).json();

    // A collaborator, and a platform administrator who is not an employee, are refused; nothing changes.
    const byOwner = await patch(owner, draft.id, { tagline: 'After', create_lead: true });
    const byAdmin = await adminPatch(platformAdmin, draft.id, { create_lead: true });
    for (const refused of [byOwner, byAdmin]) {
      expect(refused.statusCode).toBe(422);
      expect(errorOf(refused).details).toEqual([
        {
          path: 'create_lead',
          code: 'invalid_choice',
          message: 'Only platform employees can choose to create a direct lead',
          label: { key: 'createLead' },
        },
      ]);
    }
    expect(await rowOf(draft.id)).toMatchObject({ tagline: 'Before', create_lead: false });

    await runtime.database.db
      .updateTable('users')
      .set({ is_employee: true })
      .where('id', '=', team.users.platformAdmin.id)
      .execute();
    const byEmployee = await adminPatch(platformAdmin, draft.id, {
      create_lead: true,
      contact_us_email: null,
      learn_how_url: null,
    });
    expect(byEmployee.statusCode, byEmployee.body).toBe(200);
    expect(byEmployee.json().create_lead).toBe(true);

    // The collaborators keep editing the listing the employee set up, and may switch create-lead off.
    const kept = await patch(owner, draft.id, { tagline: 'Kept', create_lead: true });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ tagline: 'Kept', create_lead: true });
    const cleared = await patch(owner, draft.id, {
      create_lead: false,
      contact_us_email: 'sales@acme.example',
    });
    expect(cleared.json().create_lead).toBe(false);
    expect((await patch(owner, draft.id, { create_lead: true })).statusCode).toBe(422);
  });

  it('lets platform administrators save any listing and switch marketplace_enabled', async () => {
    const team = await appWithTeam(runtime);
    const created = await team.clients.platformAdmin.request({
      method: 'POST',
      url: `/api/v1/admin/developer_apps/${team.app.id}/submissions`,
      payload: {
        submission: {
          public_name: 'Admin made',
          beta: true,
          security_badge: true,
          notes: 'Checked by phone',
          is_concierge_app: true,
        },
      },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      beta: true,
      security_badge: true,
      notes: 'Checked by phone',
      is_concierge_app: true,
    });
    const asOwner = (
      await team.clients.owner.request({ method: 'GET', url: `/api/v1/submissions/${created.json().id}` })
    ).json();
    expect(asOwner.notes).toBeNull();
    const enabled = await team.clients.platformAdmin.request({
      method: 'PATCH',
      url: `/api/v1/admin/developer_apps/${team.app.id}`,
      payload: { developer_app: { marketplace_enabled: true } },
    });
    expect(enabled.json().marketplace_enabled).toBe(true);
    const missing = await team.clients.platformAdmin.request({
      method: 'POST',
      url: '/api/v1/admin/developer_apps/999999/submissions',
      payload: { submission: {} },
    });
    expect(missing.statusCode).toBe(404);
  });
});

/** Adds one more screenshot to a submission (multipart PATCH). */
function completeListingPictures(client: Client, id: number) {
  return client.request({
    method: 'PATCH',
    url: `/api/v1/submissions/${id}`,
    ...form([
      {
        name: 'submission[pictures_attributes][0][file]',
        filename: 'daily-log.png',
        type: 'image/png',
        data: pngOf(1280, 960),
      },
    ]),
  });
}
