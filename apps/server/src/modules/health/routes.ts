import type { FastifyInstance } from 'fastify';
import { errorBody } from '../../http/errors';
import type { ReadinessReport } from './readiness';

/**
 * Health for orchestrators (issue 24): `live` answers while the process does (a restart is the cure
 * when it does not); `ready` answers 200 only when every part the portal needs answers, else 503
 * naming the failing parts (take the process out of the load balancer, do not restart it). Never
 * cached, never behind a session. `/api/v1/health` stays as it was: the liveness answer.
 */
export function healthRoutes(app: FastifyInstance, readiness: () => Promise<ReadinessReport>): void {
  const live = async () => ({ status: 'ok' });
  app.get('/api/v1/health', { schema: { hide: true } }, live);
  app.get('/api/v1/health/live', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return live();
  });
  app.get('/api/v1/health/ready', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const report = await readiness();
    if (report.ready) return { status: 'ready', checks: report.checks };
    const named = report.failing.map((entry) => `${entry.part}: ${entry.reason}`).join('; ');
    return reply.status(503).send({
      ...errorBody('service_unavailable', `Not ready: ${named}.`),
      status: 'unavailable',
      checks: report.checks,
      failing: report.failing,
    });
  });
}
