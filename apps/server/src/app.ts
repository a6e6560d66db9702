import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import type { PlatformHttp } from '@lintel/platform';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import qs from 'qs';
import type { Config } from './config';
import type { Db } from './db/index';
import { registerCompression } from './http/compression';
import { errorBody, registerErrorHandling } from './http/errors';
import { registerUploads } from './http/multipart';
import { registerRequestIds, requestIdGenerator } from './http/request-id';
import { lazyChildLoggerFactory, RequestLogController } from './http/request-log';
import { registerSecurityHeaders } from './http/security';
import { registerSessions } from './http/session';
import { zodValidatorCompiler } from './http/validation';
import { accessTokenRepository } from './modules/access-tokens/repository';
import { accessTokenRoutes } from './modules/access-tokens/routes';
import { adminAppRoutes } from './modules/admin-apps/routes';
import { adminListRoutes } from './modules/admin-lists/routes';
import { adminAnalyticsRoutes } from './modules/analytics/routes';
import { apiActivityRoutes } from './modules/api-activity/routes';
import { auditRoutes } from './modules/audit/routes';
import { authRepository } from './modules/auth/repository';
import { authRoutes } from './modules/auth/routes';
import { adminChangelogRoutes, changelogRoutes } from './modules/changelog/routes';
import { clientErrorRoutes } from './modules/client-errors/routes';
import { collaboratorRoutes } from './modules/collaborators/routes';
import { secretRotationRoutes } from './modules/credentials/rotation-routes';
import { credentialRoutes } from './modules/credentials/routes';
import { developerAppRoutes } from './modules/developer-apps/routes';
import { createAppScope } from './modules/developer-apps/scope';
import { checkReadiness, type ReadinessReport } from './modules/health/readiness';
import { healthRoutes } from './modules/health/routes';
import { listingRoutes } from './modules/listings/routes';
import { manifestRoutes } from './modules/manifests/routes';
import { marketplaceRoutes } from './modules/marketplace/routes';
import { metricsRoutes } from './modules/metrics/routes';
import { adminNotificationRoutes, notificationRoutes } from './modules/notifications/routes';
import { outboundEmailRoutes } from './modules/outbound-emails/routes';
import { rateLimitRoutes } from './modules/rate-limits/routes';
import { sandboxRoutes } from './modules/sandboxes/routes';
import { registerAdminTwoFactorGate, twoFactorRoutes } from './modules/two-factor/routes';
import { webhookRoutes } from './modules/webhooks/routes';
import { noMetrics, type OperatorMetrics } from './observability/metrics';
import { operatorMetricsRoutes } from './observability/routes';
import type { Services } from './services';
import type { Storage } from './storage/index';

export interface AppDeps {
  config: Config;
  db: Db;
  services: Services;
  storage: Storage;
  logger?: FastifyServerOptions['logger'];
  /** Signs cookies the server must be able to trust (the marketplace visitor); random when not given. */
  cookieSecret?: Buffer;
  /** The embedded platform's HTTP side: /sandbox and /production are handed to it untouched. */
  platformHttp?: PlatformHttp;
  /** Operators' metrics: every answer measured and GET /metrics served when they are on. */
  metrics?: OperatorMetrics;
  /** What /api/v1/health/ready reports (the runtime knows whether workers run); else database, migrations, storage. */
  readiness?: () => Promise<ReadinessReport>;
}

/** Builds the HTTP application from its dependencies: no globals, so tests build as many as they like. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    // One cheap line per request instead of Fastify's two, without a pino child per request
    // (http/request-log.ts).
    ...(deps.logger
      ? { logController: new RequestLogController(), childLoggerFactory: lazyChildLoggerFactory }
      : {}),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    genReqId: requestIdGenerator(config.trustProxy),
    routerOptions: {
      querystringParser: (query: string) =>
        qs.parse(query, { depth: 3, arrayLimit: 100, parameterLimit: 200 }),
    },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });

  // The embedded platform is another system on the same port: its requests go to it before any of the
  // portal's hooks, parsers or sessions touch them.
  const platformHttp = deps.platformHttp;
  if (platformHttp) {
    app.addHook('onRequest', (request, reply, done) => {
      if (!platformHttp.owns(request.url)) return done();
      reply.hijack();
      platformHttp.app.routing(request.raw, reply.raw);
    });
  }

  // The API speaks JSON (and multipart where a route registers it); plain text bodies are refused.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestIds(app);
  registerErrorHandling(app, { strictContracts: config.env === 'test' });
  registerUploads(app, deps.storage);
  await registerCompression(app);
  registerSecurityHeaders(app);
  await app.register(cookie, { secret: (deps.cookieSecret ?? randomBytes(32)).toString('base64') });
  // Only the routes that read files call request.file(); everything else stays JSON.
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 10, parts: 12 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lintel REST API',
        description:
          'The REST API of the Lintel developer portal: accounts, announcements, developer apps, credentials, manifests and the marketplace listing. JSON under /api/v1; errors share one shape.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'lintel_session' },
          personalAccessToken: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer lnt_…' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  registerSessions(app, {
    config,
    sessions: {
      findActive: (id, now) => authRepository.findActiveSession(db, id, now),
      touch: (id, lastSeenAt, expiresAt) => authRepository.touchSession(db, id, lastSeenAt, expiresAt),
    },
    tokens: {
      findActive: (tokenHash, now) => accessTokenRepository.findActive(db, tokenHash, now),
      touch: (id, at, ip) => accessTokenRepository.touch(db, id, at, ip),
    },
  });
  registerAdminTwoFactorGate(app, { config, twoFactor: deps.services.twoFactor });

  healthRoutes(
    app,
    deps.readiness ?? (() => checkReadiness({ db, storage: deps.storage, workersRunning: null })),
  );
  operatorMetricsRoutes(app, deps.metrics ?? noMetrics, config.metricsToken);
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  authRoutes(app, deps.services.auth, config);
  notificationRoutes(app, deps.services.notifications);
  adminNotificationRoutes(app, deps.services.notifications);
  outboundEmailRoutes(app, deps.services.outboundEmails);
  const appScope = createAppScope(app, db);
  developerAppRoutes(app, deps.services.developerApps, appScope);
  sandboxRoutes(app, deps.services, appScope);
  credentialRoutes(app, deps.services.credentials, appScope);
  secretRotationRoutes(app, deps.services, appScope);
  collaboratorRoutes(app, deps.services.collaborators, appScope);
  manifestRoutes(app, deps.services.manifests, appScope);
  clientErrorRoutes(app);
  listingRoutes(app, deps.services.listings, appScope);
  changelogRoutes(app, deps.services.changelog);
  adminChangelogRoutes(app, deps.services.changelog);
  rateLimitRoutes(app, deps.services.rateLimits);
  auditRoutes(app, deps.services.audit);
  adminAppRoutes(app, deps.services.adminApps);
  adminListRoutes(app, deps.services.adminLists, appScope);
  marketplaceRoutes(app, deps.services.marketplace);
  metricsRoutes(app, deps.services.metrics, appScope);
  apiActivityRoutes(app, deps.services.apiActivity, appScope);
  webhookRoutes(app, deps.services.webhooks, appScope);
  adminAnalyticsRoutes(app, deps.services.analytics);
  accessTokenRoutes(app, deps.services.accessTokens);
  twoFactorRoutes(app, deps.services, config);

  const indexHtml = path.join(config.webDistDir, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      maxAge: '1y',
      immutable: true,
      // The build writes `file.br` and `file.gz` beside each text asset (apps/web/vite.config.ts):
      // they are sent as they are, by Accept-Encoding, with `Vary: Accept-Encoding`.
      preCompressed: true,
      // No routes of their own for the compressed copies: they are reached through their original.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (res, filePath) => {
        if (!filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'no-cache');
      },
    });
  }

  // Deep links of the single-page app get index.html; unknown API paths get the JSON 404, and so does a
  // missing build file (/assets/…): a chunk of an older deploy must fail as a chunk load (the web then
  // offers a reload), not arrive as HTML with 200.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const page = !url.startsWith('/api/') && !url.startsWith('/assets/');
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && page) {
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(errorBody('not_found', `No route for ${request.method} ${url}.`));
  });

  return app;
}
