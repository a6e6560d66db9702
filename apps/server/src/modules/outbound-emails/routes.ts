import { outboundEmailEndpoints as api } from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { allow } from '../../http/session';
import { outboundEmailPolicy } from './policy';
import { presentOutboundEmail } from './presenter';
import type { OutboundEmailService } from './service';

/** The admin "Outbound e-mail" page: every message the portal queued, sent or failed to send. */
export function outboundEmailRoutes(app: FastifyInstance, service: OutboundEmailService): void {
  const canRead = allow(outboundEmailPolicy.canRead);

  route(app, api.list, {
    guards: [canRead],
    handler: async (request) => {
      const { rows, total } = await service.list(request.query);
      return { items: rows.map(presentOutboundEmail), total };
    },
  });

  route(app, api.get, {
    guards: [canRead],
    handler: async (request) => presentOutboundEmail(await service.get(request.params.id)),
  });
}
