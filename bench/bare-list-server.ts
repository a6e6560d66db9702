// The anchor of admin-lists.ts: the admin lists served by bare Fastify routes that run the same SQL as
// the real server, because they call the same service and repository code on the same PostgreSQL
// database through the same driver and pool size, but without the portal around it: no session read,
// no CSRF, no policy, no contract validation of the answer, no presenter, no request log. Its pool
// prepares the statements the server prepares (db/prepared.ts), once per connection, as the server's does.
// GET /bare/<list>?<the real query string> answers the rows as JSON with the Total header;
// GET /sql/<list>?… answers the statements (text and parameters) that list ran, for EXPLAIN.
// Run it in its own process with DATABASE_URL (and PORT, HOST, DATA_DIR).

// The server's Fastify augmentations (route config, request fields) for the code this imports.
import type {} from '@fastify/cookie';
import {
  type AdminDeveloperAppFilters,
  type AdminDeveloperFilters,
  type AdminOAuthApplicationFilters,
  adminListEndpoints,
  type OAuthEnvironment,
  type SortValue,
} from '@lintel/shared';
import Fastify from 'fastify';
import { Kysely, type LogEvent, PostgresDialect } from 'kysely';
import pg from 'pg';
import qs from 'qs';
import { loadConfig } from '../apps/server/src/config';
import { prepareMarkedStatements } from '../apps/server/src/db/prepared';
import type { Database } from '../apps/server/src/db/schema';
import { SecretBox } from '../apps/server/src/http/crypto';
import type {} from '../apps/server/src/http/route';
import { AdminListService } from '../apps/server/src/modules/admin-lists/service';
import { EmbeddedPlatform } from '../apps/server/src/platform/embedded';
import { resolveSecretsKey } from '../apps/server/src/secrets-key';

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';
const config = loadConfig(process.env);
if (!process.env.DATABASE_URL) throw new Error('bare-list-server.ts: set DATABASE_URL');

// As the server does: int8 as numbers, calendar dates as text.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(1082, (value) => value);

const secrets = new SecretBox((await resolveSecretsKey(config)).key);
let statements: { sql: string; parameters: readonly unknown[] }[] = [];

function servicesOn(log?: (event: LogEvent) => void) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  // As the server's pool: the statements marked preparedOnce are prepared once per connection.
  pool.on('connect', (client) => prepareMarkedStatements(client));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    ...(log ? { log } : {}),
  });
  const platform = new EmbeddedPlatform({ db, schedule: async () => {}, config, secrets });
  return new AdminListService({ config, db, platform } as ConstructorParameters<typeof AdminListService>[0]);
}
const service = servicesOn();
const recording = servicesOn((event) => {
  if (event.level === 'query') statements.push({ sql: event.query.sql, parameters: event.query.parameters });
});

type Lists = {
  developer_apps: (s: AdminListService, query: unknown) => Promise<{ rows: unknown[]; total: number }>;
  developers: (s: AdminListService, query: unknown) => Promise<{ rows: unknown[]; total: number }>;
  oauth_applications: (s: AdminListService, query: unknown) => Promise<{ rows: unknown[]; total: number }>;
};

// The real routes' query parsing (the contracts' zod schemas), then the same service call.
const lists: Lists = {
  developer_apps: (s, query) =>
    s.developerApps(
      adminListEndpoints.developerApps.query.parse(query) as Parameters<AdminListService['developerApps']>[0],
    ),
  developers: (s, query) =>
    s.developers(
      adminListEndpoints.developers.query.parse(query) as Parameters<AdminListService['developers']>[0],
    ),
  oauth_applications: (s, query) =>
    s.oauthApplications(
      adminListEndpoints.oauthApplications.query.parse(query) as Parameters<
        AdminListService['oauthApplications']
      >[0],
    ),
};

export type {
  AdminDeveloperAppFilters,
  AdminDeveloperFilters,
  AdminOAuthApplicationFilters,
  OAuthEnvironment,
  SortValue,
};

const app = Fastify({ logger: false, querystringParser: (text) => qs.parse(text) });
app.get('/api/v1/health', async () => ({ status: 'ok' }));
app.get<{ Params: { list: keyof Lists } }>('/bare/:list', async (request, reply) => {
  const list = lists[request.params.list];
  if (!list) return reply.status(404).send({ error: 'no such list' });
  const { rows, total } = await list(service, request.query);
  reply.header('Total', String(total));
  return rows;
});
app.get<{ Params: { list: keyof Lists } }>('/sql/:list', async (request, reply) => {
  const list = lists[request.params.list];
  if (!list) return reply.status(404).send({ error: 'no such list' });
  statements = [];
  await list(recording, request.query);
  return statements;
});

await app.listen({ port, host });
