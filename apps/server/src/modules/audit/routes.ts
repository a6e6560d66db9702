import { auditEndpoints as api } from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { allow } from '../../http/session';
import { auditPolicy } from './policy';
import { presentAuditEvent } from './presenter';
import type { AuditService } from './service';

/** The audit trail (issue 11): `GET /api/v1/admin/audit_events` and the actor filter's lookup. */
export function auditRoutes(app: FastifyInstance, service: AuditService): void {
  const canRead = allow(auditPolicy.canRead);

  route(app, api.list, {
    guards: [canRead],
    handler: async (request) => {
      const { rows, total } = await service.list(request.query);
      return { items: rows.map(presentAuditEvent), total };
    },
  });

  route(app, api.actors, {
    guards: [canRead],
    handler: async (request) => service.actors(request.query.search),
  });
}
