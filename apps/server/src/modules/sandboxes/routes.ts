import { sandboxEndpoints as api } from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { auditActorOf } from '../audit/actor';
import { presentApp } from '../developer-apps/presenter';
import { type AppScope, appContextOf, appFromParams } from '../developer-apps/scope';
import type { DeveloperAppService } from '../developer-apps/service';
import { sandboxPolicy } from './policy';
import { presentSandbox, presentSecret, presentTestToken } from './presenter';
import type { SandboxService } from './service';

/** A sandbox's redirect URIs and secret, and the staff's fake sandbox (spec 2 §4, §7). */
export function sandboxRoutes(
  app: FastifyInstance,
  services: { sandboxes: SandboxService; developerApps: DeveloperAppService },
  appScope: AppScope,
): void {
  const { sandboxes } = services;
  // The app of /sandboxes/:id: found through the platform; a sandbox that does not exist is 404.
  const sandboxApp = async (request: { params: unknown }) => {
    const params = api.update.params.safeParse(request.params);
    return params.success ? sandboxes.appOf(params.data.id) : undefined;
  };

  route(app, api.generateFakeSandbox, {
    guards: [appScope(appFromParams, sandboxPolicy.canGenerateFake)],
    handler: async (request) => {
      const context = appContextOf(request);
      const secret = await sandboxes.generateFake(context);
      return { ...presentApp(await services.developerApps.get(context)), app_secret: secret.secret };
    },
  });

  route(app, api.update, {
    guards: [appScope(sandboxApp, sandboxPolicy.canChange)],
    handler: async (request) => {
      const context = appContextOf(request);
      const sandbox = await sandboxes.updateRedirectUris(
        context,
        request.params.id,
        request.body.sandbox.redirect_uri,
      );
      return presentSandbox(sandbox, context.app);
    },
  });

  route(app, api.baseUrls, {
    handler: async () => sandboxes.baseUrls(),
  });

  route(app, api.testToken, {
    guards: [appScope(appFromParams, sandboxPolicy.canGetTestToken)],
    handler: async (request, reply) => {
      const token = await sandboxes.testToken(appContextOf(request), auditActorOf(request));
      // A bearer credential, as the token endpoint answers it: never cached.
      reply.header('Cache-Control', 'no-store');
      return presentTestToken(token);
    },
  });

  route(app, api.resetSecret, {
    guards: [appScope(sandboxApp, sandboxPolicy.canChange)],
    handler: async (request) =>
      presentSecret(
        await sandboxes.resetSecret(appContextOf(request), request.params.id, auditActorOf(request)),
      ),
  });
}
