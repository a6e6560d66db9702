// Issue 8 item 2: every route of the API, as anonymous, developer, stranger and platform admin, gets
// malformed input — control characters, lone surrogates, right-to-left overrides, 100 kB strings, wrong
// JSON types, arrays for objects, nested bracket parameters, huge and negative numbers, path tricks — and
// must never answer 5xx. Seeded (FUZZ_SEED) so a failure is reproducible; bounded (FUZZ_CASES per route
// and actor) so it runs in `npm test`.
import { allEndpoints, type Endpoint } from '@lintel/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Runtime } from '../src/runtime';
import { appWithTeam, provisionNow } from './apps-support';
import { type Client, signIn, startTestRuntime } from './support';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const CASES = Number(process.env.FUZZ_CASES ?? 10);
const ACTORS = ['anonymous', 'developer', 'stranger', 'platformAdmin'] as const;
type FuzzActor = (typeof ACTORS)[number];

/** mulberry32: small, fast, and the same sequence for the same seed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u0001\u0007\u001b[31m\u007f',
  '\ud800',
  'x\udfffy',
  '\u202eevil.exe\u202c',
  '\ufeff\u200b',
  'x'.repeat(100_000),
  '',
  ' \t\n ',
  '../../../etc/passwd',
  '%00',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '0000-01-01',
  '9999-99-99',
  '2026-02-30',
  '-1',
  '1e309',
  '99999999999999999999',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  'a@b',
  'user@example.test',
  'https://example.test/cb',
  'javascript:alert(1)',
];
const NASTY_VALUES: unknown[] = [
  ...NASTY_STRINGS,
  -1,
  0,
  1.5,
  2 ** 53,
  1e308,
  -1e308,
  true,
  false,
  null,
  [],
  [[]],
  {},
  { a: { b: { c: 'x' } } },
  Array.from({ length: 1000 }, (_, i) => i),
  ['\u0000', { nested: ['\ud800'] }],
];
const PATH_VALUES = [
  '0',
  '-1',
  '1.5',
  '99999999999999999999',
  '1e309',
  'abc',
  '%00',
  '%2e%2e%2f%2e%2e%2f',
  '..%252f',
  encodeURIComponent('\u202e1'),
  '%ED%A0%80', // a lone surrogate, UTF-8 encoded (invalid)
  'a'.repeat(5000),
  '%',
];
const QUERY_TRICKS = [
  'page[]=1',
  'page=1e309',
  'page=-5&per_page=0',
  'per_page=99999999999999999999',
  'filters[search][a][b]=x',
  'filters[search]=%00',
  'filters=x',
  'sort=',
  'sort[]=-&sort[]=--name',
  'sort[0][1]=x',
  `filters[search]=${'x'.repeat(50_000)}`,
  'developer_app_id=%00',
  'developer_app_id[]=1',
  'developer_app_id=-1',
  'filters[owner_id][]=abc',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  'a=%ZZ',
];

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

function schemaOf(type: z.ZodType | undefined): JsonSchema | undefined {
  if (!type) return undefined;
  try {
    return z.toJSONSchema(type, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
}

/** A body of the contract's shape with malformed values at its leaves (and sometimes in its skeleton). */
function shapedValue(schema: JsonSchema | undefined, rng: ReturnType<typeof random>, depth = 0): unknown {
  if (!schema || depth > 4 || rng.next() < 0.25) return rng.pick(NASTY_VALUES);
  const variant = schema.anyOf ?? schema.oneOf;
  if (variant?.length) return shapedValue(rng.pick(variant), rng, depth);
  if (schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(schema.properties)) {
      if (rng.next() < 0.8) out[key] = shapedValue(child, rng, depth + 1);
    }
    if (rng.next() < 0.2)
      out[rng.pick(['__proto__', 'constructor', 'unknown_field', '\u0000'])] = { polluted: 1 };
    return out;
  }
  if (schema.items) return [shapedValue(schema.items, rng, depth + 1), rng.pick(NASTY_VALUES)];
  return rng.pick(NASTY_VALUES);
}

/** Percent-encodes a string, lone surrogates included (as their invalid UTF-8 bytes). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\u0001')).replaceAll('%01', '%ED%A0%80');
  }
}

function queryOf(endpoint: Endpoint, rng: ReturnType<typeof random>): string {
  const parts: string[] = [];
  const schema = schemaOf(endpoint.query);
  for (const key of Object.keys(schema?.properties ?? {})) {
    if (rng.next() < 0.5) parts.push(`${key}=${encode(rng.pick(NASTY_STRINGS))}`);
  }
  if (rng.next() < 0.7) parts.push(rng.pick(QUERY_TRICKS));
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

const BROKEN_MULTIPART = [
  'no-boundary',
  'truncated',
  'nameless',
  'garbage',
  'unterminated',
  'wrong-type',
] as const;
type BrokenMultipart = (typeof BROKEN_MULTIPART)[number] | 'none';

function multipartOf(endpoint: Endpoint, rng: ReturnType<typeof random>, kind?: BrokenMultipart) {
  const boundary = 'fuzzboundary';
  const fields = Object.keys(endpoint.files ?? {}).map((name) =>
    name.replaceAll('N', String(rng.pick([0, -1, 99999]))),
  );
  const parts = [
    ...fields.map(
      (name) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${rng.pick(['x.png', '\u202egnp.exe', '../../x', ''])}"\r\nContent-Type: image/png\r\n\r\n${rng.pick(['\u0000\u0000', 'not an image', '\x89PNG\r\n'])}\r\n`,
    ),
    `--${boundary}\r\nContent-Disposition: form-data; name="${rng.pick(['developer_app[name]', 'developer_app[name][x]', 'a[b][c][d][e][f]', '[]'])}"\r\n\r\n${rng.pick(NASTY_STRINGS)}\r\n`,
    `--${boundary}--\r\n`,
  ];
  const body = parts.join('');
  // Bodies the parser cannot read (issue 20): no boundary, cut off mid-part, a part without a name, not
  // multipart at all, a boundary that never comes; and a wrong content type on the upload route.
  const broken = kind ?? rng.pick<BrokenMultipart>(['none', 'none', ...BROKEN_MULTIPART]);
  const contentType = {
    'no-boundary': 'multipart/form-data',
    'wrong-type': rng.pick(['image/png', 'text/html', 'multipart/mixed; boundary=fuzzboundary']),
  }[broken as string];
  const payload = {
    none: body,
    'no-boundary': body,
    truncated: body.slice(0, Math.floor(body.length * rng.next())),
    nameless: `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`,
    garbage: rng.pick(NASTY_STRINGS),
    unterminated: body.replace(`--${boundary}--\r\n`, ''),
    'wrong-type': body,
  }[broken];
  return {
    payload,
    headers: { 'content-type': contentType ?? `multipart/form-data; boundary=${boundary}` },
  };
}

let runtime: Runtime;
let clients: Record<Exclude<FuzzActor, 'anonymous'>, Client>;
let users: Record<Exclude<FuzzActor, 'anonymous'>, Parameters<typeof signIn>[1]>;
/** Ids of real resources, so that some requests reach the services instead of stopping at 404. */
let validIds: Record<string, string>;

beforeAll(async () => {
  runtime = await startTestRuntime({
    env: { LOGIN_IP_MAX_FAILURES: '100000', LOGIN_MAX_FAILURES: '1000', LOG_LEVEL: 'silent' },
  });
  const team = await appWithTeam(runtime, 'Fuzzed app');
  const sandboxId = await provisionNow(runtime, team.app.id);
  const notification = await runtime.database.db
    .insertInto('notifications')
    .values({
      title: 'Fuzz',
      summary: 'Summary',
      body: 'Body',
      show_after: null,
      created_by: team.users.platformAdmin.id,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const email = await runtime.database.db.selectFrom('outbound_emails').select('id').executeTakeFirst();
  const owner = await signIn(runtime.app, team.users.owner);
  const submission = (
    await owner.request({
      method: 'POST',
      url: `/api/v1/developer_apps/${team.app.id}/submissions`,
      payload: { submission: { tagline: 'Fuzzed' } },
    })
  ).json() as { id: number };
  users = {
    developer: team.users.owner,
    stranger: team.users.stranger,
    platformAdmin: team.users.platformAdmin,
  };
  validIds = {
    developer_apps: String(team.app.id),
    sandboxes: String(sandboxId),
    notifications: String(notification.id),
    outbound_emails: String(email?.id ?? 1),
    collaborators: String(team.users.developer.id),
    invitations: '1',
    oauth_applications: (await runtime.platform.sandboxOf(team.app.id))?.oauth?.uid ?? 'x',
    submissions: String(submission.id),
  };
}, 60_000);
afterAll(() => runtime?.close());

async function signInAll() {
  clients = {
    developer: await signIn(runtime.app, users.developer),
    stranger: await signIn(runtime.app, users.stranger),
    platformAdmin: await signIn(runtime.app, users.platformAdmin),
  };
}

function pathOf(endpoint: Endpoint, rng: ReturnType<typeof random>): string {
  return endpoint.path.replace(/:(\w+)/g, () => {
    if (rng.next() < 0.4) {
      const resource = Object.keys(validIds).find((name) => endpoint.path.includes(`/${name}/`));
      return resource ? (validIds[resource] ?? '1') : '1';
    }
    return rng.pick(PATH_VALUES);
  });
}

function requestOf(endpoint: Endpoint, rng: ReturnType<typeof random>): InjectOptions {
  const url = `${pathOf(endpoint, rng)}${queryOf(endpoint, rng)}`;
  const method = endpoint.method;
  if (method === 'GET') return { method, url };
  const roll = rng.next();
  if (endpoint.files && roll < 0.5) return { method, url, ...multipartOf(endpoint, rng) };
  if (roll < 0.1)
    return { method, url, payload: '{"a": [1, 2,', headers: { 'content-type': 'application/json' } };
  if (roll < 0.15)
    return {
      method,
      url,
      payload: 'a[b]=1&a[b][c]=2',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  if (roll < 0.25)
    return {
      method,
      url,
      payload: JSON.stringify(rng.pick(NASTY_VALUES)),
      headers: { 'content-type': 'application/json' },
    };
  return {
    method,
    url,
    payload: JSON.stringify(shapedValue(schemaOf(endpoint.body), rng) ?? null),
    headers: { 'content-type': 'application/json' },
  };
}

function send(actor: FuzzActor, options: InjectOptions): Promise<LightMyRequestResponse> {
  return actor === 'anonymous' ? runtime.app.inject(options) : clients[actor].request(options);
}

describe(`fuzz (seed ${SEED}, ${CASES} cases per route and actor)`, () => {
  it('answers no 5xx to malformed input on any route, for any actor', async () => {
    const rng = random(SEED);
    const failures: string[] = [];
    let requests = 0;
    // Destructive routes last, so that the resources the others use exist for as long as possible.
    const order = [...(allEndpoints as readonly Endpoint[])].sort(
      (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
    );
    for (const endpoint of order) {
      await signInAll();
      for (const actor of ACTORS) {
        for (let n = 0; n < CASES; n++) {
          const options = requestOf(endpoint, rng);
          const response = await send(actor, options);
          requests += 1;
          if (response.statusCode >= 500) {
            const payload = typeof options.payload === 'string' ? options.payload.slice(0, 300) : '';
            failures.push(
              `${response.statusCode} ${actor} ${options.method} ${String(options.url).slice(0, 300)} ${payload} → ${response.body.slice(0, 300)}`,
            );
          }
        }
      }
    }
    expect(requests).toBeGreaterThanOrEqual(allEndpoints.length * ACTORS.length * CASES);
    expect(failures, `FUZZ_SEED=${SEED}`).toEqual([]);
  }, 600_000);

  it('answers no 5xx to a multipart body it cannot read, on every upload route (issue 20)', async () => {
    const rng = random(SEED);
    const uploads = (allEndpoints as readonly Endpoint[]).filter((endpoint) => endpoint.files);
    expect(uploads.length).toBeGreaterThan(0);
    const failures: string[] = [];
    await signInAll();
    for (const endpoint of uploads) {
      const url = endpoint.path.replace(/:(\w+)/g, () => {
        const resource = Object.keys(validIds).find((name) => endpoint.path.includes(`/${name}/`));
        return resource ? (validIds[resource] ?? '1') : '1';
      });
      for (const actor of ['developer', 'platformAdmin'] as const) {
        for (const kind of BROKEN_MULTIPART) {
          for (let n = 0; n < 3; n++) {
            const response = await send(actor, {
              method: endpoint.method,
              url,
              ...multipartOf(endpoint, rng, kind),
            });
            if (response.statusCode >= 500 || response.statusCode < 400) {
              failures.push(
                `${response.statusCode} ${actor} ${kind} ${endpoint.key} → ${response.body.slice(0, 300)}`,
              );
            }
          }
        }
      }
    }
    expect(failures, `FUZZ_SEED=${SEED}`).toEqual([]);
  }, 120_000);
});
