import { hkdfSync } from 'node:crypto';
import {
  createPlatformHttp,
  type PlatformHttp,
  type PortalIdentity,
  startDeliverySweeper,
  webhookDeliveryJobs,
} from '@lintel/platform';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { type DatabaseHandle, type Db, migrate, onQueryDuration, openDatabase } from './db/index';
import { hashToken, SecretBox } from './http/crypto';
import { loggableError } from './http/errors';
import { SESSION_COOKIE } from './http/session';
import { Mailer } from './jobs/mail/mailer';
import { JobQueue } from './jobs/queue';
import { startQueues, startWorkers } from './jobs/workers';
import { authRepository } from './modules/auth/repository';
import { checkReadiness } from './modules/health/readiness';
import { createOperatorMetrics, noMetrics, type OperatorMetrics } from './observability/metrics';
import { startMetricsServer } from './observability/routes';
import { EmbeddedPlatform } from './platform/embedded';
import { resolveSecretsKey } from './secrets-key';
import { createServices, jobsOf, type Services } from './services';
import { createStorage, type Storage } from './storage/index';

/** Everything a running portal holds: database, job queue, mailer and the HTTP app. */
export interface Runtime {
  config: Config;
  database: DatabaseHandle;
  queue: JobQueue;
  mailer: Mailer;
  services: Services;
  platform: EmbeddedPlatform;
  storage: Storage;
  app: FastifyInstance;
  /** The embedded platform's OAuth server and REST API, under /sandbox and /production. */
  platformHttp: PlatformHttp;
  /** Operators' metrics (`noMetrics` unless METRICS_TOKEN or METRICS_PORT is set). */
  metrics: OperatorMetrics;
  /** The METRICS_PORT server's address, when one runs. */
  metricsAddress?: { port: number };
  /** Starts this process's job workers, when it was started without them (tests drive jobs so). */
  startWorkers(): Promise<void>;
  /** Stops taking requests, lets in-flight requests and jobs finish, then closes the database. */
  close(): Promise<void>;
}

export async function startRuntime(
  config: Config,
  options: { database?: DatabaseHandle; workers?: boolean; logger?: FastifyServerOptions['logger'] } = {},
): Promise<Runtime> {
  const database = options.database ?? (await openDatabase(config));
  await migrate(database.db);
  const queue = new JobQueue(database, {
    pollingIntervalSeconds: config.env === 'test' ? 0.5 : 1,
    stopTimeoutMs: config.shutdownGraceMs,
  });
  const mailer = new Mailer(config, queue);
  const metrics =
    config.metricsToken || config.metricsPort
      ? await createOperatorMetrics({
          ...(database.pool ? { pool: poolReading(database.pool) } : {}),
          queues: () => queue.readings(),
        })
      : noMetrics;
  if (metrics.enabled) {
    onQueryDuration(database.db, (seconds) => metrics.query(seconds));
    queue.onJobFailed = (name) => metrics.jobFailed(name);
    mailer.observe = { sent: () => metrics.mailSent(), failed: () => metrics.mailFailed() };
  }
  const secretsKey = await resolveSecretsKey(config);
  const secrets = new SecretBox(secretsKey.key);
  const platformHttp = await createPlatformHttp({
    db: database.db,
    pgPool: database.pool,
    config: {
      publicUrl: config.publicUrl,
      trustProxy: config.trustProxy,
      redisUrl: config.redisUrl,
      oauthRequestsPerMinute: config.platformOAuthRequestsPerMinute,
      bodyLimitBytes: config.bodyLimitBytes,
    },
    identify: (request) => portalIdentity(database.db, request.headers.cookie),
    signInUrl: (returnTo) => `/sign_in?redirect=${encodeURIComponent(returnTo)}`,
    logger: options.logger ?? false,
    // Webhooks: signing secrets sealed with SECRETS_KEY, deliveries as jobs of this queue (sent in the
    // transaction of the change that raised them).
    webhooks: {
      secrets: {
        seal: (plain) => secrets.seal(plain),
        open: (sealed) => {
          const plain = secrets.open(sealed);
          if (plain === null) throw new Error('a webhook signing secret does not open with SECRETS_KEY');
          return plain;
        },
      },
      jobs: {
        send: (executor, name, data, sendOptions) => queue.send(executor, name, data, sendOptions),
        insert: (executor, name, jobs) => queue.insertKeyed(executor, name, jobs),
      },
      allowPrivateDestinations: config.webhooksAllowPrivateDestinations,
    },
    ...(metrics.enabled ? { onRateLimited: (appId: number) => metrics.rateLimited(appId) } : {}),
  });
  const platform = new EmbeddedPlatform({
    db: database.db,
    schedule: (trx, name, data, startAfter) => queue.send(trx, name, data, { startAfter }),
    config,
    secrets,
    platformContext: platformHttp.context,
  });
  const storage = await createStorage(config);
  const deps = { config, db: database.db, mailer, queue, platform, storage, secrets };
  const services = createServices(deps);
  const jobs = [...jobsOf(deps, services), ...webhookDeliveryJobs(platformHttp.context)];
  await startQueues(queue, jobs);
  const workers = options.workers ?? true;
  let working = workers;
  if (workers) await startWorkers(queue, jobs);
  const app = await buildApp({
    config,
    db: database.db,
    services,
    storage,
    logger: options.logger,
    // Every server of one deployment shares SECRETS_KEY, so each accepts the cookies the others signed.
    cookieSecret: Buffer.from(hkdfSync('sha256', secretsKey.key, '', 'lintel cookie signing', 32)),
    platformHttp,
    metrics,
    readiness: () =>
      checkReadiness({
        db: database.db,
        storage,
        workersRunning: workers ? () => queue.working : null,
      }),
  });
  queue.onError = (error) => app.log.error({ err: loggableError(error) }, 'job queue error');
  // Webhook deliveries a dead worker left behind go to another once its lease runs out.
  const sweeper = workers
    ? startDeliverySweeper(platformHttp.context, {
        onError: (error) => app.log.error({ err: loggableError(error) }, 'webhook sweep failed'),
      })
    : undefined;
  if (secretsKey.generated) {
    app.log.warn(
      `No SECRETS_KEY: generated one into ${secretsKey.generated}. Keep that file with the database (it opens the sealed secrets), or set SECRETS_KEY on every server.`,
    );
  }
  const metricsServer = config.metricsPort
    ? await startMetricsServer(metrics, { port: config.metricsPort, host: config.host })
    : undefined;
  const metricsPort = metricsServer?.server.address();
  let closing: Promise<void> | undefined;
  return {
    config,
    database,
    queue,
    mailer,
    services,
    platform,
    storage,
    app,
    platformHttp,
    metrics,
    ...(metricsPort && typeof metricsPort === 'object' ? { metricsAddress: { port: metricsPort.port } } : {}),
    async startWorkers() {
      if (working) return;
      working = true;
      await startWorkers(queue, jobs);
    },
    close() {
      closing ??= (async () => {
        sweeper?.stop();
        await metricsServer?.close();
        await app.close();
        await platformHttp.close();
        await queue.stop();
        await mailer.close();
        storage.close();
        await database.close();
      })();
      return closing;
    },
  };
}

/** The pool's connections as operators read them: checked out, idle, and callers waiting for one. */
function poolReading(pool: NonNullable<DatabaseHandle['pool']>) {
  return () => ({
    inUse: pool.totalCount - pool.idleCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  });
}

/**
 * The portal user of a browser request to the platform (its consent page): the platform signs users in
 * through the portal, so it asks the portal's session, as a real platform asks its identity provider.
 */
async function portalIdentity(db: Db, cookieHeader: string | undefined): Promise<PortalIdentity | null> {
  const token = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SESSION_COOKIE}=`))
    ?.slice(SESSION_COOKIE.length + 1);
  if (!token) return null;
  const found = await authRepository.findActiveSession(db, hashToken(decodeURIComponent(token)), new Date());
  return found ? { portalUserId: found.user.id, name: found.user.name, email: found.user.email } : null;
}
