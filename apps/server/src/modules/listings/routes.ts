import { id as idSchema } from '@lintel/shared';
import {
  adminListingEndpoints as admin,
  listingEndpoints as api,
  listingReferenceEndpoints as reference,
  videoHostEndpoints as videoHost,
} from '@lintel/shared/listing';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/route';
import { allow, requireUser } from '../../http/session';
import { type AppLocator, type AppScope, appContextOf, appFromParams } from '../developer-apps/scope';
import { listingPolicy } from './policy';
import { presentDecision, presentSubmission } from './presenter';
import type { ListingService } from './service';

/**
 * How long a listing's files may be cached: a published one publicly, for an hour (as the marketplace's
 * own files); any other only privately and revalidated, so a removed file or lost access shows at once.
 */
const PUBLISHED_MEDIA_CACHE = 'public, max-age=3600';
const DRAFT_MEDIA_CACHE = 'private, no-cache';

/** The marketplace listing (spec 3 §7): reference data, the developers' and the admins' saves, files. */
export function listingRoutes(app: FastifyInstance, service: ListingService, appScope: AppScope): void {
  route(app, reference.categories, {
    handler: async () => (await service.referenceData()).categories,
  });
  route(app, reference.regions, {
    handler: async () => (await service.referenceData()).regions,
  });
  route(app, reference.productTools, {
    handler: async () => (await service.referenceData()).productTools,
  });
  route(app, reference.settings, {
    handler: async () => ({ security_and_compliance_enabled: service.securityAndComplianceEnabled }),
  });
  route(app, reference.securityStandards, {
    handler: async () => (await service.referenceData()).securityStandards,
  });

  /** The app of `/submissions/:id` (404 for a submission that does not exist). */
  const appFromSubmission: AppLocator = async (request: FastifyRequest) => {
    const parsed = idSchema.safeParse((request.params as { id?: unknown }).id);
    return parsed.success ? service.appOf(parsed.data) : undefined;
  };

  route(app, api.current, {
    guards: [appScope(appFromParams)],
    handler: async (request) => {
      const view = await service.current(request.params.id, requireUser(request).is_admin);
      return view ? presentSubmission(view) : null;
    },
  });

  route(app, api.decisions, {
    guards: [appScope(appFromParams)],
    handler: async (request) => {
      const forAdmin = requireUser(request).is_admin;
      return (await service.decisions(request.params.id)).map((row) => presentDecision(row, forAdmin));
    },
  });

  route(app, api.create, {
    guards: [appScope(appFromParams, listingPolicy.canSave)],
    handler: async (request) => {
      const context = appContextOf(request);
      const { view } = await service.save(
        {
          user: context.user,
          admin: false,
          canSubmit: listingPolicy.canSubmit(context),
          clientAddress: request.ip,
        },
        context.app.id,
        null,
        request.body.submission,
      );
      return presentSubmission(view);
    },
  });

  route(app, api.get, {
    guards: [appScope(appFromSubmission)],
    handler: async (request) => {
      const context = appContextOf(request);
      return presentSubmission(await service.get(context.app.id, request.params.id, context.user.is_admin));
    },
  });

  route(app, api.update, {
    guards: [appScope(appFromSubmission, listingPolicy.canSave)],
    handler: async (request) => {
      const context = appContextOf(request);
      const { view } = await service.save(
        {
          user: context.user,
          admin: false,
          canSubmit: listingPolicy.canSubmit(context),
          clientAddress: request.ip,
        },
        context.app.id,
        request.params.id,
        request.body.submission,
      );
      return presentSubmission(view);
    },
  });

  route(app, api.media, {
    guards: [appScope(appFromSubmission)],
    handler: async (request) => {
      const context = appContextOf(request);
      const file = await service.mediaFile(context.app.id, request.params.id, request.params.media_id);
      return {
        body: file.stream,
        size: file.size,
        contentType: file.contentType,
        filename: file.filename,
        cacheControl: DRAFT_MEDIA_CACHE,
      };
    },
  });

  const canReview = allow(listingPolicy.canReview);

  route(app, admin.update, {
    guards: [canReview],
    handler: async (request) => {
      const user = requireUser(request);
      const appId = await service.appOf(request.params.id);
      const { view } = await service.save(
        { user, admin: true, canSubmit: true, clientAddress: request.ip },
        appId,
        request.params.id,
        request.body.submission,
      );
      return presentSubmission(view);
    },
  });

  route(app, admin.create, {
    guards: [canReview],
    handler: async (request, reply) => {
      const user = requireUser(request);
      await service.requireApp(request.params.id);
      const { view, created } = await service.save(
        { user, admin: true, canSubmit: true, clientAddress: request.ip },
        request.params.id,
        null,
        request.body.submission,
      );
      if (!created) reply.status(200);
      return presentSubmission(view);
    },
  });

  route(app, videoHost.media, {
    handler: async (request) => {
      const video = await service.hostedVideo(request.params.hashed_id, request.user);
      return {
        body: video.stream,
        size: video.size,
        contentType: video.contentType,
        // A published video may be cached by anyone; a draft one only by the browser that may see it.
        cacheControl: video.published ? PUBLISHED_MEDIA_CACHE : DRAFT_MEDIA_CACHE,
      };
    },
  });
}
