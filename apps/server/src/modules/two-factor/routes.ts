import { adminTwoFactorEndpoints as adminApi, twoFactorEndpoints as api } from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { hashToken } from '../../http/crypto';
import { AppError } from '../../http/errors';
import { route } from '../../http/route';
import { allow, requireUser, SESSION_COOKIE, setSessionCookie } from '../../http/session';
import { WindowLimiter } from '../../http/throttle';
import { auditActorOf } from '../audit/actor';
import { presentSession } from '../auth/presenter';
import type { AuthService } from '../auth/service';
import { twoFactorPolicy } from './policy';
import { presentPasskey } from './presenter';
import type { TwoFactorService } from './service';

const ADMIN_PREFIX = '/api/v1/admin/';

/**
 * REQUIRE_ADMIN_2FA: an administrator without a second factor is refused every admin route with 403
 * two_factor_setup_required (the web sends them to the account page's two-factor section). Registered
 * right after the sessions, so it runs before any route's guards.
 */
export function registerAdminTwoFactorGate(
  app: FastifyInstance,
  deps: { config: Config; twoFactor: Pick<TwoFactorService, 'mustSetUp'> },
): void {
  if (!deps.config.requireAdmin2fa) return;
  app.addHook('onRequest', async (request) => {
    if (!request.user?.is_admin || !request.url.startsWith(ADMIN_PREFIX)) return;
    if (await deps.twoFactor.mustSetUp(request.user)) {
      throw new AppError(
        'two_factor_setup_required',
        'Administrators must turn on two-factor authentication (an authenticator app or a passkey) on their account page first.',
      );
    }
  });
}

/** The caller's second factors, passkeys and passkey sign-in; administrators' removal of a developer's. */
export function twoFactorRoutes(
  app: FastifyInstance,
  services: { twoFactor: TwoFactorService; auth: AuthService },
  settings: { supportEmail: string },
): void {
  const { twoFactor, auth } = services;
  // Each options call stores a challenge: one address cannot fill the table.
  const optionsLimiter = new WindowLimiter({ perKey: 30, total: 5000, windowMs: 60_000 });

  route(app, api.status, {
    handler: async (request) => twoFactor.status(requireUser(request)),
  });

  route(app, api.setup, {
    handler: async (request) => twoFactor.setup(requireUser(request)),
  });

  route(app, api.confirm, {
    handler: async (request) =>
      twoFactor.confirm(requireUser(request), request.body.code, { ip: request.ip }),
  });

  route(app, api.disable, {
    handler: async (request) => {
      await twoFactor.disable(requireUser(request), request.body, { ip: request.ip });
      return undefined;
    },
  });

  route(app, api.regenerateRecoveryCodes, {
    handler: async (request) =>
      twoFactor.regenerateRecoveryCodes(requireUser(request), request.body.code, { ip: request.ip }),
  });

  route(app, api.passkeys, {
    handler: async (request) => (await twoFactor.listPasskeys(requireUser(request))).map(presentPasskey),
  });

  route(app, api.passkeyRegistrationOptions, {
    handler: async (request) => twoFactor.passkeyRegistrationOptions(requireUser(request)),
  });

  route(app, api.createPasskey, {
    handler: async (request) =>
      presentPasskey(await twoFactor.createPasskey(requireUser(request), request.body.passkey)),
  });

  route(app, api.deletePasskey, {
    handler: async (request) => {
      await twoFactor.deletePasskey(requireUser(request), request.params.id);
      return undefined;
    },
  });

  route(app, api.passkeySignInOptions, {
    handler: async (request) => {
      optionsLimiter.takeOrRefuse(request.ip, 'Too many passkey sign-in attempts. Please wait a minute.');
      return twoFactor.passkeySignInOptions();
    },
  });

  route(app, api.passkeySignIn, {
    handler: async (request, reply) => {
      const user = await twoFactor.passkeySignIn(request.body.response);
      const cookie = request.cookies[SESSION_COOKIE];
      const signedIn = await auth.openSession(user, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        previousSessionId: cookie ? hashToken(cookie) : undefined,
      });
      setSessionCookie(request, reply, signedIn.sessionToken);
      return presentSession(signedIn.user, signedIn.csrfToken, settings, auth.features());
    },
  });

  const canManage = allow(twoFactorPolicy.canManageDevelopers);

  route(app, adminApi.developerTwoFactor, {
    guards: [canManage],
    handler: async (request) => twoFactor.developerStatus(request.params.id),
  });

  route(app, adminApi.removeDeveloperTwoFactor, {
    guards: [canManage],
    handler: async (request) => {
      await twoFactor.removeDeveloperFactors(auditActorOf(request), request.params.id);
      return undefined;
    },
  });
}
