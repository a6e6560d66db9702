import { adminListEndpoints as api, reviewQueueEndpoints } from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { allow, requireUser } from '../../http/session';
import { auditActorOf } from '../audit/actor';
import { type AppScope, appContextOf, appFromParams } from '../developer-apps/scope';
import { adminListPolicy } from './policy';
import {
  presentAdminApp,
  presentDeveloper,
  presentDeveloperRow,
  presentOAuthApplication,
  presentReviewQueue,
} from './presenter';
import type { AdminListService } from './service';

/** The admin lists (developer apps and review queue, developers, OAuth applications) and queue places. */
export function adminListRoutes(app: FastifyInstance, service: AdminListService, appScope: AppScope): void {
  const canRead = allow(adminListPolicy.canRead);

  // The apps list and the review queue are kept answers (issue 24; AdminListService
  // developerAppsAnswer), with an ETag: made by the contract's own serializer, so a kept page has the
  // bytes a page made afresh has. The guard checks the administrator on every request, kept or not.
  const appsPage = serializerCompiler({
    schema: api.developerApps.response,
    method: api.developerApps.method,
    url: api.developerApps.path,
    httpStatus: '200',
  }) as (data: unknown) => string;
  route(app, api.developerApps, {
    guards: [canRead],
    kept: true,
    handler: (request) =>
      service.developerAppsAnswer(request.query, (rows) => appsPage(rows.map(presentAdminApp))),
  });

  route(app, api.developers, {
    guards: [canRead],
    handler: async (request) => {
      const { rows, total } = await service.developers(request.query);
      return { items: rows.map(presentDeveloperRow), total };
    },
  });

  route(app, api.developer, {
    guards: [canRead],
    handler: async (request) => presentDeveloper(await service.developer(request.params.id)),
  });

  route(app, api.updateDeveloper, {
    guards: [allow(adminListPolicy.canUpdateDeveloper)],
    handler: async (request) =>
      presentDeveloper(
        await service.updateDeveloper(
          { ...auditActorOf(request), user: requireUser(request) },
          request.params.id,
          request.body.developer,
        ),
      ),
  });

  route(app, api.oauthApplications, {
    guards: [canRead],
    handler: async (request) => {
      const { rows, total } = await service.oauthApplications(request.query);
      return { items: rows.map(presentOAuthApplication), total };
    },
  });

  route(app, reviewQueueEndpoints.get, {
    guards: [appScope(appFromParams)],
    handler: async (request) => presentReviewQueue(await service.reviewQueueOf(appContextOf(request).app.id)),
  });
}
