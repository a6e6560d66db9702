// Issue 20 "Safety found by probing": what every upload route does with a body it cannot read, and with
// files whose names and contents lie.
import { allEndpoints, type Endpoint } from '@lintel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import { appWithTeam, LOGO_PNG } from './apps-support';
import { storedFileCount } from './listing-support';
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

    it(`answers a declared 4xx on ${endpoint.key} to a wrong content type and to too many parts`, async () => {
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
      expect(await storedFileCount(runtime)).toBe(before);
    });
  }
});
