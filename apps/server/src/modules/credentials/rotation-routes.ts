import { secretRotationEndpoints as api } from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { RotatedSecret } from '../../platform/types';
import { auditActorOf } from '../audit/actor';
import { type AppScope, appContextOf } from '../developer-apps/scope';
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

  route(app, api.rotateSandboxSecret, {
    guards: [appScope(sandboxApp, credentialPolicy.canRotate)],
    handler: async (request, reply) => {
      const context = appContextOf(request);
      const oauth = await rotation.sandboxApplication(context, request.params.id);
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

  route(app, api.expirePreviousSandboxSecret, {
    guards: [appScope(sandboxApp, credentialPolicy.canRotate)],
    handler: async (request) => {
      const context = appContextOf(request);
      const oauth = await rotation.sandboxApplication(context, request.params.id);
      await rotation.expirePrevious(context, oauth, auditActorOf(request));
      return { uid: oauth.uid, previous_secret_expires_at: null };
    },
  });

  route(app, api.rotateSecret, {
    guards: [appScope(oauthApp, credentialPolicy.canRotate)],
    handler: async (request, reply) => {
      const context = appContextOf(request);
      const oauth = await rotation.application(context, request.params.uid);
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

  route(app, api.expirePreviousSecret, {
    guards: [appScope(oauthApp, credentialPolicy.canRotate)],
    handler: async (request) => {
      const context = appContextOf(request);
      const oauth = await rotation.application(context, request.params.uid);
      await rotation.expirePrevious(context, oauth, auditActorOf(request));
      return { uid: oauth.uid, previous_secret_expires_at: null };
    },
  });
}
