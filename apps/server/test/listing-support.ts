import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { manifestRepository } from '../src/modules/manifests/repository';
import type { Runtime } from '../src/runtime';
import type { Client } from './support';

/** One part of a multipart body: a text field, or a file with its name and declared type. */
export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; type: string; data: Buffer };

/** A multipart/form-data body of several fields and files (what the listing editor sends). */
export function form(parts: readonly Part[]) {
  const boundary = `----lintel-listing-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real (1×1) GIF: what a "GIF renamed .png" carries. */
export const GIF_BYTES = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
/** An HTML page (sent as a "document"). */
export const HTML_BYTES = Buffer.from(
  '<!DOCTYPE html><html><head><title>x</title></head><body>not a pdf</body></html>\n',
);
/** A small valid-looking PDF (the type is recognised from its %PDF header). */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length + 8, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/**
 * A tiny MP4 (or QuickTime, brand `qt  `) whose video track header says `width`×`height`; `mdatBytes`
 * of media data before the `moov` box puts it past the upload's inspected head (a file that is not
 * "fast start"), unless `fastStart` keeps the `moov` box first as an encoder's web export does.
 */
export function mp4Of(
  width: number,
  height: number,
  options: { brand?: string; mdatBytes?: number; fastStart?: boolean } = {},
): Buffer {
  const brand = options.brand ?? 'isom';
  const ftyp = box(
    'ftyp',
    Buffer.from(brand.padEnd(4, ' '), 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from(`${brand.padEnd(4, ' ')}mp41`, 'latin1'),
  );
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(0x00000003, 0); // version 0, flags enabled|in movie
  tkhd.writeUInt32BE(1, 12); // track id
  // identity matrix
  tkhd.writeUInt32BE(0x00010000, 40);
  tkhd.writeUInt32BE(0x00010000, 56);
  tkhd.writeUInt32BE(0x40000000, 72);
  tkhd.writeUInt32BE(width * 65536, 76);
  tkhd.writeUInt32BE(height * 65536, 80);
  const hdlr = Buffer.alloc(25);
  hdlr.write('vide', 8, 'latin1');
  const audioHdlr = Buffer.alloc(25);
  audioHdlr.write('soun', 8, 'latin1');
  const audioTkhd = Buffer.alloc(84);
  audioTkhd.writeUInt32BE(2, 12);
  const moov = box(
    'moov',
    box('mvhd', Buffer.alloc(100)),
    box('trak', box('tkhd', audioTkhd), box('mdia', box('hdlr', audioHdlr))),
    box('trak', box('tkhd', tkhd), box('mdia', box('hdlr', hdlr))),
  );
  const mdat = box('mdat', Buffer.alloc(options.mdatBytes ?? 64, 0x11));
  return (options.mdatBytes ?? 0) > 0 && !options.fastStart
    ? Buffer.concat([ftyp, mdat, moov])
    : Buffer.concat([ftyp, moov, mdat]);
}

/** How many files the local storage holds (uploads of refused requests must not stay). */
export async function storedFileCount(runtime: Runtime): Promise<number> {
  const storage = runtime.config.storage;
  if (storage.kind !== 'local') throw new Error('the listing tests count files of the local storage');
  const walk = async (dir: string): Promise<number> => {
    let count = 0;
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (entry.name.startsWith('.')) continue;
      count += entry.isDirectory() ? await walk(path.join(dir, entry.name)) : 1;
    }
    return count;
  };
  return walk(storage.directory);
}

/** Ids of the seeded reference data, to build listings with. */
export async function referenceIds(client: Client) {
  const get = async (url: string) =>
    (await client.request({ method: 'GET', url })).json() as { id: number }[];
  const [categories, regions, tools, standards] = await Promise.all([
    get('/api/v1/categories'),
    get('/api/v1/regions') as Promise<{ id: number; countries: { id: number }[] }[]>,
    get('/api/v1/product_tools'),
    get('/api/v1/security_standards'),
  ]);
  return { categories, regions: regions as { id: number; countries: { id: number }[] }[], tools, standards };
}

/**
 * A production version of the app, as promotion leaves it (written directly: the listing tests are about
 * the listing, manifests.test.ts about promotion).
 */
export async function promotedVersion(runtime: Runtime, appId: number, semanticVersion = '1.0.0') {
  const app = await runtime.database.db
    .selectFrom('developer_apps')
    .select('owner_id')
    .where('id', '=', appId)
    .executeTakeFirstOrThrow();
  const row = await manifestRepository.insert(runtime.database.db, {
    developer_app_id: appId,
    environment_type: 'ProductionEnvironment',
    semantic_version: semanticVersion,
    state: 'confidential',
    schema_version: '4.1',
    content: { schema_version: '4.1' },
    configured_manifest_content: null,
    auth_code_enabled: true,
    changelog: 'First release',
    app_version_key: randomUUID(),
    source_app_version_id: null,
    created_by: app.owner_id,
    created_at: new Date(),
  });
  return row.id;
}

/** Every text field of a complete listing (spec 3 §5), as JSON `submission` fields, naming a version. */
export function completeFields(ref: Awaited<ReturnType<typeof referenceIds>>, appVersionId: number) {
  const [first, second] = ref.categories;
  const region = ref.regions[0];
  if (!first || !second || !region) throw new Error('no reference data');
  return {
    public_name: 'Site Diary Sync',
    tagline: 'Daily logs from the field, in one place',
    built_by: 'Acme Build',
    sold_by: 'Acme Build',
    description: 'Syncs the daily logs of every project with your office systems.',
    about: 'Acme builds tools for general contractors.',
    how_it_works: 'Connect your account, map your projects, and the logs flow both ways.',
    category_ids: [first.id, second.id],
    app_version_id: appVersionId,
    draft_developer_notes: 'First listing.',
    installable: true,
    subscription_required: true,
    connector_required: false,
    has_trials: true,
    pricing_url: 'https://acme.example/pricing',
    pricing_description: 'Per project, per month.',
    region_ids: [region.id],
    country_ids: region.countries.map((c) => c.id),
    feature_bullets: [
      'Daily logs synced both ways',
      'Photos attached to each entry',
      'Weather recorded automatically',
    ],
    website_link: { label: 'Help centre', url: 'https://acme.example/help' },
    support_email: 'support@acme.example',
    contact_us_email: 'sales@acme.example',
    security_questionnaire_visible: false,
  };
}

/** Saves a listing as the developer side does (POST …/submissions: a new one, or the open draft). */
export const saveSubmission = (client: Client, appId: number, submission: object) =>
  client.request({
    method: 'POST',
    url: `/api/v1/developer_apps/${appId}/submissions`,
    payload: { submission },
  });

/** PATCH /api/v1/submissions/{id}: the developer's change or review action. */
export const patchSubmission = (client: Client, id: number, submission: object) =>
  client.request({ method: 'PATCH', url: `/api/v1/submissions/${id}`, payload: { submission } });

/** PATCH /api/v1/admin/submissions/{id}: an administrator's change or verdict. */
export const adminPatchSubmission = (client: Client, id: number, submission: object) =>
  client.request({ method: 'PATCH', url: `/api/v1/admin/submissions/${id}`, payload: { submission } });

/** A submission's stored row. */
export const submissionRow = (runtime: Runtime, id: number) =>
  runtime.database.db
    .selectFrom('marketplace_submissions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
