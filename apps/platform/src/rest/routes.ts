import type { FastifyInstance } from 'fastify';
import type { PlatformContext } from '../context';
import type { PlatformEnvironment } from '../tokens';
import { restPipeline } from './pipeline';

// PLACEHOLDER until the REST API work lands: only /me, to prove the pipeline.
export function restRoutes(app: FastifyInstance, ctx: PlatformContext, environment: PlatformEnvironment) {
  app.register(async (scope) => {
    restPipeline(scope, ctx, environment);
    scope.get('/rest/v1.0/me', async (request) => ({ id: request.principal?.userId ?? null }));
  });
}
