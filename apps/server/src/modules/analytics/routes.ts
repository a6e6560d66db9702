import { adminAnalyticsEndpoints as api } from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { allow } from '../../http/session';
import { analyticsPolicy } from './policy';
import type { AnalyticsService } from './service';

/** Counts of the analytics events per key and UTC day (platform administrators). */
export function adminAnalyticsRoutes(app: FastifyInstance, service: AnalyticsService): void {
  route(app, api.counts, {
    guards: [allow(analyticsPolicy.canRead)],
    handler: async (request) => {
      const { rows, total } = await service.counts(request.query);
      return { items: rows, total };
    },
  });
}
