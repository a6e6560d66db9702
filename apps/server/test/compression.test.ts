import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import {
  COMPRESS_SYNC_LIMIT_BYTES,
  COMPRESS_THRESHOLD_BYTES,
  registerCompression,
} from '../src/http/compression';
import type { Runtime } from '../src/runtime';
import { startTestRuntime, testConfig } from './support';

// A built web app in miniature: a hashed asset and index.html, each with the .br and .gz copies the
// build writes beside it, plus an asset the build left uncompressed.
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const HTML = `<!doctype html><title>Lintel</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;

let runtime: Runtime;
let app: FastifyInstance;
let dist: string;

beforeAll(async () => {
  runtime = await startTestRuntime();
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  for (const [file, text] of [
    ['assets/app-abc123.js', SCRIPT],
    ['index.html', HTML],
  ] as const) {
    const source = Buffer.from(text);
    await fs.writeFile(path.join(dist, file), source);
    await fs.writeFile(path.join(dist, `${file}.br`), zlib.brotliCompressSync(source));
    await fs.writeFile(path.join(dist, `${file}.gz`), zlib.gzipSync(source, { level: 9 }));
  }
  await fs.writeFile(path.join(dist, 'assets', 'plain-def456.js'), SCRIPT);
  app = await buildApp({
    config: testConfig({ WEB_DIST_DIR: dist }),
    db: runtime.database.db,
    services: runtime.services,
    storage: runtime.storage,
  });
});

afterAll(async () => {
  await app?.close();
  await runtime?.close();
  if (dist) await fs.rm(dist, { recursive: true, force: true });
});

function varies(headers: Record<string, unknown>): boolean {
  return String(headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');
}

describe('precompressed web build', () => {
  it('sends the brotli copy of a hashed asset to a client that accepts br', async () => {
    const response = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(varies(response.headers)).toBe(true);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['cache-control']).toContain('max-age=31536000');
    // The very bytes the build wrote, not a compression made for this request.
    expect(response.rawPayload).toEqual(await fs.readFile(path.join(dist, 'assets/app-abc123.js.br')));
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('prefers br when a browser accepts several encodings', async () => {
    const response = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('sends the gzip copy to a client that accepts only gzip', async () => {
    const response = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(varies(response.headers)).toBe(true);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.rawPayload).toEqual(await fs.readFile(path.join(dist, 'assets/app-abc123.js.gz')));
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const response = await app.inject({ url: '/assets/app-abc123.js', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(varies(response.headers)).toBe(true);
      expect(response.headers['cache-control']).toContain('immutable');
      expect(response.body).toBe(SCRIPT);
    }
  });

  it('sends an asset without compressed copies as it is, never compressing it on the fly', async () => {
    const response = await app.inject({
      url: '/assets/plain-def456.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SCRIPT);
  });

  it('serves the compressed index.html for a deep link, and not as immutable', async () => {
    const response = await app.inject({ url: '/sign_in', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(varies(response.headers)).toBe(true);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(HTML);

    const plain = await app.inject({ url: '/sign_in' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(HTML);
  });

  it('does not publish the compressed copies as files of their own', async () => {
    const response = await app.inject({ url: '/assets/app-abc123.js.br' });
    expect(response.headers['content-encoding']).toBeUndefined();
    // Not a file of the build: a missing asset is a 404 (app.ts), never the page.
    expect(response.statusCode).toBe(404);
  });
});

describe('API compression', () => {
  it('compresses a large JSON answer by Accept-Encoding', async () => {
    const plain = await app.inject({ url: '/api/v1/openapi.json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const br = await app.inject({ url: '/api/v1/openapi.json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/application\/json/);
    expect(varies(br.headers)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await app.inject({ url: '/api/v1/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('compresses a mid-sized answer (a page of a list) in one call, with its Content-Length', async () => {
    const probe = Fastify();
    await registerCompression(probe);
    const rows = Array.from({ length: 200 }, (_, i) => ({
      id: i,
      name: `App ${i}`,
      created_at: new Date(i).toISOString(),
    }));
    probe.get('/api/v1/probe', async () => rows);
    const plain = await probe.inject({ url: '/api/v1/probe' });
    expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024);
    expect(plain.rawPayload.length).toBeLessThan(COMPRESS_SYNC_LIMIT_BYTES);
    for (const encoding of ['br', 'gzip']) {
      const answer = await probe.inject({ url: '/api/v1/probe', headers: { 'accept-encoding': encoding } });
      expect(answer.headers['content-encoding']).toBe(encoding);
      // The stream path answers chunked, with no length: only the one-call path knows it.
      expect(answer.headers['content-length']).toBe(String(answer.rawPayload.length));
      const body =
        encoding === 'br' ? zlib.brotliDecompressSync(answer.rawPayload) : zlib.gunzipSync(answer.rawPayload);
      expect(body.toString()).toBe(plain.body);
    }
    await probe.close();
  });

  it('sends a tiny JSON answer as it is', async () => {
    const response = await app.inject({ url: '/api/v1/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('sends a small error answer as it is', async () => {
    const response = await app.inject({ url: '/api/v1/session', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().error.code).toBe('unauthenticated');
  });
});
