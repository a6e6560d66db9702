import { adminUpdateDeveloperAppRequest, developerAppResponse, errorResponse } from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../http/params';
import { allow, requireUser } from '../../http/session';
import { developerAppPolicy } from './policy';
import type { DeveloperAppService } from './service';

const problems = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse };

/** Platform administrators on one app (spec 1 §7): read (deleted ones too), grant production, undelete. */
export function adminDeveloperAppRoutes(app: FastifyInstance, service: DeveloperAppService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const canAdminister = allow(developerAppPolicy.canAdminister);

  r.get(
    '/api/v1/admin/developer_apps/:id',
    {
      schema: {
        tags: ['Admin'],
        summary: 'One app, deleted or not (admins)',
        params: idParams,
        response: { 200: developerAppResponse, ...problems },
      },
      preValidation: canAdminister,
    },
    async (request) => service.adminGet(requireUser(request), request.params.id),
  );

  r.patch(
    '/api/v1/admin/developer_apps/:id',
    {
      schema: {
        tags: ['Admin'],
        summary: 'Grant production access, undelete (deleted_at null) or rename (admins)',
        params: idParams,
        body: adminUpdateDeveloperAppRequest,
        response: { 200: developerAppResponse, ...problems },
      },
      preValidation: canAdminister,
    },
    async (request) =>
      service.adminUpdate(requireUser(request), request.params.id, request.body.developer_app),
  );
}
