import { randomUUID } from 'node:crypto';
import { marketplaceEndpoints as api, platformEventEndpoints } from '@lintel/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../../http/errors';
import { route } from '../../http/route';
import { presentInstallation, presentListingSummary, presentMarketplaceApp } from './presenter';
import type { MarketplaceService } from './service';

/** The cookie that tells visitors apart: one marketplace view per visitor and day. */
const VISITOR_COOKIE = 'lintel_visitor';

function visitorKeyOf(request: FastifyRequest, reply: FastifyReply): string {
  if (request.user) return `user:${request.user.id}`;
  const known = request.cookies[VISITOR_COOKIE];
  if (known && /^[0-9a-f-]{36}$/.test(known)) return `visitor:${known}`;
  const fresh = randomUUID();
  reply.setCookie(VISITOR_COOKIE, fresh, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: 365 * 24 * 3600,
    secure: request.protocol === 'https',
  });
  return `visitor:${fresh}`;
}

/** The public marketplace (no session needed) and the platform's events (issue 12). */
export function marketplaceRoutes(app: FastifyInstance, service: MarketplaceService): void {
  route(app, api.list, {
    handler: async (request) => {
      const [{ rows, total }, reference] = await Promise.all([
        service.list(request.query),
        service.referenceData(),
      ]);
      return { items: rows.map((row) => presentListingSummary(row, reference)), total };
    },
  });

  route(app, api.categories, {
    handler: async () => (await service.referenceData()).categories,
  });

  route(app, api.get, {
    handler: async (request, reply) =>
      presentMarketplaceApp(await service.view(request.params.id, visitorKeyOf(request, reply))),
  });

  route(app, api.media, {
    handler: async (request) => {
      const file = await service.mediaFile(request.params.id, request.params.media_id);
      return {
        body: file.stream,
        size: file.size,
        contentType: file.contentType,
        filename: file.filename,
        cacheControl: 'public, max-age=3600',
      };
    },
  });

  route(app, api.install, {
    handler: async (request) => presentInstallation(await service.install(request.params.id, request.body)),
  });

  route(app, api.uninstall, {
    handler: async (request) =>
      presentInstallation(
        await service.uninstall(request.params.id, request.params.installation_id, request.body.email),
      ),
  });

  route(app, platformEventEndpoints.receive, {
    // The platform's credentials are checked before the body is read: a stranger learns nothing from a 400/422.
    credentials: [
      async (request) => {
        if (!service.acceptsPlatformCredentials(request.headers.authorization))
          throw errors.unauthenticated();
      },
    ],
    handler: async (request) => {
      const event = request.body;
      const processed = await service.receive({
        id: event.id,
        type: event.type,
        appId: event.developer_app_id,
        occurredAt: new Date(event.occurred_at),
        companyName: event.company_name ?? null,
        companyIsDemo: event.company_is_demo ?? false,
        userEmailAddress: event.user_email_address ?? null,
      });
      return { id: event.id, processed };
    },
  });
}
