import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { safeEqual } from '../http/crypto';
import { errorBody } from '../http/errors';
import type { OperatorMetrics } from './metrics';

const SIGN_IN_ROUTE = '/api/v1/session';

/**
 * Measures every answer (when metrics are on) and serves GET /metrics on the portal's port to a caller
 * with `Authorization: Bearer <METRICS_TOKEN>`. Without a token configured the path is an unknown route
 * (404), and a missing or wrong token is a 401 that tells nothing else.
 */
export function operatorMetricsRoutes(
  app: FastifyInstance,
  metrics: OperatorMetrics,
  token: string | undefined,
): void {
  if (metrics.enabled) {
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      metrics.request(request.method, route, status, reply.elapsedTime / 1000);
      if (route === SIGN_IN_ROUTE && request.method === 'POST') {
        if (status === 429) metrics.signInThrottled();
        else if (status === 401) metrics.signInFailed();
      }
      done();
    });
  }
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token || !metrics.enabled) {
      return reply.status(404).send(errorBody('not_found', 'No route for GET /metrics.'));
    }
    const given = request.headers.authorization;
    if (typeof given !== 'string' || !safeEqual(given, `Bearer ${token}`)) {
      reply.header('WWW-Authenticate', 'Bearer');
      return reply.status(401).send(errorBody('unauthenticated', 'A valid metrics token is required.'));
    }
    const { contentType, body } = await metrics.render();
    return reply.header('Cache-Control', 'no-store').type(contentType).send(body);
  });
}

/**
 * METRICS_PORT: /metrics on a port of its own, without a token (for a scraper on a private network).
 * Anything else on that port is a 404.
 */
export async function startMetricsServer(
  metrics: OperatorMetrics,
  options: { port: number; host: string },
): Promise<{ server: Server; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.render().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body);
      },
      () => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
