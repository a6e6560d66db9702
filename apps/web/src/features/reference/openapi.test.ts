import { describe, expect, it } from 'vitest';
import { groupOperations, type OpenApiDocument, schemaFields, schemaType } from './openapi';

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Lintel API', version: '1.0.0' },
  tags: [{ name: 'auth', description: 'Sessions' }, { name: 'account' }],
  components: {
    schemas: {
      User: {
        type: 'object',
        required: ['id', 'email'],
        properties: {
          id: { type: 'integer' },
          email: { type: 'string', format: 'email', maxLength: 254 },
          confirmed_at: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        },
      },
      Error: {
        type: 'object',
        properties: {
          errors: { type: 'array', items: { type: 'string' } },
          error: {
            type: 'object',
            properties: {
              code: { type: 'string' },
              details: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { path: { type: 'string' }, message: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
  },
  paths: {
    '/api/v1/account': {
      get: { tags: ['account'], summary: 'Read the account', responses: { 200: { description: 'ok' } } },
      patch: { tags: ['account'], summary: 'Update the account' },
    },
    '/api/v1/session': {
      post: {
        tags: ['auth'],
        summary: 'Sign in',
        responses: {
          200: {
            description: 'Signed in',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { user: { $ref: '#/components/schemas/User' } } },
              },
            },
          },
        },
      },
    },
    '/api/v1/admin/outbound_emails': {
      get: {
        tags: ['outbound_emails'],
        parameters: [{ name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } }],
        responses: {},
      },
    },
  },
};

describe('groupOperations', () => {
  it('groups by tag in the document order and hides admin endpoints from non-admins', () => {
    const groups = groupOperations(doc, { includeAdmin: false });
    expect(groups.map((group) => group.slug)).toEqual(['auth', 'account']);
    expect(groups[0]?.description).toBe('Sessions');
    expect(groups[1]?.operations.map((entry) => entry.method)).toEqual(['get', 'patch']);
  });

  it('adds one admin group, last, for admins', () => {
    const groups = groupOperations(doc, { includeAdmin: true });
    expect(groups.map((group) => group.slug)).toEqual(['auth', 'account', 'admin']);
    expect(groups[2]?.admin).toBe(true);
    expect(groups[2]?.operations[0]?.parameters.map((parameter) => parameter.name)).toEqual(['page']);
  });
});

describe('schemaType and schemaFields', () => {
  it('labels types', () => {
    expect(schemaType(doc, { type: 'array', items: { type: 'string' } })).toBe('array<string>');
    expect(schemaType(doc, { anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string | null');
    expect(schemaType(doc, { enum: ['queued', 'sent'] })).toBe('"queued" | "sent"');
    expect(schemaType(doc, { type: 'string', nullable: true })).toBe('string | null');
  });

  it('flattens nested fields, following references', () => {
    const fields = schemaFields(doc, { $ref: '#/components/schemas/Error' });
    expect(fields.map((field) => field.name)).toEqual([
      'errors',
      'error',
      'error.code',
      'error.details',
      'error.details[].path',
      'error.details[].message',
    ]);
    const user = schemaFields(doc, {
      type: 'object',
      properties: { user: { $ref: '#/components/schemas/User' } },
    });
    expect(user.find((field) => field.name === 'user.email')).toMatchObject({
      type: 'string (email)',
      required: true,
      constraints: ['maxLength 254'],
    });
  });

  it('survives a self-referencing schema', () => {
    const cyclic: OpenApiDocument = {
      ...doc,
      components: {
        schemas: { Node: { type: 'object', properties: { child: { $ref: '#/components/schemas/Node' } } } },
      },
    };
    expect(schemaFields(cyclic, { $ref: '#/components/schemas/Node' }).length).toBeLessThan(10);
  });
});
