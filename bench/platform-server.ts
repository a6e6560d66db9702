// The embedded platform's HTTP side alone (apps/platform createPlatformHttp: the OAuth server and the REST
// API under /sandbox and /production), as the portal mounts it — the portal hands /sandbox requests over
// before any of its own hooks run, so this is the platform's whole cost per call. Run in its own process
// with DATABASE_URL (and PORT, HOST). PLATFORM_BENCH_LIMITS=off swaps the rate limiter and the activity
// recorder for ones that do nothing (=limits or =activity keeps only that one) (every call allowed with fixed headers, nothing recorded): the
// anchor of platform-api.ts. The database must be migrated already.
import { createPlatformHttp } from '@lintel/platform';
import { kyselyOnPostgres } from '../apps/server/src/db/index';

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';
if (!process.env.DATABASE_URL) throw new Error('platform-server.ts: set DATABASE_URL');
// As the server does: a pool of 10 shared by Kysely and the rate limiter's counters.
const { db, pool } = kyselyOnPostgres(process.env.DATABASE_URL, 10);
const mode = process.env.PLATFORM_BENCH_LIMITS ?? 'on';
const limitsOn = mode === 'on' || mode === 'limits';
const activityOn = mode === 'on' || mode === 'activity';

const platform = await createPlatformHttp({
  db: db as never,
  pgPool: pool,
  config: {
    publicUrl: `http://${host}:${port}`,
    trustProxy: false,
    bodyLimitBytes: 1_048_576,
    // The counters in Redis instead of PostgreSQL, as REDIS_URL does for the portal.
    redisUrl: process.env.REDIS_URL,
  },
  identify: async () => null,
  signInUrl: (returnTo) => `/sign_in?redirect=${encodeURIComponent(returnTo)}`,
  logger: false,
  // No webhooks in this bench: nothing is sealed, sent or allowed anywhere private.
  webhooks: {
    secrets: {
      seal: () => {
        throw new Error('no webhooks in the platform bench');
      },
      open: () => {
        throw new Error('no webhooks in the platform bench');
      },
    },
    jobs: { send: async () => {} },
    allowPrivateDestinations: false,
  },
});
// The routes read ctx.limiter and ctx.activity per call: replaced here, they are gone from the path.
if (!limitsOn) {
  await platform.context.limiter.close();
  platform.context.limiter = {
    consume: async () => ({
      allowed: true,
      limit: 100,
      remaining: 99,
      resetAt: new Date(Date.now() + 10_000),
      retryAfterSeconds: 0,
    }),
    usage: async () => [],
    close: async () => {},
  };
}
if (!activityOn) {
  await platform.context.activity.close();
  platform.context.activity = { record() {}, flush: async () => {}, close: async () => {} };
}

await platform.app.listen({ port, host });
console.log(
  `platform listening on ${host}:${port} (limits ${limitsOn ? 'on' : 'off'}, activity ${activityOn ? 'on' : 'off'})`,
);

async function shutdown() {
  await platform.close();
  await db.destroy();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
