import { collaboratorEndpoints as api } from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { requireUser } from '../../http/session';
import { type AppScope, appContextOf, appFromBody, appFromQuery } from '../developer-apps/scope';
import { collaboratorPolicy } from './policy';
import { presentCollaborator, presentInvitation, presentPermissions } from './presenter';
import type { CollaboratorService } from './service';

/**
 * Collaborators, invitations and the permissions of an app (spec 2 §7). Signed out is 401 before
 * anything else; the app scope answers 404 for an app the actor may not see and 403 to one who sees it
 * but may not change its team. The app is named by `?developer_app_id=` or the body's developer_app_id.
 */
export function collaboratorRoutes(
  app: FastifyInstance,
  service: CollaboratorService,
  appScope: AppScope,
): void {
  const canManage = collaboratorPolicy.canManage;

  route(app, api.list, {
    guards: [appScope(appFromQuery)],
    handler: async (request) => (await service.list(appContextOf(request))).map(presentCollaborator),
  });

  route(app, api.update, {
    guards: [appScope(appFromBody, canManage)],
    handler: async (request) =>
      (await service.updateRoles(appContextOf(request), request.body.collaborators)).map(presentCollaborator),
  });

  route(app, api.remove, {
    guards: [appScope(appFromQuery, canManage)],
    handler: async (request) => {
      await service.remove(appContextOf(request), request.params.id);
      return undefined;
    },
  });

  route(app, api.invitations, {
    guards: [appScope(appFromQuery)],
    handler: async (request) => {
      const now = new Date();
      const rows = await service.invitations(appContextOf(request), now);
      return rows.map((row) => presentInvitation(row, now));
    },
  });

  route(app, api.invite, {
    guards: [appScope(appFromBody, canManage)],
    handler: async (request) => {
      const now = new Date();
      return presentInvitation(
        await service.invite(appContextOf(request), request.body, { ip: request.ip }, now),
        now,
      );
    },
  });

  route(app, api.cancelInvitation, {
    guards: [appScope(appFromBody, canManage)],
    handler: async (request) => {
      const now = new Date();
      return presentInvitation(
        await service.cancelInvitation(appContextOf(request), request.params.id, now),
        now,
      );
    },
  });

  // The invitee is not a collaborator yet: the token, not an app scope, decides (see the service).
  route(app, api.acceptInvitation, {
    handler: async (request) => service.accept(requireUser(request), request.body.token),
  });

  route(app, api.permissions, {
    guards: [appScope(appFromQuery)],
    handler: async (request) => presentPermissions(appContextOf(request)),
  });
}
