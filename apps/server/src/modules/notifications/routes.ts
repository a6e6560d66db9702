import { adminNotificationEndpoints as admin, notificationEndpoints as api, utcDate } from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { allow, requireUser } from '../../http/session';
import { auditActorOf } from '../audit/actor';
import { notificationPolicy } from './policy';
import { presentAdminNotification, presentNotification } from './presenter';
import type { NotificationService } from './service';

/** What developers read: spec 1 §7, the first three calls. */
export function notificationRoutes(app: FastifyInstance, service: NotificationService): void {
  route(app, api.list, {
    handler: async (request, reply) => {
      const { rows, total, unread } = await service.listForUser(requireUser(request), request.query);
      // The bell's count rides on the list, so one request fills the bell.
      reply.header('Unread-Count', String(unread));
      return { items: rows.map(presentNotification), total };
    },
  });

  route(app, api.get, {
    handler: async (request) =>
      presentNotification(await service.readForUser(requireUser(request), request.params.id)),
  });

  route(app, api.markRead, {
    handler: async (request) =>
      presentNotification(await service.markRead(requireUser(request), request.params.id)),
  });
}

/** What administrators write: spec 1 §7, the admin notifications base URL. */
export function adminNotificationRoutes(app: FastifyInstance, service: NotificationService): void {
  const guards = [allow(notificationPolicy.canManage)];
  const today = () => utcDate(new Date());

  route(app, admin.list, {
    guards,
    handler: async (request) => {
      const { rows, total, delivery } = await service.list(request.query);
      const now = today();
      return { items: rows.map((row) => presentAdminNotification(row, now, delivery.get(row.id))), total };
    },
  });

  route(app, admin.get, {
    guards,
    handler: async (request) => {
      const { row, delivery } = await service.find(request.params.id);
      return presentAdminNotification(row, today(), delivery);
    },
  });

  route(app, admin.create, {
    guards,
    handler: async (request) => {
      const row = await service.create(requireUser(request), request.body, auditActorOf(request));
      return presentAdminNotification(row, today(), undefined);
    },
  });

  route(app, admin.update, {
    guards,
    handler: async (request) => {
      const row = await service.update(request.params.id, request.body, auditActorOf(request));
      const delivery = row.critical ? await service.deliveryOf(row.id) : undefined;
      return presentAdminNotification(row, today(), delivery);
    },
  });

  route(app, admin.destroy, {
    guards,
    handler: async (request) => {
      await service.delete(request.params.id, auditActorOf(request));
      return undefined;
    },
  });
}
