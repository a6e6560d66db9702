import { endpoint } from '@lintel/shared';
import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from './route';

const ok = z.object({ ok: z.boolean() });
const endpoints = [
  endpoint({
    method: 'GET',
    path: '/api/v1/a/:id',
    summary: 'A',
    tags: ['t'],
    auth: 'user',
    params: z.object({ id: z.coerce.number() }),
    response: ok,
    errors: ['not_found'],
  }),
  endpoint({
    method: 'GET',
    path: '/api/v1/b/:id',
    summary: 'B',
    tags: ['t'],
    auth: 'user',
    params: z.object({ id: z.coerce.number() }),
    response: ok,
    errors: ['not_found'],
  }),
  endpoint({
    method: 'POST',
    path: '/api/v1/c',
    summary: 'C',
    tags: ['t'],
    auth: 'user',
    response: ok,
    errors: ['not_found', 'conflict'],
  }),
];

describe('route: error answers', () => {
  it('shares one error schema per set of codes between routes (issue 24: the idle server keeps one, not one per route)', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const schemas = new Map<string, Record<number, unknown>>();
    app.addHook('onRoute', (options: RouteOptions) => {
      schemas.set(options.url, (options.schema?.response ?? {}) as Record<number, unknown>);
    });
    for (const e of endpoints) route(app, e, { handler: async () => ({ ok: true }) });
    await app.ready();
    const [a, b, c] = ['/api/v1/a/:id', '/api/v1/b/:id', '/api/v1/c'].map((url) => schemas.get(url) ?? {});
    expect(a?.[404]).toBeDefined();
    // The same codes: the same schema object.
    expect(a?.[404]).toBe(b?.[404]);
    expect(a?.[401]).toBe(b?.[401]);
    // Other codes at a status (409 only on C; csrf_invalid on the POST's 403): their own schema.
    expect(c?.[409]).toBeDefined();
    expect(c?.[403]).not.toBe(a?.[403]);
    await app.close();
  });
});
