import { analyticsEndpoints, manifestEndpoints as api, id as idSchema } from '@lintel/shared';
import {
  MANIFEST_TEMPLATES,
  manifestSnippets,
  PERMISSION_CATALOGUE,
  PERMISSION_LEVELS,
  VIEW_KEYS,
} from '@lintel/shared/manifests';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/route';
import { requireUser } from '../../http/session';
import { WindowLimiter } from '../../http/throttle';
import { auditActorOf } from '../audit/actor';
import {
  type AppLocator,
  type AppScope,
  appContextOf,
  appFromBody,
  appFromQuery,
} from '../developer-apps/scope';
import { manifestPolicy } from './policy';
import { presentManifest, presentSummary } from './presenter';
import type { ManifestService } from './service';

/** Analytics events one user may send a minute (issue 20): the web sends one per click. */
export const ANALYTICS_RATE = { perUser: 30, windowMs: 60_000 } as const;

const field = (source: unknown, name: string): unknown =>
  typeof source === 'object' && source !== null ? (source as Record<string, unknown>)[name] : undefined;

function parseId(value: unknown): number | undefined {
  const parsed = idSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Manifests and versions (issue 9, spec 2 §7). Every call about one app goes through the app scope: a
 * stranger gets 404 (for a version, the version's app decides), a collaborator who may not write 403.
 */
export function manifestRoutes(app: FastifyInstance, service: ManifestService, appScope: AppScope): void {
  /** `filters[developer_app_id]` of the list. */
  const appFromFilters: AppLocator = (request) =>
    parseId(field(field(request.query, 'filters'), 'developer_app_id'));
  /** The app of the version named by `:id` (404 when there is none). */
  const appFromVersion: AppLocator = async (request) => {
    const versionId = parseId(field(request.params, 'id'));
    return versionId === undefined ? undefined : service.appOfVersion(versionId);
  };
  /** The app of the promoted sandbox version. */
  const appFromSource: AppLocator = async (request: FastifyRequest) => {
    const versionId = parseId(field(field(request.body, 'app_version_promotion'), 'source_app_version_id'));
    return versionId === undefined ? undefined : service.appOfVersion(versionId);
  };

  route(app, api.list, {
    guards: [appScope(appFromFilters, manifestPolicy.canRead)],
    handler: async (request) => {
      const { filters, page, per_page } = request.query;
      const { items, total } = await service.list(appContextOf(request), filters.versionable_type, {
        page,
        per_page,
      });
      return { items: items.map((v) => presentSummary(v.row, v.flags)), total };
    },
  });

  route(app, api.get, {
    guards: [appScope(appFromVersion, manifestPolicy.canRead)],
    handler: async (request) => {
      const v = await service.get(appContextOf(request), request.params.id);
      return presentManifest(v.row, v.flags);
    },
  });

  route(app, api.create, {
    guards: [appScope(appFromBody, (access) => manifestPolicy.canCreate(access, service.switches))],
    handler: async (request) => {
      const v = await service.create(appContextOf(request), request.body);
      return presentManifest(v.row, v.flags);
    },
  });

  route(app, api.promote, {
    guards: [appScope(appFromSource, manifestPolicy.canPromote)],
    handler: async (request) => {
      const v = await service.promote(appContextOf(request), {
        ...request.body.app_version_promotion,
        ...(request.body.developer_app_id !== undefined
          ? { developer_app_id: request.body.developer_app_id }
          : {}),
      });
      return presentManifest(v.row, v.flags);
    },
  });

  route(app, api.review, {
    guards: [appScope(appFromVersion, manifestPolicy.canRead)],
    handler: async (request) => {
      const v = await service.review(
        appContextOf(request),
        request.params.id,
        request.body.app_version,
        auditActorOf(request),
      );
      return presentManifest(v.row, v.flags);
    },
  });

  route(app, api.validate, {
    guards: [appScope(appFromQuery, manifestPolicy.canRead)],
    handler: async (request) => ({
      errors: service.validate(request.body.manifest.content, request.query.environment_type),
    }),
  });

  route(app, api.templates, {
    handler: async () => MANIFEST_TEMPLATES,
  });

  route(app, api.snippets, {
    handler: async (request) =>
      manifestSnippets(request.params.version, request.query.has_existing_manifest ?? false),
  });

  route(app, api.permissions, {
    handler: async () => ({
      levels: PERMISSION_LEVELS.map((l) => ({ ...l })),
      company: PERMISSION_CATALOGUE.company,
      project: PERMISSION_CATALOGUE.project,
    }),
  });

  route(app, api.views, {
    handler: async () => ({ views: [...VIEW_KEYS] }),
  });

  const analytics = new WindowLimiter({ perKey: ANALYTICS_RATE.perUser, windowMs: ANALYTICS_RATE.windowMs });
  route(app, analyticsEndpoints.track, {
    handler: async (request) => {
      analytics.takeOrRefuse(String(requireUser(request).id), 'Too many analytics events. Please slow down.');
      await service.track(requireUser(request), request.body.key, request.body.additional_properties);
      return undefined;
    },
  });
}
