import {
  accountSessionEndpoints,
  adminPersonalAccessTokenEndpoints,
  personalAccessTokenEndpoints,
} from '@lintel/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '../../http/errors';
import { route } from '../../http/route';
import { allow, requireUser } from '../../http/session';
import { auditActorOf } from '../audit/actor';
import { accessTokenPolicy } from './policy';
import { presentSession, presentToken } from './presenter';
import type { AccessTokenService } from './service';

/** The session of a request; these routes are session-only (api/scopes.ts), so a token never gets here. */
function sessionOf(request: FastifyRequest) {
  if (!request.session) throw errors.unauthenticated();
  return request.session;
}

/** Personal access tokens, the account's sessions and the admin's view of a developer's tokens (issue 23). */
export function accessTokenRoutes(app: FastifyInstance, service: AccessTokenService): void {
  const tokens = personalAccessTokenEndpoints;
  route(app, tokens.list, {
    handler: async (request) =>
      (await service.list(requireUser(request))).map((token) => presentToken(token)),
  });

  route(app, tokens.create, {
    handler: async (request) => {
      const created = await service.create(
        requireUser(request),
        request.body.personal_access_token,
        auditActorOf(request),
      );
      return { ...presentToken(created.summary), token: created.token };
    },
  });

  route(app, tokens.revoke, {
    handler: async (request) => {
      await service.revoke(requireUser(request), request.params.id, auditActorOf(request));
      return undefined;
    },
  });

  const sessions = accountSessionEndpoints;
  route(app, sessions.list, {
    handler: async (request) => {
      const current = sessionOf(request);
      const rows = await service.sessions(requireUser(request));
      return rows.map((row) => presentSession(row, current.id));
    },
  });

  route(app, sessions.revoke, {
    handler: async (request) => {
      sessionOf(request);
      await service.signOutSession(requireUser(request), request.params.id);
      return undefined;
    },
  });

  route(app, sessions.revokeOthers, {
    handler: async (request) => ({
      signed_out: await service.signOutOthers(requireUser(request), sessionOf(request)),
    }),
  });

  const admin = adminPersonalAccessTokenEndpoints;
  const canManage = allow(accessTokenPolicy.canManageOthers);
  route(app, admin.list, {
    guards: [canManage],
    handler: async (request) => (await service.listOf(request.params.id)).map((token) => presentToken(token)),
  });

  route(app, admin.revoke, {
    guards: [canManage],
    handler: async (request) => {
      await service.revoke({ id: request.params.id }, request.params.token_id, auditActorOf(request));
      return undefined;
    },
  });
}
