import { credentialEndpoints as api } from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { auditActorOf } from '../audit/actor';
import { type AppScope, appContextOf } from '../developer-apps/scope';
import { presentSecret } from '../sandboxes/presenter';
import { credentialPolicy } from './policy';
import type { CredentialService } from './service';

/** Production OAuth credentials (spec 2 §7). */
export function credentialRoutes(
  app: FastifyInstance,
  credentials: CredentialService,
  appScope: AppScope,
): void {
  // The app of /oauth_applications/:uid, found through the platform; an unknown uid is 404.
  const oauthApp = async (request: { params: unknown }) => {
    const params = api.resetSecret.params.safeParse(request.params);
    return params.success ? credentials.appOf(params.data.uid) : undefined;
  };

  route(app, api.resetSecret, {
    guards: [appScope(oauthApp, credentialPolicy.canReset)],
    handler: async (request) =>
      presentSecret(
        await credentials.resetSecret(appContextOf(request), request.params.uid, auditActorOf(request)),
      ),
  });

  route(app, api.revealSecret, {
    guards: [appScope(oauthApp, credentialPolicy.canReveal)],
    handler: async (request) => ({
      app_secret: await credentials.revealSecret(appContextOf(request), request.params.uid),
    }),
  });
}
