import { createHash } from 'node:crypto';
import { marketplaceEndpoints as api, platformEventEndpoints } from '@lintel/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../../http/errors';
import { route } from '../../http/route';
import { WindowLimiter } from '../../http/throttle';
import { presentInstallation, presentListingSummary, presentMarketplaceApp } from './presenter';
import type { MarketplaceService } from './service';

/** The cookie that tells visitors apart: one marketplace view per visitor and day. */
const VISITOR_COOKIE = 'lintel_visitor';

/**
 * What one client address may do to the counters an app's metrics show (issue 20): install one app a
 * few times an hour (one installation per company whatever the count), open listings at a reading pace.
 * Beyond, 429 with Retry-After, and nothing is counted.
 */
export const MARKETPLACE_RATE = {
  installsPerClientAndApp: 10,
  installWindowMs: 3600_000,
  viewsPerClient: 60,
  viewWindowMs: 60_000,
} as const;

/**
 * Who is viewing: the signed-in user, else the visitor the signed `lintel_visitor` cookie names. Without
 * a cookie that verifies (a first visit, a cleared or forged one) the visitor is their address and
 * browser, and the cookie is set to that identity: forging or dropping it counts nobody twice.
 */
function visitorKeyOf(request: FastifyRequest, reply: FastifyReply): string {
  if (request.user) return `user:${request.user.id}`;
  const known = request.cookies[VISITOR_COOKIE];
  const verified = known ? request.unsignCookie(known) : undefined;
  if (verified?.valid && verified.value && /^[0-9a-f]{32}$/.test(verified.value)) {
    return `visitor:${verified.value}`;
  }
  // Keyed by the cookie secret (signCookie), so the stored key does not give the address away.
  const client = reply.signCookie(`${request.ip}\n${request.headers['user-agent'] ?? ''}`);
  const id = createHash('sha256').update(client).digest('hex').slice(0, 32);
  reply.setCookie(VISITOR_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    signed: true,
    maxAge: 365 * 24 * 3600,
    secure: request.protocol === 'https',
  });
  return `visitor:${id}`;
}

/** The public marketplace (no session needed) and the platform's events (issue 12). */
export function marketplaceRoutes(app: FastifyInstance, service: MarketplaceService): void {
  const installs = new WindowLimiter({
    perKey: MARKETPLACE_RATE.installsPerClientAndApp,
    windowMs: MARKETPLACE_RATE.installWindowMs,
  });
  const views = new WindowLimiter({
    perKey: MARKETPLACE_RATE.viewsPerClient,
    windowMs: MARKETPLACE_RATE.viewWindowMs,
  });

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
    handler: async (request, reply) => {
      views.takeOrRefuse(request.ip, 'Too many listings opened. Please slow down.');
      return presentMarketplaceApp(await service.view(request.params.id, visitorKeyOf(request, reply)));
    },
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
    handler: async (request) => {
      installs.takeOrRefuse(
        `${request.ip} ${request.params.id}`,
        'Too many installations from this address. Please try again later.',
      );
      return presentInstallation(await service.install(request.params.id, request.body));
    },
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
