import { secretRotationEndpoints as api } from '@lintel/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../http/route';
import type { OAuthApplication, RotatedSecret } from '../../platform/types';
import { auditActorOf } from '../audit/actor';
import { type AppContext, type AppScope, appContextOf } from '../developer-apps/scope';
import type { SandboxService } from '../sandboxes/service';
import { credentialPolicy } from './policy';
import type { SecretRotationService } from './rotation-service';
import type { CredentialService } from './service';

/** The one answer of a rotation that carries the new secret; the previous secret is never sent. */
function presentRotated(rotated: RotatedSecret) {
  return {
    uid: rotated.uid,
    app_secret: rotated.secret,
    previous_secret_expires_at: rotated.previousSecretExpiresAt.toISOString(),
  };
}

/**
 * Rotation without downtime beside the immediate reset (issue 23), for the sandbox (by sandbox id) and
 * for an OAuth application (by client id). Who may rotate or expire: who may reset (resetSecrets).
 */
export function secretRotationRoutes(
  app: FastifyInstance,
  services: {
    secretRotation: SecretRotationService;
    sandboxes: SandboxService;
    credentials: CredentialService;
  },
  appScope: AppScope,
): void {
  const { secretRotation: rotation } = services;
  const sandboxApp = async (request: { params: unknown }) => {
    const params = api.rotateSandboxSecret.params.safeParse(request.params);
    return params.success ? services.sandboxes.appOf(params.data.id) : undefined;
  };
  const oauthApp = async (request: { params: unknown }) => {
    const params = api.rotateSecret.params.safeParse(request.params);
    return params.success ? services.credentials.appOf(params.data.uid) : undefined;
  };

  // The sandbox's and an OAuth application's routes differ only in how the application is found.
  type Found = (request: FastifyRequest, context: AppContext) => Promise<OAuthApplication>;
  const rotateWith = (find: Found) => ({
    handler: async (
      request: FastifyRequest<{ Body: { grace_period_hours: 1 | 24 | 168 } }>,
      reply: FastifyReply,
    ) => {
      const context = appContextOf(request);
      const oauth = await find(request, context);
      const rotated = await rotation.rotate(
        context,
        oauth,
        request.body.grace_period_hours,
        auditActorOf(request),
      );
      reply.header('Cache-Control', 'no-store');
      return presentRotated(rotated);
    },
  });
  const expireWith = (find: Found) => ({
    handler: async (request: FastifyRequest) => {
      const context = appContextOf(request);
      const oauth = await find(request, context);
      await rotation.expirePrevious(context, oauth, auditActorOf(request));
      return { uid: oauth.uid, previous_secret_expires_at: null };
    },
  });
  const bySandbox: Found = (request, context) =>
    rotation.sandboxApplication(context, (request.params as { id: number }).id);
  const byUid: Found = (request, context) =>
    rotation.application(context, (request.params as { uid: string }).uid);

  const sandboxGuards = [appScope(sandboxApp, credentialPolicy.canRotate)];
  const oauthGuards = [appScope(oauthApp, credentialPolicy.canRotate)];
  route(app, api.rotateSandboxSecret, { guards: sandboxGuards, ...rotateWith(bySandbox) });
  route(app, api.expirePreviousSandboxSecret, { guards: sandboxGuards, ...expireWith(bySandbox) });
  route(app, api.rotateSecret, { guards: oauthGuards, ...rotateWith(byUid) });
  route(app, api.expirePreviousSecret, { guards: oauthGuards, ...expireWith(byUid) });
}
