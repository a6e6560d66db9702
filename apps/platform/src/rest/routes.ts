import type { FastifyInstance } from 'fastify';
import type { PlatformContext } from '../context';
import type { PlatformEnvironment } from '../tokens';
import { webhookRoutes } from '../webhooks/routes';
import { restErrors } from './errors';
import { meRoutes } from './me';
import { restPipeline } from './pipeline';
import { projectRoutes } from './projects';
import { rfiRoutes } from './rfis';
import { submittalRoutes } from './submittals';

/** The construction REST API of one environment (rest-api.md), behind the pipeline's token and rate checks. */
export function restRoutes(app: FastifyInstance, ctx: PlatformContext, environment: PlatformEnvironment) {
  app.register(async (scope) => {
    restPipeline(scope, ctx, environment);
    restErrors(scope);
    meRoutes(scope, ctx, environment);
    projectRoutes(scope, ctx, environment);
    rfiRoutes(scope, ctx, environment);
    submittalRoutes(scope, ctx, environment);
    webhookRoutes(scope, ctx, environment);
  });
}
