import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Runtime } from '../src/runtime';
import { appWithTeam, LOGO_PNG, pngOf } from './apps-support';
import {
  completeFields,
  form,
  GIF_BYTES,
  HTML_BYTES,
  mp4Of,
  type Part,
  PDF_BYTES,
  promotedVersion,
  referenceIds,
  storedFileCount,
} from './listing-support';
import { type Client, errorOf, startTestRuntime } from './support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime({ env: { SANDBOX_PROVISION_DELAY_MS: '3600000' } });
});
afterAll(() => runtime?.close());

type Team = Awaited<ReturnType<typeof appWithTeam>>;

const file = (name: string, filename: string, data: Buffer, type = 'application/octet-stream'): Part => ({
  name,
  filename,
  type,
  data,
});

/** A draft with a tagline, to see that a refused save changes nothing. */
async function draftOf(team: Team) {
  const response = await team.clients.owner.request({
    method: 'POST',
    url: `/api/v1/developer_apps/${team.app.id}/submissions`,
    payload: { submission: { tagline: 'Before' } },
  });
  return response.json() as { id: number };
}

function send(client: Client, id: number, parts: Part[], admin = false) {
  return client.request({
    method: 'PATCH',
    url: `/api/v1/${admin ? 'admin/' : ''}submissions/${id}`,
    ...form(parts),
  });
}

async function mediaCount(id: number) {
  const rows = await runtime.database.db
    .selectFrom('listing_media')
    .select('id')
    .where('submission_id', '=', id)
    .execute();
  return rows.length;
}

async function taglineOf(id: number) {
  const row = await runtime.database.db
    .selectFrom('marketplace_submissions')
    .select('tagline')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.tagline;
}

/** Sends a refused upload and checks: 422 naming the field and the file, nothing changed, nothing stored. */
async function expectRefused(
  team: Team,
  parts: Part[],
  expected: { path: string; code: string; name: string },
  admin = false,
) {
  const draft = await draftOf(team);
  const before = await storedFileCount(runtime);
  const client = admin ? team.clients.platformAdmin : team.clients.owner;
  const response = await send(
    client,
    draft.id,
    [{ name: 'submission[tagline]', value: 'After' }, ...parts],
    admin,
  );
  expect(response.statusCode, response.body).toBe(422);
  const detail = errorOf(response).details[0];
  expect(detail).toMatchObject({ path: expected.path, code: expected.code });
  expect(detail?.message).toContain(expected.name);
  expect(await taglineOf(draft.id)).toBe('Before');
  expect(await mediaCount(draft.id)).toBe(0);
  // A refused request's uploads are removed once the answer is sent.
  await vi.waitFor(async () => expect(await storedFileCount(runtime)).toBe(before));
  return detail;
}

describe('media checked by content (spec 3 §5)', () => {
  it('refuses a 300×300 PNG as a screenshot, naming the file and the rule', async () => {
    const team = await appWithTeam(runtime);
    const detail = await expectRefused(
      team,
      [
        file('submission[pictures_attributes][0][file]', 'wide.png', pngOf(1280, 720)),
        file('submission[pictures_attributes][1][file]', 'square.png', pngOf(300, 300)),
      ],
      { path: 'pictures_attributes.1.file', code: 'invalid', name: 'square.png' },
    );
    expect(detail?.message).toMatch(/720×480 to 1920×1080.*4:3 and 16:9.*300×300/);
  });

  it('refuses screenshots too large or outside 4:3..16:9', async () => {
    const team = await appWithTeam(runtime);
    for (const [w, h] of [
      [2560, 1440],
      [1920, 800],
      [700, 480],
    ] as const) {
      await expectRefused(
        team,
        [file('submission[pictures_attributes][0][file]', `shot-${w}.png`, pngOf(w, h))],
        {
          path: 'pictures_attributes.0.file',
          code: 'invalid',
          name: `shot-${w}.png`,
        },
      );
    }
  });

  it('refuses a GIF renamed .png (by its bytes, whatever the name and declared type)', async () => {
    const team = await appWithTeam(runtime);
    await expectRefused(team, [file('submission[small_logo]', 'logo.png', GIF_BYTES, 'image/png')], {
      path: 'small_logo',
      code: 'file_type',
      name: 'logo.png',
    });
  });

  it('refuses a logo that is not square or not larger than 200×200', async () => {
    const team = await appWithTeam(runtime);
    for (const [w, h] of [
      [200, 200],
      [400, 300],
    ] as const) {
      await expectRefused(team, [file('submission[small_logo]', `logo-${w}.png`, pngOf(w, h), 'image/png')], {
        path: 'small_logo',
        code: 'image_size',
        name: `logo-${w}.png`,
      });
    }
  });

  it('refuses an MP4 of 640×360, read from its track header', async () => {
    const team = await appWithTeam(runtime);
    await expectRefused(
      team,
      [file('submission[videos_attributes][0][file]', 'demo.mp4', mp4Of(640, 360), 'video/mp4')],
      {
        path: 'videos_attributes.0.file',
        code: 'invalid',
        name: 'demo.mp4',
      },
    );
  });

  it('refuses an HTML file as the self-assessment document', async () => {
    const team = await appWithTeam(runtime);
    await expectRefused(
      team,
      [
        file(
          'submission[security_questionnaire_document][file]',
          'assessment.pdf',
          HTML_BYTES,
          'application/pdf',
        ),
      ],
      { path: 'security_questionnaire_document.file', code: 'file_type', name: 'assessment.pdf' },
      true,
    );
  });

  it('keeps a 720p MP4 and a 1080p MOV whose moov box follows the media data, through the video host', async () => {
    const team = await appWithTeam(runtime);
    const draft = await draftOf(team);
    const response = await send(team.clients.owner, draft.id, [
      file('submission[videos_attributes][0][file]', 'demo.mp4', mp4Of(1280, 720), 'video/mp4'),
      { name: 'submission[videos_attributes][0][description]', value: 'A tour' },
      file(
        'submission[videos_attributes][1][file]',
        'walkthrough.mov',
        mp4Of(1080, 1920, { brand: 'qt', mdatBytes: 700_000 }),
      ),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const videos = response.json().videos;
    expect(videos).toMatchObject([
      {
        type: 'Video',
        name: 'demo.mp4',
        description: 'A tour',
        content_type: 'video/mp4',
        width: 1280,
        height: 720,
      },
      { type: 'Video', name: 'walkthrough.mov', content_type: 'video/quicktime', width: 1080, height: 1920 },
    ]);
    expect(videos[0].external_url).toMatch(/^\/api\/v1\/video_host\/medias\/[a-f0-9]{20}$/);
    // The embedded host serves what it keeps; a draft's video to the app's collaborators (see below).
    const hosted = await team.clients.owner.request({ method: 'GET', url: videos[0].external_url });
    expect(hosted.statusCode).toBe(200);
    expect(hosted.headers['content-type']).toBe('video/mp4');
    expect(hosted.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    const unknown = await runtime.app.inject({
      method: 'GET',
      url: '/api/v1/video_host/medias/0000000000aaaaaaaaaa',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps a PDF document and a showcase video on the admin form; developers may not send them', async () => {
    const team = await appWithTeam(runtime);
    const draft = await draftOf(team);
    const admin = await send(
      team.clients.platformAdmin,
      draft.id,
      [
        file('submission[security_questionnaire_document][file]', 'assessment.pdf', PDF_BYTES),
        file('submission[showcase_video_attributes][file]', 'showcase.mp4', mp4Of(1920, 1080)),
      ],
      true,
    );
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json().security_questionnaire_document).toMatchObject({
      type: 'Document',
      name: 'assessment.pdf',
      content_type: 'application/pdf',
    });
    expect(admin.json().showcase_video).toMatchObject({ type: 'ShowcaseVideo', name: 'showcase.mp4' });
    const developer = await send(team.clients.owner, draft.id, [
      file('submission[security_questionnaire_document][file]', 'a.pdf', PDF_BYTES),
    ]);
    expect(developer.statusCode).toBe(422);
    expect(errorOf(developer).details[0]).toMatchObject({
      path: 'security_questionnaire_document.file',
      code: 'unknown_field',
    });
  });

  it('replaces and removes the logo, deleting stored files no listing names any more', async () => {
    const team = await appWithTeam(runtime);
    const draft = await draftOf(team);
    const first = await send(team.clients.owner, draft.id, [
      file('submission[small_logo]', 'logo.png', LOGO_PNG),
    ]);
    expect(first.json().small_logo).toMatchObject({ type: 'Logo', name: 'logo.png' });
    const before = await storedFileCount(runtime);
    const second = await send(team.clients.owner, draft.id, [
      file('submission[small_logo]', 'logo-2.png', pngOf(512, 512)),
    ]);
    expect(second.json().small_logo).toMatchObject({ name: 'logo-2.png', width: 512 });
    await vi.waitFor(async () => expect(await storedFileCount(runtime)).toBe(before));
    const removed = await team.clients.owner.request({
      method: 'PATCH',
      url: `/api/v1/submissions/${draft.id}`,
      payload: { submission: { remove_small_logo: true } },
    });
    expect(removed.json()).toMatchObject({ small_logo: null, small_logo_url: null });
    await vi.waitFor(async () => expect(await storedFileCount(runtime)).toBe(before - 1));
  });

  it('gives each screenshot its own description when only some have one (the indexes are kept)', async () => {
    const team = await appWithTeam(runtime);
    const draft = await draftOf(team);
    const response = await send(team.clients.owner, draft.id, [
      file('submission[pictures_attributes][0][file]', 'first.png', pngOf(1280, 720)),
      { name: 'submission[pictures_attributes][0][description]', value: 'The first' },
      file('submission[pictures_attributes][1][file]', 'second.png', pngOf(1280, 720)),
      file('submission[pictures_attributes][2][file]', 'third.png', pngOf(1280, 720)),
      { name: 'submission[pictures_attributes][2][description]', value: 'The third' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const described = Object.fromEntries(
      response
        .json()
        .pictures.map((p: { original_filename: string; description: string | null }) => [
          p.original_filename,
          p.description,
        ]),
    );
    expect(described).toEqual({ 'first.png': 'The first', 'second.png': null, 'third.png': 'The third' });
  });

  it('refuses a description at an index no file or stored screenshot fills, storing nothing', async () => {
    const team = await appWithTeam(runtime);
    const draft = await draftOf(team);
    const before = await storedFileCount(runtime);
    const response = await send(team.clients.owner, draft.id, [
      file('submission[pictures_attributes][0][file]', 'first.png', pngOf(1280, 720)),
      { name: 'submission[pictures_attributes][1][description]', value: 'Whose?' },
    ]);
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).details[0]?.path).toMatch(/^pictures_attributes\.1/);
    await vi.waitFor(async () => expect(await storedFileCount(runtime)).toBe(before));
    expect(await mediaCount(draft.id)).toBe(0);
  });

  it('refuses more than 10 screenshots in one listing', async () => {
    const team = await appWithTeam(runtime);
    const parts = Array.from({ length: 11 }, (_, index) =>
      file(`submission[pictures_attributes][${index}][file]`, `s${index}.png`, pngOf(720, 480)),
    );
    const draft = await draftOf(team);
    const before = await storedFileCount(runtime);
    const response = await send(team.clients.owner, draft.id, parts);
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).details[0]?.path).toMatch(/^pictures_attributes/);
    await vi.waitFor(async () => expect(await storedFileCount(runtime)).toBe(before));
    expect(await mediaCount(draft.id)).toBe(0);
  });
});

describe('bad input (issue 10): a clear 4xx naming the field, nothing changed', () => {
  const cases: [string, object, string][] = [
    ['over-long text', { public_name: 'x'.repeat(51) }, 'public_name'],
    ['over-long tagline', { tagline: 't'.repeat(101) }, 'tagline'],
    ['4 categories', { category_ids: [1, 2, 3, 4] }, 'category_ids'],
    ['an invalid e-mail', { support_email: 'support@' }, 'support_email'],
    ['an invalid URL', { pricing_url: 'pricing page' }, 'pricing_url'],
    [
      'a javascript: helpful link',
      { helpful_links: [{ label: 'Docs', url: 'javascript:alert(1)' }] },
      'helpful_links.0.url',
    ],
    ['a region id that does not exist', { region_ids: [999999] }, 'region_ids.0'],
    ['an unknown field', { approval_state: 'approved' }, 'approval_state'],
    ['a stored media id of another listing', { remove_media_ids: [999999] }, 'remove_media_ids.0'],
  ];
  it.each(cases)('%s', async (_label, submission, path) => {
    const team = await appWithTeam(runtime);
    const draft = await draftOf(team);
    const response = await team.clients.owner.request({
      method: 'PATCH',
      url: `/api/v1/submissions/${draft.id}`,
      payload: { submission: { tagline: 'After', ...submission } },
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).details.map((d) => d.path)).toContain(path);
    if (!('tagline' in submission)) expect(await taglineOf(draft.id)).toBe('Before');
  });

  it('names the form fields, without the body wrapper `submission.`, on the admin routes too', async () => {
    const team = await appWithTeam(runtime);
    const draft = await draftOf(team);
    const response = await team.clients.platformAdmin.request({
      method: 'PATCH',
      url: `/api/v1/admin/submissions/${draft.id}`,
      payload: { submission: { feature_bullets: ['One', 'x'.repeat(201)], notes: 'n'.repeat(5001) } },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.error.details.map((d: { path: string }) => d.path)).toEqual(['feature_bullets.1', 'notes']);
    // The human texts name the same fields by their labels (shared field-labels.ts).
    expect(body.errors[0]).toMatch(/^Feature 2 /);
    expect(body.error.message).not.toMatch(/submission/i);
    expect(await taglineOf(draft.id)).toBe('Before');
  });

  it('two screenshots are not enough to submit', async () => {
    const team = await appWithTeam(runtime);
    const fields = completeFields(
      await referenceIds(team.clients.owner),
      await promotedVersion(runtime, team.app.id),
    );
    const saved = await team.clients.owner.request({
      method: 'POST',
      url: `/api/v1/developer_apps/${team.app.id}/submissions`,
      payload: { submission: fields },
    });
    const id = saved.json().id;
    await send(team.clients.owner, id, [
      file('submission[small_logo]', 'logo.png', LOGO_PNG),
      file('submission[pictures_attributes][0][file]', 'a.png', pngOf(1280, 720)),
      file('submission[pictures_attributes][1][file]', 'b.png', pngOf(1280, 720)),
    ]);
    const response = await team.clients.owner.request({
      method: 'PATCH',
      url: `/api/v1/submissions/${id}`,
      payload: { submission: { state: 'in_review' } },
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).details).toEqual([
      expect.objectContaining({
        path: 'pictures',
        code: 'too_few',
        message: 'At least 3 items are required',
      }),
    ]);
  });
});
