import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Runtime } from '../src/runtime';
import { createTestDatabase, createUser, errorOf, signIn, startTestRuntime, testConfig } from './support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime({ env: { BODY_LIMIT_BYTES: '4096' } });
});
afterAll(() => runtime?.close());

describe('HTTP conventions', () => {
  it('answers 413 with the error shape for an oversized body', async () => {
    const response = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/password_resets',
      payload: { email: `${'a'.repeat(5000)}@example.test` },
    });
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).code).toBe('payload_too_large');
  });

  it('answers the JSON 404 for an unknown API path', async () => {
    const response = await runtime.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('not_found');
  });

  it('sets nosniff, frame-ancestors and a Content-Security-Policy', async () => {
    const response = await runtime.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
  });

  it('rejects an unsupported content type with the error shape', async () => {
    const response = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/password_resets',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@example.test',
    });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response).code).toBe('unsupported_media_type');
  });

  it('publishes the OpenAPI document of every route', async () => {
    const response = await runtime.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const route of [
      '/api/v1/session',
      '/api/v1/registrations',
      '/api/v1/password_resets',
      '/api/v1/account',
      '/api/v1/admin/outbound_emails',
    ]) {
      expect(Object.keys(doc.paths)).toContain(route);
    }
    expect(doc.paths['/api/v1/session'].post.tags).toEqual(['Accounts']);
  });

  it('never puts a stack trace into a 500', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    runtime.app.log.level = 'silent';
    const broken = await startTestRuntime();
    await broken.database.db.schema.dropTable('login_attempts').cascade().execute();
    const response = await broken.app.inject({
      method: 'POST',
      url: '/api/v1/session',
      payload: { email: client.user.email, password: 'whatever password' },
    });
    expect(response.statusCode).toBe(500);
    expect(errorOf(response).code).toBe('internal_error');
    expect(response.body).not.toContain('login_attempts');
    await broken.close();
  });
});

describe('single-page app', () => {
  it('serves index.html for deep links, assets as files, and JSON 404s under /api', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Lintel</title><div id="root"></div>',
    );
    await fs.writeFile(path.join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
    const database = await createTestDatabase();
    const app = await buildApp({
      config: testConfig({ WEB_DIST_DIR: dist }),
      db: database.db,
      services: runtime.services,
      storage: runtime.storage,
    });
    try {
      const deep = await app.inject({ method: 'GET', url: '/developer_apps/12/settings' });
      expect(deep.statusCode).toBe(200);
      expect(deep.headers['content-type']).toMatch(/text\/html/);
      expect(deep.body).toContain('<div id="root">');
      expect(String(deep.headers['content-security-policy'])).toContain("default-src 'self'");
      const asset = await app.inject({ method: 'GET', url: '/assets/app-abc.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const stale = await app.inject({ method: 'GET', url: '/assets/app-old.js' });
      expect(stale.statusCode).toBe(404);
      expect(stale.headers['content-type']).not.toMatch(/text\/html/);
      const api = await app.inject({ method: 'GET', url: '/api/v1/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.headers['content-type']).toMatch(/json/);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
