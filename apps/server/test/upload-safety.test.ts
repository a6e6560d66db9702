// Issue 20 "Safety found by probing": what every upload route does with a body it cannot read, and with
// files whose names and contents lie.
import zlib from 'node:zlib';
import { allEndpoints, type Endpoint, MAX_IMAGE_SIDE } from '@lintel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import { appWithTeam, LOGO_PNG, multipart, pngOf } from './apps-support';
import { form, storedFileCount } from './listing-support';
import { type Client, errorOf, startTestRuntime } from './support';

let runtime: Runtime;
let team: Awaited<ReturnType<typeof appWithTeam>>;
let submissionId: number;

beforeAll(async () => {
  runtime = await startTestRuntime({ env: { SANDBOX_PROVISION_DELAY_MS: '3600000' } });
  team = await appWithTeam(runtime, 'Upload Probe');
  const draft = await team.clients.owner.request({
    method: 'POST',
    url: `/api/v1/developer_apps/${team.app.id}/submissions`,
    payload: { submission: { tagline: 'Before' } },
  });
  submissionId = (draft.json() as { id: number }).id;
}, 60_000);
afterAll(() => runtime?.close());

/** Every route whose contract takes multipart: found from the contracts, so a new one is covered too. */
const uploadRoutes = (allEndpoints as readonly Endpoint[]).filter((endpoint) => endpoint.files);

function target(endpoint: Endpoint): { client: Client; url: string } {
  const id = /\/submissions\/:id/.test(endpoint.path) ? submissionId : team.app.id;
  const client = endpoint.path.includes('/admin/') ? team.clients.platformAdmin : team.clients.owner;
  return { client, url: endpoint.path.replace(':id', String(id)) };
}

/** A file field of the route (its first), with `N` as index 0. */
const fileField = (endpoint: Endpoint) =>
  Object.keys(endpoint.files ?? {})[0]?.replace('[N]', '[0]') ?? 'file';

const malformedBodies = (endpoint: Endpoint): Record<string, { payload: Buffer; contentType: string }> => ({
  'no boundary': {
    payload: Buffer.from(`--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n`),
    contentType: 'multipart/form-data',
  },
  'a file cut off before its end': {
    payload: Buffer.concat([
      Buffer.from(
        `--x\r\nContent-Disposition: form-data; name="${fileField(endpoint)}"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      LOGO_PNG.subarray(0, LOGO_PNG.length - 20),
    ]),
    contentType: 'multipart/form-data; boundary=x',
  },
  'a text field cut off': {
    payload: Buffer.from(`--x\r\nContent-Disposition: form-data; name="a[name]"\r\n\r\nabc`),
    contentType: 'multipart/form-data; boundary=x',
  },
  'no multipart at all': { payload: Buffer.from('hello'), contentType: 'multipart/form-data; boundary=x' },
  'a part without a name': {
    payload: Buffer.from(`--x\r\nContent-Disposition: form-data\r\n\r\nb\r\n--x--\r\n`),
    contentType: 'multipart/form-data; boundary=x',
  },
});

describe('a multipart body that cannot be read', () => {
  it('finds the upload routes', () => {
    expect(uploadRoutes.map((endpoint) => endpoint.key).sort()).toEqual(
      [
        'PATCH /api/v1/developer_apps/:id',
        'PUT /api/v1/admin/developer_apps/:id',
        'POST /api/v1/developer_apps/:id/submissions',
        'PATCH /api/v1/submissions/:id',
        'PATCH /api/v1/admin/submissions/:id',
        'POST /api/v1/admin/developer_apps/:id/submissions',
      ].sort(),
    );
  });

  for (const endpoint of uploadRoutes) {
    it(`answers 400 malformed_multipart on ${endpoint.key} and stores nothing`, async () => {
      const { client, url } = target(endpoint);
      const before = await storedFileCount(runtime);
      for (const [name, body] of Object.entries(malformedBodies(endpoint))) {
        const response = await client.request({
          method: endpoint.method,
          url,
          payload: body.payload,
          headers: { 'content-type': body.contentType },
        });
        expect(response.statusCode, name).toBe(400);
        expect(errorOf(response).code, name).toBe('malformed_multipart');
        expect(response.json().errors, name).toEqual([errorOf(response).message]);
      }
      expect(await storedFileCount(runtime)).toBe(before);
    });

    it(`answers a declared 4xx on ${endpoint.key} to a wrong content type, too many parts and a part too large`, async () => {
      const { client, url } = target(endpoint);
      const before = await storedFileCount(runtime);
      const wrongType = await client.request({
        method: endpoint.method,
        url,
        payload: LOGO_PNG,
        headers: { 'content-type': 'image/png' },
      });
      expect(wrongType.statusCode).toBe(415);
      expect(errorOf(wrongType).code).toBe('unsupported_media_type');
      const parts = Array.from(
        { length: 800 },
        (_, i) => `--x\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nb\r\n`,
      ).join('');
      const tooMany = await client.request({
        method: endpoint.method,
        url,
        payload: `${parts}--x--\r\n`,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      });
      expect(tooMany.statusCode).toBe(413);
      expect(errorOf(tooMany).code).toBe('payload_too_large');
      const field = fileField(endpoint);
      const maxBytes = Object.values(endpoint.files ?? {})[0]?.maxBytes ?? 0;
      const tooLarge = await client.request({
        method: endpoint.method,
        url,
        ...form([{ name: field, filename: 'big.png', type: 'image/png', data: pngOf(256, 256, maxBytes) }]),
      });
      expect(tooLarge.statusCode).toBe(413);
      expect(errorOf(tooLarge).code).toBe('payload_too_large');
      expect(errorOf(tooLarge).details[0]).toMatchObject({ code: 'file_too_large' });
      expect(await storedFileCount(runtime)).toBe(before);
    });
  }
});

/**
 * A PNG whose header says `width`×`height` with almost no pixel data behind it: what a "decompression
 * bomb" looks like to the server, which reads only the header.
 */
function pngHeaderOf(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('image dimensions', () => {
  const huge = pngHeaderOf(MAX_IMAGE_SIDE * 8, MAX_IMAGE_SIDE * 8);
  const cases = [
    {
      key: 'PATCH /api/v1/developer_apps/:id',
      field: 'developer_app[thumbnail]',
      path: 'developer_app.thumbnail',
    },
    {
      key: 'PUT /api/v1/admin/developer_apps/:id',
      field: 'developer_app[thumbnail]',
      path: 'developer_app.thumbnail',
    },
    { key: 'PATCH /api/v1/submissions/:id', field: 'submission[small_logo]', path: 'small_logo' },
    {
      key: 'PATCH /api/v1/submissions/:id',
      field: 'submission[pictures_attributes][0][file]',
      path: 'pictures_attributes.0.file',
    },
    { key: 'PATCH /api/v1/admin/submissions/:id', field: 'submission[small_logo]', path: 'small_logo' },
  ];
  for (const { key, field, path } of cases) {
    it(`refuses an image larger than ${MAX_IMAGE_SIDE} px a side in ${field} of ${key} with 422, reading only its header`, async () => {
      const endpoint = uploadRoutes.find((candidate) => candidate.key === key) as Endpoint;
      const { client, url } = target(endpoint);
      const before = await storedFileCount(runtime);
      const response = await client.request({
        method: endpoint.method,
        url,
        ...form([{ name: field, filename: 'bomb.png', type: 'image/png', data: huge }]),
      });
      expect(response.statusCode).toBe(422);
      const detail = errorOf(response).details.find((d) => d.path === path);
      expect(detail).toMatchObject({
        code: 'image_too_large',
        params: {
          name: 'bomb.png',
          width: MAX_IMAGE_SIDE * 8,
          height: MAX_IMAGE_SIDE * 8,
          max: MAX_IMAGE_SIDE,
        },
      });
      expect(detail?.message).toContain(`at most ${MAX_IMAGE_SIDE}×${MAX_IMAGE_SIDE}`);
      expect(await storedFileCount(runtime)).toBe(before);
    });
  }

  it('still takes a logo up to the cap', async () => {
    const response = await team.clients.owner.request({
      method: 'PATCH',
      url: `/api/v1/developer_apps/${team.app.id}`,
      ...multipart('developer_app[thumbnail]', 'logo.png', 'image/png', LOGO_PNG),
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('the names of uploaded files', () => {
  it('keeps and serves a PNG named like a web page under the PNG extension, without bidi characters', async () => {
    const response = await team.clients.owner.request({
      method: 'PATCH',
      url: `/api/v1/submissions/${submissionId}`,
      ...form([
        {
          name: 'submission[pictures_attributes][0][file]',
          filename: 'in\u202evoice\u0007.html',
          type: 'text/html',
          data: pngOf(1024, 768),
        },
      ]),
    });
    expect(response.statusCode).toBe(200);
    const picture = (
      response.json() as { pictures: { id: number; name: string; original_filename: string }[] }
    ).pictures[0];
    expect(picture?.original_filename).toBe('invoice.png');
    expect(picture?.name).toBe('invoice.png');
    const row = await runtime.database.db
      .selectFrom('listing_media')
      .select(['storage_key', 'original_filename', 'content_type'])
      .where('id', '=', picture?.id as number)
      .executeTakeFirstOrThrow();
    expect(row.storage_key).toMatch(/\.png$/);
    expect(row.content_type).toBe('image/png');

    const served = await team.clients.owner.request({
      method: 'GET',
      url: `/api/v1/submissions/${submissionId}/media/${picture?.id}`,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="invoice.png"; filename*=UTF-8''invoice.png`,
    );
  });

  it('serves a name stored before names were cleaned without its control characters and with its type’s extension', async () => {
    const [picture] = await runtime.database.db
      .selectFrom('listing_media')
      .select('id')
      .where('submission_id', '=', submissionId)
      .execute();
    await runtime.database.db
      .updateTable('listing_media')
      .set({ name: 'old\u202egnp.html', original_filename: 'old\u202egnp.html' })
      .where('id', '=', picture?.id as number)
      .execute();
    const served = await team.clients.owner.request({
      method: 'GET',
      url: `/api/v1/submissions/${submissionId}/media/${picture?.id}`,
    });
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="oldgnp.png"; filename*=UTF-8''oldgnp.png`,
    );
  });
});
