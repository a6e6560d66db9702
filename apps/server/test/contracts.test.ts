import { allEndpoints, type EndpointDefinition, ERROR_CODES, openApiPath } from '@lintel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import { startTestRuntime } from './support';

interface Operation {
  summary?: string;
  responses?: Record<string, unknown>;
}

let runtime: Runtime;
/** "GET /api/v1/developer_apps/{id}" → its OpenAPI operation. */
let documented: Map<string, Operation>;

const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

beforeAll(async () => {
  runtime = await startTestRuntime();
  const response = await runtime.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  const doc = response.json() as { paths: Record<string, Record<string, Operation>> };
  documented = new Map(
    Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => [keyOf(method, path), operation] as const),
    ),
  );
});
afterAll(() => runtime?.close());

const contracted = new Map<string, EndpointDefinition>(
  allEndpoints.map((endpoint) => [keyOf(endpoint.method, openApiPath(endpoint.path)), endpoint] as const),
);

describe('contracts and the OpenAPI document (issue 7 "Contracts")', () => {
  it('documents a meaningful number of routes', () => {
    expect(documented.size).toBeGreaterThanOrEqual(20);
  });

  it('has a contract for every route of the OpenAPI document', () => {
    const missing = [...documented.keys()].filter((key) => !contracted.has(key));
    expect(missing).toEqual([]);
  });

  it('has a route in the OpenAPI document for every contract, registered from it', () => {
    const unrouted = [...contracted.keys()].filter((key) => !documented.has(key));
    expect(unrouted).toEqual([]);
    for (const [key, endpoint] of contracted) {
      const operation = documented.get(key);
      expect(operation?.summary, key).toBe(endpoint.summary);
      // A file endpoint's bytes have no JSON schema, so its success status is not documented.
      if (endpoint.kind !== 'file') {
        expect(Object.keys(operation?.responses ?? {}), key).toContain(String(endpoint.status ?? 200));
      }
    }
  });

  it('declares each endpoint once', () => {
    expect(contracted.size).toBe(allEndpoints.length);
  });

  it('declares only error codes of the shared catalogue', () => {
    const known = new Set<string>(ERROR_CODES);
    for (const endpoint of allEndpoints) {
      expect(
        endpoint.errors.filter((code) => !known.has(code)),
        endpoint.key,
      ).toEqual([]);
    }
  });
});
