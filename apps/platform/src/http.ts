import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import qs from 'qs';
import { createActivityRecorder } from './activity/recorder';
import { companyPage } from './browser/company-page';
import { ENVIRONMENT_PREFIXES, type PlatformContext, type PlatformHttpDeps } from './context';
import { createRateLimiter } from './limits/limiter';
import { oauthRoutes } from './oauth/routes';
import { restRoutes } from './rest/routes';

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The embedded platform's HTTP side: its own Fastify instance, reached under /sandbox and /production. */
export interface PlatformHttp {
  app: FastifyInstance;
  context: PlatformContext;
  /** Whether a request path belongs to the platform (the portal hands those requests over). */
  owns(url: string): boolean;
  close(): Promise<void>;
}

/**
 * Builds the platform's HTTP server: the OAuth server and the REST API of both environments, with
 * their own parsers and error answers (the platform is another system: none of the portal's hooks,
 * sessions or CSRF rules apply to it).
 */
export async function createPlatformHttp(deps: PlatformHttpDeps): Promise<PlatformHttp> {
  const now = deps.now ?? (() => new Date());
  const context: PlatformContext = {
    db: deps.db,
    config: deps.config,
    now,
    identify: deps.identify,
    signInUrl: deps.signInUrl,
    webhooks: deps.webhooks,
    onRateLimited: deps.onRateLimited,
    limiter: await createRateLimiter({ db: deps.db, pgPool: deps.pgPool, redisUrl: deps.config.redisUrl }),
    // `app` is assigned below, before any call can be recorded.
    activity: createActivityRecorder(deps.db, {
      onError: (error, dropped) => app.log.error({ err: error, dropped }, 'API activity not recorded'),
    }),
  };
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: deps.config.bodyLimitBytes,
    trustProxy: deps.config.trustProxy,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return deps.config.trustProxy && typeof given === 'string' && REQUEST_ID.test(given)
        ? given
        : randomUUID();
    },
    routerOptions: {
      querystringParser: (query: string) =>
        qs.parse(query, { depth: 3, arrayLimit: 100, parameterLimit: 200 }),
    },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Request-Id', request.id);
    return payload;
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      try {
        done(null, qs.parse(body as string, { depth: 2, parameterLimit: 100 }));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  // The token endpoint also takes multipart bodies (curl -F); fields only, no files.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 0, fields: 20, fieldSize: 8192 },
  });

  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'platform request failed');
    const message = status === 500 ? 'Internal Server Error' : error.message;
    return reply.status(status).send({ errors: message, message });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ errors: 'Not Found', message: 'Not Found' }),
  );

  for (const [environment, prefix] of Object.entries(ENVIRONMENT_PREFIXES) as [
    keyof typeof ENVIRONMENT_PREFIXES,
    string,
  ][]) {
    await app.register(
      async (scope) => {
        oauthRoutes(scope, context, environment);
        restRoutes(scope, context, environment);
      },
      { prefix },
    );
  }
  await app.register(async (scope) => companyPage(scope, context), { prefix: ENVIRONMENT_PREFIXES.sandbox });
  await app.ready();

  return {
    app,
    context,
    owns: (url) => /^\/(sandbox|production)(\/|\?|$)/.test(url),
    async close() {
      await app.close();
      await context.activity.close();
      await context.limiter.close();
    },
  };
}
