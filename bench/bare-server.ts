// The anchor of session-throughput.ts: a bare Fastify route (no plugins, no Kysely, no contract layer)
// that answers GET /api/v1/session the way the real server does at its core: the session cookie's
// SHA-256, the same session-and-user join on the same PostgreSQL database through the same driver and
// pool (pg.Pool, 10 connections, as apps/server/src/db/index.ts opens it), 401 when there is no live
// session, else the same JSON. Run it in its own process with DATABASE_URL (and PORT, HOST).
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';
// Without DATABASE_URL only /api/v1/health answers (cold-start.ts uses it as its no-database reference).
const databaseUrl = process.env.DATABASE_URL;

// As the server does: int8 as numbers, timestamps as Date.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 10 }) : undefined;

// The SQL the server's authRepository.findActiveSession sends (Kysely's output, copied verbatim).
const SESSION_SQL =
  'select "u".*, "s"."id" as "session_id", "s"."csrf_token" as "session_csrf_token", "s"."created_at" as "session_created_at", "s"."last_seen_at" as "session_last_seen_at", "s"."expires_at" as "session_expires_at", "s"."ip" as "session_ip", "s"."user_agent" as "session_user_agent" from "sessions" as "s" inner join "users" as "u" on "u"."id" = "s"."user_id" where "s"."id" = $1 and "s"."expires_at" > $2';

interface Row {
  id: number;
  name: string;
  company_name: string;
  email: string;
  is_admin: boolean;
  is_employee: boolean;
  critical_emails: boolean;
  confirmed_at: Date | null;
  created_at: Date;
  session_csrf_token: string;
}

const COOKIE = /(?:^|;\s*)lintel_session=([^;]*)/;
const unauthenticated = {
  errors: ['You need to sign in first.'],
  error: { code: 'unauthenticated', message: 'You need to sign in first.', details: [] },
};

const app = Fastify({ logger: false });
app.get('/api/v1/health', async () => ({ status: 'ok' }));
app.get('/api/v1/session', async (request, reply) => {
  if (!pool) throw new Error('bare-server.ts: set DATABASE_URL to answer /api/v1/session');
  const token = COOKIE.exec(request.headers.cookie ?? '')?.[1];
  const id = token ? createHash('sha256').update(decodeURIComponent(token)).digest('hex') : undefined;
  const row = id ? (await pool.query<Row>(SESSION_SQL, [id, new Date()])).rows[0] : undefined;
  if (!row) return reply.status(401).send(unauthenticated);
  return {
    user: {
      id: row.id,
      name: row.name,
      company_name: row.company_name,
      email: row.email,
      is_admin: row.is_admin,
      is_employee: row.is_employee,
      critical_emails: row.critical_emails,
      confirmed_at: row.confirmed_at?.toISOString() ?? null,
      created_at: row.created_at.toISOString(),
    },
    csrf_token: row.session_csrf_token,
  };
});

const stop = async () => {
  await app.close();
  await pool?.end();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

await app.listen({ port, host });
