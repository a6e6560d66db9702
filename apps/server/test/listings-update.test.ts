import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import { ACTORS, appWithTeam, LOGO_PNG, pngOf } from './apps-support';
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
import { errorOf, startTestRuntime } from './support';

// Issue 20: updating a published listing (item 3), the app version a listing names, the availability as
// the form's maps, and who may fetch the files of a listing that is not published.

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

/** A production version as promotion leaves it, then approved by the reviewers (state published). */
async function approvedVersion(appId: number, semanticVersion: string) {
  const id = await promotedVersion(runtime, appId, semanticVersion);
  await runtime.database.db
    .updateTable('app_versions')
    .set({ state: 'published' })
    .where('id', '=', id)
    .execute();
  return id;
}

/** A complete listing naming version 1.0.0, with its logo and screenshots, submitted and approved. */
async function publishedListing(team: Team) {
  const { owner, platformAdmin } = team.clients;
  const ref = await referenceIds(owner);
  const first = await approvedVersion(team.app.id, '1.0.0');
  const draft = (await save(owner, team.app.id, completeFields(ref, first))).json();
  const parts: Part[] = [
    { name: 'submission[small_logo]', filename: 'logo.png', type: 'image/png', data: LOGO_PNG },
  ];
  for (const index of [0, 1, 2]) {
    parts.push({
      name: `submission[pictures_attributes][${index}][file]`,
      filename: `shot-${index}.png`,
      type: 'image/png',
      data: pngOf(1280, 720),
    });
  }
  const media = await owner.request({
    method: 'PATCH',
    url: `/api/v1/submissions/${draft.id}`,
    ...form(parts),
  });
  expect(media.statusCode, media.body).toBe(200);
  expect((await patch(owner, draft.id, { state: 'in_review' })).statusCode).toBe(200);
  const approved = await adminPatch(platformAdmin, draft.id, { approval_state: 'approved' });
  expect(approved.statusCode, approved.body).toBe(200);
  return { published: approved.json(), first, ref };
}

describe('updating a published listing (issue 20, item 3; spec 3 §2)', () => {
  it('refuses to submit the update while it names the published version, saying to promote a newer one', async () => {
    const team = await appWithTeam(runtime);
    const { owner } = team.clients;
    const { published, first } = await publishedListing(team);

    // The next save is a new draft: a copy naming the published version, which may still be saved.
    const update = await save(owner, team.app.id, { tagline: 'Now with weather' });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json()).toMatchObject({ app_version_id: first, state: 'draft' });
    expect(update.json().id).not.toBe(published.id);

    const refused = await patch(owner, update.json().id, { state: 'in_review' });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).details).toEqual([
      {
        path: 'app_version_id',
        code: 'invalid_choice',
        message:
          'No promoted app version is newer than the published one (1.0.0): promote a newer app version, then choose it here',
        params: { reason: 'no_newer_version', version: '1.0.0' },
        label: { key: 'appVersion' },
      },
    ]);
    expect((await rowOf(update.json().id)).state).toBe('draft');

    // A newer version exists but is not chosen: a plainer detail, the same path.
    await approvedVersion(team.app.id, '1.1.0');
    const notChosen = await patch(owner, update.json().id, { state: 'in_review' });
    expect(notChosen.statusCode).toBe(422);
    expect(errorOf(notChosen).details).toEqual([
      expect.objectContaining({
        path: 'app_version_id',
        code: 'invalid_choice',
        params: { reason: 'not_newer', version: '1.0.0' },
      }),
    ]);
  });

  it('submits the update once it names a newer promoted and approved version; approving publishes it', async () => {
    const team = await appWithTeam(runtime);
    const { owner, platformAdmin } = team.clients;
    const { published } = await publishedListing(team);
    const newer = await approvedVersion(team.app.id, '1.1.0');
    const update = (
      await save(owner, team.app.id, { tagline: 'Now with weather', app_version_id: newer })
    ).json();
    const submitted = await patch(owner, update.id, { state: 'in_review' });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({
      state: 'in_review',
      app_version: { id: newer, version: '1.1.0' },
    });
    const approved = await adminPatch(platformAdmin, update.id, { approval_state: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    const listed = await runtime.app.inject({
      method: 'GET',
      url: `/api/v1/marketplace/apps/${team.app.id}`,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({ tagline: 'Now with weather' });
    // The version now published is the one the next update must be newer than.
    const next = (await save(owner, team.app.id, { tagline: 'Again' })).json();
    expect(next.id).not.toBe(published.id);
    const again = await patch(owner, next.id, { state: 'in_review' });
    expect(errorOf(again).details[0]).toMatchObject({
      path: 'app_version_id',
      params: { reason: 'no_newer_version', version: '1.1.0' },
    });
  });
});

describe("the app version a listing names (issue 20 safety: another app's or none is a 422)", () => {
  it('refuses, on every save route, a version of another app, a sandbox version and one that does not exist', async () => {
    const team = await appWithTeam(runtime);
    const other = await appWithTeam(runtime);
    const { owner, platformAdmin } = team.clients;
    const own = await promotedVersion(runtime, team.app.id, '1.0.0');
    const foreign = await promotedVersion(runtime, other.app.id, '2.0.0');
    const draft = (await save(owner, team.app.id, { tagline: 'Before', app_version_id: own })).json();
    expect(draft.app_version_id).toBe(own);
    const attempts = [
      () => save(owner, team.app.id, { tagline: 'After', app_version_id: foreign }),
      () => patch(owner, draft.id, { tagline: 'After', app_version_id: foreign }),
      () => patch(owner, draft.id, { tagline: 'After', app_version_id: 999_999 }),
      () => adminPatch(platformAdmin, draft.id, { tagline: 'After', app_version_id: foreign }),
      () =>
        platformAdmin.request({
          method: 'POST',
          url: `/api/v1/admin/developer_apps/${team.app.id}/submissions`,
          payload: { submission: { tagline: 'After', app_version_id: foreign } },
        }),
    ];
    for (const [index, attempt] of attempts.entries()) {
      const response = await attempt();
      expect(response.statusCode, `attempt ${index}: ${response.body}`).toBe(422);
      expect(errorOf(response).details).toEqual([
        expect.objectContaining({ path: 'app_version_id', code: 'invalid_choice' }),
      ]);
    }
    const row = await rowOf(draft.id);
    expect({ tagline: row.tagline, app_version_id: row.app_version_id }).toEqual({
      tagline: 'Before',
      app_version_id: own,
    });
    // Clearing the version is a draft's right.
    expect((await patch(owner, draft.id, { app_version_id: null })).json().app_version_id).toBeNull();
  });
});

describe('regions and countries as maps of id → bool (spec 3 §3, §7)', () => {
  it('stores the same availability from the maps (JSON and multipart) as from the id lists', async () => {
    const team = await appWithTeam(runtime);
    const { owner } = team.clients;
    const ref = await referenceIds(owner);
    const [first, second] = ref.regions;
    if (!first || !second) throw new Error('two regions needed');
    const [a, b] = first.countries;
    if (!a || !b) throw new Error('two countries needed');
    const byIds = (
      await save(owner, team.app.id, { region_ids: [first.id], country_ids: [a.id, b.id] })
    ).json();

    const other = await appWithTeam(runtime);
    const byMaps = await save(other.clients.owner, other.app.id, {
      regions: { [first.id]: true, [second.id]: false },
      countries: { [b.id]: true, [a.id]: true },
    });
    expect(byMaps.statusCode, byMaps.body).toBe(200);
    for (const saved of [byIds, byMaps.json()]) {
      expect(saved).toMatchObject({
        region_ids: [first.id],
        country_ids: [a.id, b.id].sort((x, y) => x - y),
      });
      expect(saved.regions.map((region: { id: number }) => region.id)).toEqual([first.id]);
    }
    const stored = await rowOf(byMaps.json().id);
    expect({ regions: stored.region_ids, countries: stored.country_ids }).toEqual({
      regions: [first.id],
      countries: [a.id, b.id].sort((x, y) => x - y),
    });

    // Multipart, as the form sends a save with files: `submission[regions][ID]=true`.
    const multipart = await other.clients.owner.request({
      method: 'PATCH',
      url: `/api/v1/submissions/${byMaps.json().id}`,
      ...form([
        { name: `submission[regions][${second.id}]`, value: 'true' },
        { name: `submission[regions][${first.id}]`, value: 'false' },
        { name: `submission[countries][${a.id}]`, value: 'false' },
      ]),
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect(multipart.json()).toMatchObject({ region_ids: [second.id], country_ids: [] });

    // Unticking everything clears the availability, as empty lists do.
    const cleared = await patch(other.clients.owner, byMaps.json().id, { regions: {}, countries: null });
    expect(cleared.json()).toMatchObject({ region_ids: [], country_ids: [] });
  });

  it('refuses an id that does not exist (naming it), and a map that contradicts its id list; nothing changes', async () => {
    const team = await appWithTeam(runtime);
    const { owner } = team.clients;
    const ref = await referenceIds(owner);
    const region = ref.regions[0];
    if (!region) throw new Error('no region');
    const draft = (await save(owner, team.app.id, { region_ids: [region.id], tagline: 'Before' })).json();
    const unknown = await patch(owner, draft.id, {
      tagline: 'After',
      regions: { [region.id]: true, 99999: true },
    });
    expect(unknown.statusCode).toBe(422);
    expect(errorOf(unknown).details).toEqual([
      expect.objectContaining({ path: 'regions.99999', code: 'invalid_choice' }),
    ]);
    const contradicting = await patch(owner, draft.id, {
      tagline: 'After',
      regions: { [region.id]: false },
      region_ids: [region.id],
    });
    expect(contradicting.statusCode).toBe(422);
    expect(errorOf(contradicting).details).toEqual([
      expect.objectContaining({ path: 'regions', code: 'mismatch' }),
    ]);
    const badValue = await patch(owner, draft.id, { tagline: 'After', regions: { [region.id]: 'yes' } });
    expect(badValue.statusCode).toBe(422);
    expect(errorOf(badValue).details[0]?.path).toBe(`regions.${region.id}`);
    const row = await rowOf(draft.id);
    expect({ tagline: row.tagline, regions: row.region_ids }).toEqual({
      tagline: 'Before',
      regions: [region.id],
    });
    // Both forms alike are fine.
    const alike = await patch(owner, draft.id, { regions: { [region.id]: true }, region_ids: [region.id] });
    expect(alike.statusCode, alike.body).toBe(200);
  });
});

describe('files of a listing that is not published (issue 20 safety)', () => {
  const videoPart = (index: number): Part => ({
    name: `submission[videos_attributes][${index}][file]`,
    filename: `tour-${index}.mp4`,
    type: 'video/mp4',
    data: mp4Of(1280, 720),
  });

  it('serves draft videos, screenshots and logos to collaborators and platform admins only, privately cached', async () => {
    const team = await appWithTeam(runtime);
    const { owner } = team.clients;
    const draft = (await save(owner, team.app.id, { tagline: 'Draft' })).json();
    const uploaded = await owner.request({
      method: 'PATCH',
      url: `/api/v1/submissions/${draft.id}`,
      ...form([
        videoPart(0),
        { name: 'submission[small_logo]', filename: 'logo.png', type: 'image/png', data: LOGO_PNG },
        {
          name: 'submission[pictures_attributes][0][file]',
          filename: 'shot.png',
          type: 'image/png',
          data: pngOf(1280, 720),
        },
      ]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const body = uploaded.json();
    const urls = [body.videos[0].external_url, body.videos[0].url, body.small_logo.url, body.pictures[0].url];
    for (const url of urls) {
      for (const actor of ACTORS) {
        const response = await team.clients[actor].request({ method: 'GET', url });
        const expected = actor === 'stranger' ? 404 : 200;
        expect([url, actor, response.statusCode]).toEqual([url, actor, expected]);
        if (expected === 200) {
          expect(response.headers['cache-control']).toMatch(/^private/);
          expect(response.headers['cache-control']).not.toMatch(/public|immutable/);
        }
      }
      const anonymous = await runtime.app.inject({ method: 'GET', url });
      expect([url, anonymous.statusCode]).toEqual([url, anonymous.statusCode === 401 ? 401 : 404]);
    }
    // The hosted video, signed out: no more than for a video that never existed.
    const signedOut = await runtime.app.inject({ method: 'GET', url: body.videos[0].external_url });
    expect(signedOut.statusCode).toBe(404);
  });

  it('makes a removed file unreachable, for everyone', async () => {
    const team = await appWithTeam(runtime);
    const { owner, platformAdmin } = team.clients;
    const draft = (await save(owner, team.app.id, { tagline: 'Draft' })).json();
    const video = (
      await owner.request({
        method: 'PATCH',
        url: `/api/v1/submissions/${draft.id}`,
        ...form([videoPart(0)]),
      })
    ).json().videos[0];
    const removed = await patch(owner, draft.id, { remove_media_ids: [video.id] });
    expect(removed.json().videos).toEqual([]);
    for (const client of [owner, platformAdmin]) {
      for (const url of [video.external_url, video.url]) {
        expect([url, (await client.request({ method: 'GET', url })).statusCode]).toEqual([url, 404]);
      }
    }
  });

  it('keeps the published listing’s video public and cacheable; the update’s new video stays private', async () => {
    const team = await appWithTeam(runtime);
    const { owner, platformAdmin } = team.clients;
    const ref = await referenceIds(owner);
    const version = await promotedVersion(runtime, team.app.id, '1.0.0');
    const draft = (await save(owner, team.app.id, completeFields(ref, version))).json();
    const parts: Part[] = [
      videoPart(0),
      { name: 'submission[small_logo]', filename: 'logo.png', type: 'image/png', data: LOGO_PNG },
    ];
    for (const index of [0, 1, 2]) {
      parts.push({
        name: `submission[pictures_attributes][${index}][file]`,
        filename: `shot-${index}.png`,
        type: 'image/png',
        data: pngOf(1280, 720),
      });
    }
    const withMedia = await owner.request({
      method: 'PATCH',
      url: `/api/v1/submissions/${draft.id}`,
      ...form(parts),
    });
    expect(withMedia.statusCode, withMedia.body).toBe(200);
    const published = withMedia.json().videos[0];
    // Under review it is not published yet: still private.
    await patch(owner, draft.id, { state: 'in_review' });
    expect((await runtime.app.inject({ method: 'GET', url: published.external_url })).statusCode).toBe(404);
    await adminPatch(platformAdmin, draft.id, { approval_state: 'approved' });

    const open = await runtime.app.inject({ method: 'GET', url: published.external_url });
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toMatch(/^public/);

    // The update: a new video of its own stays private while the published one stays public.
    const next = (await save(owner, team.app.id, { tagline: 'Update' })).json();
    const added = await owner.request({
      method: 'PATCH',
      url: `/api/v1/submissions/${next.id}`,
      ...form([
        { name: 'submission[videos_attributes][0][id]', value: String(next.videos[0].id) },
        videoPart(1),
      ]),
    });
    expect(added.statusCode, added.body).toBe(200);
    const fresh = added
      .json()
      .videos.find((item: { origin_id: number; id: number }) => item.origin_id === item.id);
    expect((await runtime.app.inject({ method: 'GET', url: fresh.external_url })).statusCode).toBe(404);
    expect((await team.clients.stranger.request({ method: 'GET', url: fresh.external_url })).statusCode).toBe(
      404,
    );
    const mine = await owner.request({ method: 'GET', url: fresh.external_url });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toMatch(/^private/);
    expect((await runtime.app.inject({ method: 'GET', url: published.external_url })).statusCode).toBe(200);
  });
});
