import { rateLimitEndpoints as api } from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { allow } from '../../http/session';
import { auditActorOf } from '../audit/actor';
import { rateLimitPolicy } from './policy';
import { presentBucket } from './presenter';
import type { RateLimitService } from './service';

/** The rate-limit bucket admin page (spec 1 §2, §7): `{data}` in and out, platform admins only. */
export function rateLimitRoutes(app: FastifyInstance, service: RateLimitService): void {
  const canManage = allow(rateLimitPolicy.canManage);

  route(app, api.servers, {
    guards: [canManage],
    handler: async () => ({ data: [...service.servers()] }),
  });

  route(app, api.list, {
    guards: [canManage],
    handler: async (request) => ({
      data: (await service.list(request.params.server)).map(presentBucket),
    }),
  });

  route(app, api.create, {
    guards: [canManage],
    handler: async (request) => ({
      data: presentBucket(
        await service.create(request.params.server, request.body.data, auditActorOf(request)),
      ),
    }),
  });

  route(app, api.update, {
    guards: [canManage],
    handler: async (request) => ({
      data: presentBucket(
        await service.update(request.params.server, request.body.data, auditActorOf(request)),
      ),
    }),
  });

  route(app, api.destroy, {
    guards: [canManage],
    handler: async (request) => {
      await service.delete(request.params.server, request.params.id, auditActorOf(request));
      return undefined;
    },
  });
}
