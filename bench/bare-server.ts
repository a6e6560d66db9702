// The baseline of session-throughput.ts: a bare Fastify server answering GET /api/v1/session with the
// JSON the real server gave (BARE_BODY), with no plugins and no database. Run it in its own process.
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';
const body: unknown = JSON.parse(process.env.BARE_BODY ?? '{"user":null,"csrf_token":""}');

const app = Fastify({ logger: false });
app.get('/api/v1/health', async () => ({ status: 'ok' }));
app.get('/api/v1/session', async () => body);

const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

await app.listen({ port, host });
