import { errorResponse, sandboxResponse, secretResponse, updateSandboxRequest } from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../http/params';
import { authenticated, requireUser } from '../../http/session';
import type { DeveloperAppService } from '../developer-apps/service';

const problems = {
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  422: errorResponse,
};
const tags = ['Sandboxes'];

/** A sandbox's redirect URIs and secret (spec 2 §7). */
export function sandboxRoutes(app: FastifyInstance, service: DeveloperAppService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch(
    '/api/v1/sandboxes/:id',
    {
      schema: {
        tags,
        summary: 'Change the sandbox redirect URIs',
        params: idParams,
        body: updateSandboxRequest,
        response: { 200: sandboxResponse, ...problems },
      },
      preValidation: authenticated,
    },
    async (request) =>
      service.updateSandbox(requireUser(request), request.params.id, request.body.sandbox.redirect_uri),
  );

  r.post(
    '/api/v1/sandboxes/:id/reset_secret',
    {
      schema: {
        tags,
        summary:
          'Reset the sandbox secret; the old one and its tokens stop working. The new secret is returned once.',
        params: idParams,
        response: { 200: secretResponse, ...problems },
      },
      preValidation: authenticated,
    },
    async (request) => {
      const issued = await service.resetSandboxSecret(requireUser(request), request.params.id);
      return { uid: issued.uid, app_secret: issued.secret };
    },
  );
}
