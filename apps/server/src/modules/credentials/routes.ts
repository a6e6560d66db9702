import { errorResponse, secretResponse } from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticated, requireUser } from '../../http/session';
import type { DeveloperAppService } from '../developer-apps/service';

const problems = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse };

/** Production OAuth credentials (spec 2 §7). */
export function credentialRoutes(app: FastifyInstance, service: DeveloperAppService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/oauth_applications/:uid/reset_secret',
    {
      schema: {
        tags: ['Credentials'],
        summary: 'Generate or reset an OAuth application secret; returned once',
        params: z.strictObject({ uid: z.string().min(1).max(100) }),
        response: { 200: secretResponse, ...problems },
      },
      preValidation: authenticated,
    },
    async (request) => {
      const issued = await service.resetOAuthSecret(requireUser(request), request.params.uid);
      return { uid: issued.uid, app_secret: issued.secret };
    },
  );
}
