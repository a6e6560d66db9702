import { adminApiActivityEndpoints as admin, apiActivityEndpoints as api } from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { allow } from '../../http/session';
import { type AppScope, appContextOf, appFromParams } from '../developer-apps/scope';
import { apiActivityPolicy } from './policy';
import { presentApiActivitySummary, presentApiCallDetail, presentApiCallList } from './presenter';
import type { ApiActivityService } from './service';

/**
 * The app's API activity (issue 21): its calls with filters and a cursor, one call's details, and the
 * per-minute series with the buckets' use. Collaborators and platform administrators through the app
 * scope (a stranger gets 404); the admin routes for any app, deleted ones too.
 */
export function apiActivityRoutes(
  app: FastifyInstance,
  service: ApiActivityService,
  appScope: AppScope,
): void {
  const scoped = { guards: [appScope(appFromParams)] };
  route(app, api.list, {
    ...scoped,
    handler: async (request) =>
      presentApiCallList(await service.calls(appContextOf(request).app.id, request.query)),
  });
  route(app, api.summary, {
    ...scoped,
    handler: async (request) =>
      presentApiActivitySummary(await service.summary(appContextOf(request).app.id)),
  });
  route(app, api.get, {
    ...scoped,
    handler: async (request) =>
      presentApiCallDetail(await service.call(appContextOf(request).app.id, request.params.call_id)),
  });

  const guards = [allow(apiActivityPolicy.canReadAnyApp)];
  route(app, admin.list, {
    guards,
    handler: async (request) => {
      const found = await service.adminApp(request.params.id);
      return presentApiCallList(await service.calls(found.id, request.query));
    },
  });
  route(app, admin.summary, {
    guards,
    handler: async (request) =>
      presentApiActivitySummary(await service.summary((await service.adminApp(request.params.id)).id)),
  });
  route(app, admin.get, {
    guards,
    handler: async (request) => {
      const found = await service.adminApp(request.params.id);
      return presentApiCallDetail(await service.call(found.id, request.params.call_id));
    },
  });
}
