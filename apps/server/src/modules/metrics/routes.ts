import {
  type AdminAppMetrics,
  type AppMetrics,
  adminMetricsEndpoints as admin,
  metricsEndpoints as api,
} from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route } from '../../http/route';
import { allow } from '../../http/session';
import { type AppScope, appContextOf, appFromParams } from '../developer-apps/scope';
import { metricsPolicy } from './policy';
import { presentAdminMetrics, presentMetrics } from './presenter';
import type { MetricsService } from './service';

/** The JSON the route's serializer would write (fastify-type-provider-zod: encode, then stringify). */
const collaboratorJson = (value: AppMetrics) => JSON.stringify(z.encode(api.get.response, value));
const adminJson = (value: AdminAppMetrics) => JSON.stringify(z.encode(admin.get.response, value));

/** The engagement report's data and its CSV export (spec 1 §2 "App engagement report", §6, §7). */
export function metricsRoutes(app: FastifyInstance, service: MetricsService, appScope: AppScope): void {
  const canSeeEmails = allow(metricsPolicy.canSeeInstallerEmails);
  // The two reports are kept answers (issue 24): ETag, and 304 when If-None-Match names it. The guards
  // (signed in, then the app's collaborators or platform administrators) run before the cache.
  route(app, api.get, {
    kept: true,
    guards: [appScope(appFromParams)],
    handler: (request) =>
      service.report(appContextOf(request).app.id, 'collaborator', request.query, (data) =>
        collaboratorJson(presentMetrics(data)),
      ),
  });
  route(app, admin.get, {
    kept: true,
    guards: [canSeeEmails],
    handler: async (request) => {
      const found = await service.adminApp(request.params.id);
      return service.report(found.id, 'admin', request.query, (data) => adminJson(presentAdminMetrics(data)));
    },
  });

  const csvOptions = {
    guards: [appScope(appFromParams)],
    handler: async (request: { appContext: unknown } & Parameters<typeof appContextOf>[0]) => {
      const csv = service.installationsCsv(appContextOf(request).app, false);
      return {
        body: csv.body,
        filename: csv.filename,
        contentType: 'text/csv; charset=utf-8',
        cacheControl: 'no-store',
      };
    },
  };
  const adminCsvOptions = {
    guards: [canSeeEmails],
    handler: async (request: { params: { id: number } }) => {
      const csv = service.installationsCsv(await service.adminApp(request.params.id), true);
      return {
        body: csv.body,
        filename: csv.filename,
        contentType: 'text/csv; charset=utf-8',
        cacheControl: 'no-store',
      };
    },
  };
  route(app, api.csv, csvOptions);
  route(app, admin.csv, adminCsvOptions);
  // The address the browser navigates to (spec 1 §7: `{showPath}/installations.csv`; the admin view
  // appends /installations.csv to its location) forwards to the documented API path, where the session
  // cookie is read.
  for (const endpoint of [api.csv, admin.csv]) {
    app.get(endpoint.path.replace(/^\/api\/v1/, ''), { schema: { hide: true } }, (request, reply) =>
      reply.redirect(`/api/v1${request.url}`, 302),
    );
  }
  // The admin report is the app page's Metrics tab, so "its location + /installations.csv" is this one.
  app.get(
    '/admin/developer_apps/:id/metrics/installations.csv',
    { schema: { hide: true } },
    // The path's first '/metrics/installations.csv' is the route's own (a query comes after it).
    (request, reply) =>
      reply.redirect(
        `/api/v1${request.url.replace('/metrics/installations.csv', '/installations.csv')}`,
        302,
      ),
  );
}
