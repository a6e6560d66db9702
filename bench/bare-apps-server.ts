// The anchor of apps-list.ts: "my apps" served by a bare Fastify route that runs the same SQL as the real
// server, because it calls the same repository code (developerAppRepository.listForUser with the embedded
// platform's platformRepository.sandboxStatusSql: one statement) on the same PostgreSQL database through
// the same driver and pool size, but without the portal around it: no session read, no CSRF, no contract
// validation of the answer, no presenter, no request log.
// GET /bare/my_apps?user_id=…&page=…&per_page=… answers the rows, each with its sandbox status, as JSON
// with the Total header. Run it in its own process with DATABASE_URL (and PORT, HOST).
import Fastify from 'fastify';
import { kyselyOnPostgres } from '../apps/server/src/db/index';
import { developerAppRepository } from '../apps/server/src/modules/developer-apps/repository';
import { platformRepository } from '../apps/server/src/platform/repository';

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';
if (!process.env.DATABASE_URL) throw new Error('bare-apps-server.ts: set DATABASE_URL');
// As the server does: a pool of 10, int8 as numbers (kyselyOnPostgres sets the driver's parsers).
const { db } = kyselyOnPostgres(process.env.DATABASE_URL, 10);

const app = Fastify({ logger: false });
app.get('/api/v1/health', async () => ({ status: 'ok' }));
app.get<{ Querystring: { user_id: string; page?: string; per_page?: string } }>(
  '/bare/my_apps',
  async (request, reply) => {
    const page = { page: Number(request.query.page ?? 1), per_page: Number(request.query.per_page ?? 50) };
    const { rows, total } = await developerAppRepository.listForUser(
      db,
      Number(request.query.user_id),
      page,
      platformRepository.sandboxStatusSql,
    );
    reply.header('Total', String(total));
    return rows;
  },
);

await app.listen({ port, host });
