import { developerAppEndpoints as api } from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { requireUser } from '../../http/session';
import { developerAppPolicy } from './policy';
import { presentApp, presentSummary } from './presenter';
import { type AppScope, appContextOf, appFromParams } from './scope';
import type { DeveloperAppService } from './service';

/** The fields a PATCH names, for the policy (read before validation: unknown keys are refused later). */
function changedFields(body: unknown): string[] {
  const changes =
    typeof body === 'object' && body !== null
      ? (body as { developer_app?: unknown }).developer_app
      : undefined;
  return typeof changes === 'object' && changes !== null ? Object.keys(changes) : [];
}

/** Apps as developers see them (spec 2 §7); the admin routes are admin-apps'. */
export function developerAppRoutes(
  app: FastifyInstance,
  service: DeveloperAppService,
  appScope: AppScope,
): void {
  route(app, api.list, {
    // "My apps" is the portal's most visited list: its pages are kept answers (DeveloperAppService
    // listAnswer), with an ETag. presentSummary writes the contract's keys in the contract's order, so
    // JSON.stringify writes what the contract's serializer would (my-apps-one-statement.test.ts).
    kept: true,
    handler: (request) =>
      service.listAnswer(requireUser(request), request.query, (items) =>
        JSON.stringify(items.map(presentSummary)),
      ),
  });

  route(app, api.create, {
    handler: async (request) =>
      presentApp(await service.create(requireUser(request), request.body.internal_name)),
  });

  route(app, api.get, {
    guards: [appScope(appFromParams)],
    handler: async (request) => presentApp(await service.get(appContextOf(request))),
  });

  route(app, api.update, {
    guards: [
      appScope(appFromParams, (access, request) =>
        developerAppPolicy.canUpdate(
          access,
          request.isMultipart() ? ['thumbnail'] : changedFields(request.body),
        ),
      ),
    ],
    handler: async (request) =>
      presentApp(await service.update(appContextOf(request), request.body.developer_app)),
  });

  route(app, api.destroy, {
    guards: [appScope(appFromParams, 'canDestroy')],
    handler: async (request) => {
      await service.destroy(appContextOf(request));
      return undefined;
    },
  });

  route(app, api.thumbnail, {
    guards: [appScope(appFromParams)],
    handler: async (request) => {
      const { stream, size, contentType } = await service.thumbnail(appContextOf(request));
      return { body: stream, size, contentType, cacheControl: 'private, max-age=31536000, immutable' };
    },
  });
}
