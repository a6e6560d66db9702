import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Runtime } from '../src/runtime';
import { LocalStorage, readRange, type Storage } from '../src/storage/index';
import { S3Storage } from '../src/storage/s3';
import { appWithTeam, LOGO_PNG, multipart } from './apps-support';
import { errorOf, startTestRuntime } from './support';

const MiB = 1024 * 1024;
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** `total` deterministic bytes, produced 64 KiB at a time, so nothing ever holds them all. */
function generated(total: number, seed = 1): { stream: Readable; sha256: () => string } {
  const hash = createHash('sha256');
  async function* chunks() {
    let state = seed;
    for (let sent = 0; sent < total; ) {
      const chunk = Buffer.alloc(Math.min(64 * 1024, total - sent));
      for (let i = 0; i < chunk.length; i++) {
        state = (Math.imul(state, 1103515245) + 12345) >>> 0;
        chunk[i] = state >>> 24;
      }
      hash.update(chunk);
      sent += chunk.length;
      yield chunk;
    }
  }
  return { stream: Readable.from(chunks()), sha256: () => hash.digest('hex') };
}

/** Reads a stream to its end, returning its length and SHA-256 without keeping the bytes. */
async function digest(stream: Readable): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

async function text(storage: Storage, key: string): Promise<string | undefined> {
  const stored = await storage.get(key);
  if (!stored) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A real S3-protocol server on a free port, with its own directory and one bucket. */
async function startS3(bucket: string) {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const admin = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  admin.destroy();
  return {
    endpoint,
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/** The one behaviour every adapter owes the portal. */
function storageContract(name: string, open: () => Promise<{ storage: Storage; close(): Promise<void> }>) {
  describe(name, () => {
    let storage: Storage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await open());
    });
    afterAll(async () => {
      storage.close();
      await close();
    });

    it('streams a generated upload of several MB in and reads it back byte for byte', async () => {
      const total = 12 * MiB + 12_345; // more than two 5 MB parts on S3, and not a round number
      const body = generated(total);
      expect(await storage.put('uploads/big.bin', body.stream, { contentType: 'application/zip' })).toEqual({
        size: total,
      });
      const expected = body.sha256();
      expect(await storage.head('uploads/big.bin')).toEqual({ size: total, contentType: 'application/zip' });
      const stored = await storage.get('uploads/big.bin');
      expect(stored).toMatchObject({ size: total, contentType: 'application/zip' });
      expect(stored?.stream).toBeInstanceOf(Readable);
      expect(await digest(stored?.stream as Readable)).toEqual({ size: total, sha256: expected });
    });

    it('stores a Buffer and an empty body', async () => {
      expect(
        await storage.put('small/hello.txt', Buffer.from('hello'), { contentType: 'text/plain' }),
      ).toEqual({
        size: 5,
      });
      expect(await text(storage, 'small/hello.txt')).toBe('hello');
      expect(await storage.put('small/empty', Buffer.alloc(0))).toEqual({ size: 0 });
      expect((await storage.head('small/empty'))?.size).toBe(0);
      expect(await text(storage, 'small/empty')).toBe('');
    });

    it("reads a byte range, clamped to the end, with the whole object's size", async () => {
      await storage.put('ranged/abc.txt', Buffer.from('abcdefghijklmnopqrstuvwxyz'));
      expect(await readRange(storage, 'ranged/abc.txt', { start: 2, end: 5 })).toEqual({
        bytes: Buffer.from('cdef'),
        size: 26,
      });
      expect(await readRange(storage, 'ranged/abc.txt', { start: 20, end: 40 })).toEqual({
        bytes: Buffer.from('uvwxyz'),
        size: 26,
      });
      expect(await readRange(storage, 'ranged/none.txt', { start: 0, end: 15 })).toBeUndefined();
    });

    it('answers undefined for a missing object, and deletes without complaint when there is none', async () => {
      expect(await storage.get('nothing/here.png')).toBeUndefined();
      expect(await storage.head('nothing/here.png')).toBeUndefined();
      await expect(storage.delete('nothing/here.png')).resolves.toBeUndefined();
    });

    it('deletes an object', async () => {
      await storage.put('gone/soon.txt', Buffer.from('bye'), { contentType: 'text/plain' });
      expect(await storage.head('gone/soon.txt')).toEqual({ size: 3, contentType: 'text/plain' });
      await storage.delete('gone/soon.txt');
      expect(await storage.get('gone/soon.txt')).toBeUndefined();
      expect(await storage.head('gone/soon.txt')).toBeUndefined();
    });

    it('replaces an object on a second put, content type included', async () => {
      await storage.put('twice/logo', Buffer.from('first version'), { contentType: 'image/png' });
      const second = generated(300_000, 7);
      await storage.put('twice/logo', second.stream, { contentType: 'image/jpeg' });
      const stored = await storage.get('twice/logo');
      expect(stored).toMatchObject({ size: 300_000, contentType: 'image/jpeg' });
      expect(await digest(stored?.stream as Readable)).toEqual({ size: 300_000, sha256: second.sha256() });
    });

    it('treats a key prefix as no object', async () => {
      await storage.put('folder/inside.txt', Buffer.from('x'));
      expect(await storage.get('folder')).toBeUndefined();
      expect(await storage.head('folder')).toBeUndefined();
      await storage.delete('folder');
      expect(await text(storage, 'folder/inside.txt')).toBe('x');
    });

    it('leaves no object behind when the body fails half way', async () => {
      async function* failing() {
        yield Buffer.alloc(6 * MiB, 1);
        throw new Error('the client went away');
      }
      await expect(storage.put('broken/upload.bin', Readable.from(failing()))).rejects.toThrow();
      expect(await storage.get('broken/upload.bin')).toBeUndefined();
    });

    it.each([
      '../outside',
      'a/../../etc/passwd',
      '/etc/passwd',
      '.hidden',
      'a/.meta',
      'a//b',
      'a/',
      '',
      'with space',
      'back\\slash',
      'ünïcode',
      'x'.repeat(1025),
    ])('refuses the unsafe key %j', async (key) => {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('unsafe storage key');
      await expect(storage.get(key)).rejects.toThrow('unsafe storage key');
      await expect(storage.head(key)).rejects.toThrow('unsafe storage key');
      await expect(storage.delete(key)).rejects.toThrow('unsafe storage key');
    });
  });
}

storageContract('LocalStorage', async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-storage-'));
  return {
    storage: new LocalStorage(root),
    close: () => fs.rm(root, { recursive: true, force: true }),
  };
});

storageContract('S3Storage on an S3-protocol server (s3rver)', async () => {
  const s3 = await startS3('lintel-contract');
  return {
    storage: new S3Storage({
      bucket: 'lintel-contract',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      credentials: S3RVER_CREDENTIALS,
    }),
    close: s3.close,
  };
});

describe('LocalStorage on disk', () => {
  it('keeps no temporary file after a failed upload, and none but the object after a good one', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-storage-'));
    const storage = new LocalStorage(root);
    async function* failing() {
      yield Buffer.from('half');
      throw new Error('the client went away');
    }
    await expect(
      storage.put('a/b.bin', Readable.from(failing()), { contentType: 'image/png' }),
    ).rejects.toThrow('the client went away');
    expect(await fs.readdir(path.join(root, '.tmp'))).toEqual([]);
    await storage.put('a/b.bin', Buffer.from('whole'), { contentType: 'image/png' });
    expect(await fs.readdir(path.join(root, '.tmp'))).toEqual([]);
    expect(await fs.readFile(path.join(root, 'a/b.bin'), 'utf8')).toBe('whole');
    await fs.rm(root, { recursive: true, force: true });
  });
});

describe('thumbnails served from S3 through the HTTP app', () => {
  const bucket = 'lintel-http';
  let s3: Awaited<ReturnType<typeof startS3>>;
  let runtime: Runtime;

  beforeAll(async () => {
    s3 = await startS3(bucket);
    // The portal takes S3 credentials from the SDK's default chain, as in production.
    vi.stubEnv('AWS_ACCESS_KEY_ID', S3RVER_CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3RVER_CREDENTIALS.secretAccessKey);
    runtime = await startTestRuntime({ env: { STORAGE_URL: `s3://${bucket}?endpoint=${s3.endpoint}` } });
  });

  afterAll(async () => {
    await runtime?.close();
    await s3?.close();
    vi.unstubAllEnvs();
  });

  it('stores an uploaded thumbnail in the bucket and streams it back; a missing object is 404', async () => {
    expect(runtime.config.storage).toEqual({
      kind: 's3',
      bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
    });
    const { app, clients } = await appWithTeam(runtime, 'Bucket Logo');
    const uploaded = await clients.owner.request({
      method: 'PATCH',
      url: `/api/v1/developer_apps/${app.id}`,
      ...multipart('developer_app[thumbnail]', 'logo.png', 'image/png', LOGO_PNG),
    });
    expect(uploaded.statusCode).toBe(200);
    const thumbnailUrl = uploaded.json().thumbnail_url as string;

    const row = await runtime.database.db
      .selectFrom('developer_apps')
      .select('thumbnail_key')
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    const key = row.thumbnail_key as string;
    // Read the bucket with a client of its own: the object really is on the S3 server.
    const direct = new S3Storage({ bucket, region: 'us-east-1', endpoint: s3.endpoint });
    expect(await direct.head(key)).toEqual({ size: LOGO_PNG.length, contentType: 'image/png' });

    const image = await clients.developer.request({ method: 'GET', url: thumbnailUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-length']).toBe(String(LOGO_PNG.length));
    expect(image.rawPayload.equals(LOGO_PNG)).toBe(true);

    await direct.delete(key);
    direct.close();
    const missing = await clients.developer.request({ method: 'GET', url: thumbnailUrl });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('not_found');
  });
});
