import { adminDeveloperAppEndpoints as api } from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { allow, requireUser } from '../../http/session';
import { auditActorOf } from '../audit/actor';
import { adminAppPolicy } from './policy';
import { presentAdminApp, presentContact } from './presenter';
import type { AdminAppService } from './service';

/** The admin developer app page's calls (spec 1 §7); platform administrators only (spec 1 §6). */
export function adminAppRoutes(app: FastifyInstance, service: AdminAppService): void {
  const guards = [allow(adminAppPolicy.canAdminister)];

  route(app, api.get, {
    guards,
    handler: async (request) => presentAdminApp(await service.get(requireUser(request), request.params.id)),
  });

  route(app, api.update, {
    guards,
    handler: async (request) =>
      presentAdminApp(
        await service.update(
          requireUser(request),
          auditActorOf(request),
          request.params.id,
          request.body.developer_app,
        ),
      ),
  });

  route(app, api.destroy, {
    guards,
    handler: async (request) => {
      await service.destroy(auditActorOf(request), request.params.id);
      return undefined;
    },
  });

  route(app, api.thumbnail, {
    guards,
    handler: async (request) =>
      presentAdminApp(
        await service.thumbnail(
          requireUser(request),
          auditActorOf(request),
          request.params.id,
          request.body.developer_app,
        ),
      ),
  });

  route(app, api.thumbnailImage, {
    guards,
    handler: async (request) => {
      const { stream, size, contentType } = await service.thumbnailImage(request.params.id);
      return { body: stream, size, contentType, cacheControl: 'private, max-age=31536000, immutable' };
    },
  });

  route(app, api.changeOwner, {
    guards,
    handler: async (request) =>
      presentAdminApp(
        await service.changeOwner(
          requireUser(request),
          auditActorOf(request),
          request.params.id,
          request.body.owner.email,
        ),
      ),
  });

  route(app, api.createContact, {
    guards,
    handler: async (request) =>
      presentContact(
        await service.createContact(auditActorOf(request), request.params.id, request.body.contact),
      ),
  });
}
