import { adminChangelogEndpoints as admin, changelogEndpoints as api } from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { allow, requireUser } from '../../http/session';
import { changelogPolicy } from './policy';
import { presentAdminChangelogEntry, presentChangelogEntry } from './presenter';
import type { ChangelogService } from './service';

/** The aggregated changelog call (spec 2 §7): open to visitors; the session, if any, widens what shows. */
export function changelogRoutes(app: FastifyInstance, service: ChangelogService): void {
  route(app, api.aggregated, {
    handler: async (request) => {
      const { rows, total } = await service.feed(request.user, request.query);
      return { items: rows.map(presentChangelogEntry), total };
    },
  });
}

/** What platform administrators manage: write, edit, hide and show again. */
export function adminChangelogRoutes(app: FastifyInstance, service: ChangelogService): void {
  const guards = [allow(changelogPolicy.canManage)];

  route(app, admin.list, {
    guards,
    handler: async (request) => {
      const { rows, total } = await service.list(request.query);
      return { items: rows.map(presentAdminChangelogEntry), total };
    },
  });

  route(app, admin.get, {
    guards,
    handler: async (request) => presentAdminChangelogEntry(await service.find(request.params.id)),
  });

  route(app, admin.create, {
    guards,
    handler: async (request) =>
      presentAdminChangelogEntry(await service.create(requireUser(request), request.body)),
  });

  route(app, admin.update, {
    guards,
    handler: async (request) =>
      presentAdminChangelogEntry(await service.update(request.params.id, request.body)),
  });
}
