import { adminWebhookEndpoints as admin, webhookEndpoints as api } from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { allow } from '../../http/session';
import { auditActorOf } from '../audit/actor';
import { type AppScope, appContextOf, appFromParams } from '../developer-apps/scope';
import { ADMIN_WEBHOOK_PERMISSIONS, webhookPermissions, webhookPolicy } from './policy';
import {
  presentDelivery,
  presentDeliveryDetail,
  presentDeliveryList,
  presentHook,
  presentOverview,
  presentSigningSecret,
  presentTrigger,
} from './presenter';
import type { WebhookService } from './service';

/**
 * The Webhooks tab (issue 22): the app's sandbox hooks, triggers, deliveries and signing secrets for its
 * collaborators through the app scope (a stranger gets 404, a role without the right 403), and the admin
 * routes for platform administrators on any app (read, send again, test events).
 */
export function webhookRoutes(app: FastifyInstance, service: WebhookService, appScope: AppScope): void {
  const read = { guards: [appScope(appFromParams, webhookPolicy.canRead)] };
  const manage = { guards: [appScope(appFromParams, webhookPolicy.canManage)] };
  const redeliver = { guards: [appScope(appFromParams, webhookPolicy.canRedeliver)] };
  const appOf = (request: Parameters<typeof appContextOf>[0]) => appContextOf(request).app;

  route(app, api.overview, {
    ...read,
    handler: async (request) => {
      const context = appContextOf(request);
      return presentOverview(await service.overview(context.app.id), webhookPermissions(context));
    },
  });
  route(app, api.createHook, {
    ...manage,
    handler: async (request) => {
      const created = await service.createHook(appOf(request), request.body.hook, auditActorOf(request));
      return presentHook(created.hook, created.health);
    },
  });
  route(app, api.updateHook, {
    ...manage,
    handler: async (request) => {
      const updated = await service.updateHook(
        appOf(request),
        request.params.hook_id,
        request.body.hook,
        auditActorOf(request),
      );
      return presentHook(updated.hook, updated.health);
    },
  });
  route(app, api.deleteHook, {
    ...manage,
    handler: async (request) => {
      await service.deleteHook(appOf(request), request.params.hook_id);
      return undefined;
    },
  });
  route(app, api.addTrigger, {
    ...manage,
    handler: async (request) =>
      presentTrigger(
        await service.addTrigger(
          appOf(request),
          request.params.hook_id,
          request.body.trigger,
          auditActorOf(request),
        ),
      ),
  });
  route(app, api.removeTrigger, {
    ...manage,
    handler: async (request) => {
      await service.removeTrigger(appOf(request), request.params.hook_id, request.params.trigger_id);
      return undefined;
    },
  });
  route(app, api.deliveries, {
    ...read,
    handler: async (request) =>
      presentDeliveryList(await service.deliveries(appOf(request).id, request.query)),
  });
  route(app, api.delivery, {
    ...read,
    handler: async (request) =>
      presentDeliveryDetail(await service.delivery(appOf(request).id, request.params.delivery_id)),
  });
  route(app, api.redeliver, {
    ...redeliver,
    handler: async (request) =>
      presentDelivery(await service.redeliver(appOf(request).id, request.params.delivery_id)),
  });
  route(app, api.redeliverFailed, {
    ...redeliver,
    handler: async (request) => ({
      count: await service.redeliverFailedSince(
        appOf(request).id,
        request.params.hook_id,
        new Date(request.body.since),
      ),
    }),
  });
  route(app, api.testEvent, {
    ...redeliver,
    handler: async (request) =>
      presentDelivery(await service.sendTestEvent(appOf(request).id, request.params.hook_id)),
  });
  route(app, api.revealSecret, {
    guards: [appScope(appFromParams, webhookPolicy.canViewSecret)],
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return presentSigningSecret(
        await service.revealSigningSecret(appOf(request).id, request.params.hook_id),
      );
    },
  });
  route(app, api.rotateSecret, {
    guards: [appScope(appFromParams, webhookPolicy.canRotateSecret)],
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return presentSigningSecret(
        await service.rotateSigningSecret(appOf(request), request.params.hook_id, auditActorOf(request)),
      );
    },
  });

  const guards = [allow(webhookPolicy.canAdminister)];
  route(app, admin.overview, {
    guards,
    handler: async (request) => {
      const found = await service.adminApp(request.params.id);
      return presentOverview(await service.overview(found.id), { ...ADMIN_WEBHOOK_PERMISSIONS });
    },
  });
  route(app, admin.deliveries, {
    guards,
    handler: async (request) => {
      const found = await service.adminApp(request.params.id);
      return presentDeliveryList(await service.deliveries(found.id, request.query));
    },
  });
  route(app, admin.delivery, {
    guards,
    handler: async (request) => {
      const found = await service.adminApp(request.params.id);
      return presentDeliveryDetail(await service.delivery(found.id, request.params.delivery_id));
    },
  });
  route(app, admin.redeliver, {
    guards,
    handler: async (request) => {
      const found = await service.adminApp(request.params.id);
      return presentDelivery(await service.redeliver(found.id, request.params.delivery_id));
    },
  });
  route(app, admin.redeliverFailed, {
    guards,
    handler: async (request) => {
      const found = await service.adminApp(request.params.id);
      return {
        count: await service.redeliverFailedSince(
          found.id,
          request.params.hook_id,
          new Date(request.body.since),
        ),
      };
    },
  });
  route(app, admin.testEvent, {
    guards,
    handler: async (request) => {
      const found = await service.adminApp(request.params.id);
      return presentDelivery(await service.sendTestEvent(found.id, request.params.hook_id));
    },
  });
}
