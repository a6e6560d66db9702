import { authEndpoints as api } from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import { hashToken } from '../../http/crypto';
import { errors } from '../../http/errors';
import { route } from '../../http/route';
import { clearSessionCookie, requireUser, SESSION_COOKIE, setSessionCookie } from '../../http/session';
import { presentUser } from './presenter';
import type { AuthService } from './service';

const REGISTERED = 'We have sent you an e-mail. Follow its link to confirm your address.';
const CONFIRMED = 'Your e-mail address is confirmed. You can sign in now.';
const RESEND_ACK = 'If that address has an unconfirmed account, we have e-mailed a new confirmation link.';
const RESET_ACK = 'If an account exists for that address, we have e-mailed a link to reset its password.';
const PASSWORD_CHANGED = 'Your password has been changed. You can sign in now.';

/**
 * Registration, confirmation, sessions, password resets and the account. The area's one authorization
 * rule is "signed in", which the contracts state (`auth: 'user'`); an account is always the caller's own,
 * so there is no policy.ts.
 */
export function authRoutes(app: FastifyInstance, service: AuthService): void {
  route(app, api.register, {
    handler: async (request) => {
      await service.register(request.body, { ip: request.ip });
      return { message: REGISTERED };
    },
  });

  route(app, api.confirm, {
    handler: async (request) => {
      await service.confirm(request.body.token);
      return { message: CONFIRMED };
    },
  });

  route(app, api.resendConfirmation, {
    handler: async (request) => {
      await service.resendConfirmation(request.body.email, { ip: request.ip });
      return { message: RESEND_ACK };
    },
  });

  route(app, api.getSession, {
    handler: async (request) => ({
      user: presentUser(requireUser(request)),
      csrf_token: request.session?.csrf_token ?? '',
      features: service.features(),
    }),
  });

  route(app, api.signIn, {
    handler: async (request, reply) => {
      const cookie = request.cookies[SESSION_COOKIE];
      const signedIn = await service.signIn(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        previousSessionId: cookie ? hashToken(cookie) : undefined,
      });
      setSessionCookie(request, reply, signedIn.sessionToken);
      return {
        user: presentUser(signedIn.user),
        csrf_token: signedIn.csrfToken,
        features: service.features(),
      };
    },
  });

  route(app, api.signOut, {
    handler: async (request, reply) => {
      if (request.session) await service.signOut(request.session.id);
      clearSessionCookie(request, reply);
      return undefined;
    },
  });

  route(app, api.requestPasswordReset, {
    handler: async (request) => {
      await service.requestPasswordReset(request.body.email, { ip: request.ip });
      return { message: RESET_ACK };
    },
  });

  route(app, api.resetPassword, {
    handler: async (request) => {
      await service.resetPassword(request.body.token, request.body.password);
      return { message: PASSWORD_CHANGED };
    },
  });

  route(app, api.getAccount, {
    handler: async (request) => presentUser(requireUser(request)),
  });

  route(app, api.updateAccount, {
    handler: async (request) => {
      if (!request.session) throw errors.unauthenticated();
      return presentUser(
        await service.updateAccount(requireUser(request), request.session.id, request.body, {
          ip: request.ip,
        }),
      );
    },
  });
}
