import {
  adminNotificationResponse,
  errorResponse,
  notificationInput,
  notificationResponse,
  notificationUpdate,
  utcDate,
} from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuery, pageQuery, setPagingHeaders, sortTerms } from '../../http/paging';
import { idParams } from '../../http/params';
import { allow, authenticated, requireUser } from '../../http/session';
import { notificationPolicy } from './policy';
import { presentAdminNotification, presentNotification } from './presenter';
import { type AdminNotificationSortKey, adminNotificationSortKeys } from './repository';
import type { NotificationService } from './service';

const problems = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse };

/** What developers read: spec 1 §7, the first three calls. */
export function notificationRoutes(app: FastifyInstance, service: NotificationService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Notifications'];

  r.get(
    '/api/v1/notifications',
    {
      schema: {
        tags,
        summary: 'Visible notifications, newest first (headers Total, Per-Page, Unread-Count)',
        querystring: pageQuery,
        response: { 200: z.array(notificationResponse), ...problems },
      },
      preValidation: authenticated,
    },
    async (request, reply) => {
      const { rows, total, unread } = await service.listForUser(requireUser(request), request.query);
      setPagingHeaders(reply, total, request.query.per_page);
      reply.header('Unread-Count', String(unread));
      return rows.map(presentNotification);
    },
  );

  r.get(
    '/api/v1/notifications/:id',
    {
      schema: {
        tags,
        summary: 'One visible notification',
        params: idParams,
        response: { 200: notificationResponse, ...problems },
      },
      preValidation: authenticated,
    },
    async (request) =>
      presentNotification(await service.readForUser(requireUser(request), request.params.id)),
  );

  r.patch(
    '/api/v1/notifications/:id',
    {
      schema: {
        tags,
        summary: 'Mark a notification read (no body)',
        params: idParams,
        response: { 200: notificationResponse, ...problems },
      },
      preValidation: authenticated,
    },
    async (request) => presentNotification(await service.markRead(requireUser(request), request.params.id)),
  );
}

/** What administrators write: spec 1 §7, the admin notifications base URL. */
export function adminNotificationRoutes(app: FastifyInstance, service: NotificationService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Admin'];
  const base = '/api/v1/admin/notifications';
  const today = () => utcDate(new Date());
  const canManage = allow(notificationPolicy.canManage);

  r.get(
    base,
    {
      schema: {
        tags,
        summary: 'Every notification (admins)',
        querystring: listQuery(adminNotificationSortKeys, z.strictObject({})),
        response: { 200: z.array(adminNotificationResponse), ...problems },
      },
      preValidation: canManage,
    },
    async (request, reply) => {
      const { page, per_page, sort } = request.query;
      const { rows, total, delivery } = await service.list({
        page,
        per_page,
        sort: sortTerms<AdminNotificationSortKey>(sort.length > 0 ? sort : ['-created_at']),
      });
      setPagingHeaders(reply, total, per_page);
      const now = today();
      return rows.map((row) => presentAdminNotification(row, now, delivery.get(row.id)));
    },
  );

  r.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'One notification (admins)',
        params: idParams,
        response: { 200: adminNotificationResponse, ...problems },
      },
      preValidation: canManage,
    },
    async (request) => {
      const { row, delivery } = await service.find(request.params.id);
      return presentAdminNotification(row, today(), delivery);
    },
  );

  r.post(
    base,
    {
      schema: {
        tags,
        summary: 'Create a notification; a critical one is e-mailed to opted-in developers (admins)',
        body: notificationInput,
        response: { 201: adminNotificationResponse, ...problems },
      },
      preValidation: canManage,
    },
    async (request, reply) => {
      const row = await service.create(requireUser(request), request.body);
      return reply.status(201).send(presentAdminNotification(row, today(), undefined));
    },
  );

  r.patch(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Update a notification; critical never changes (admins)',
        params: idParams,
        body: notificationUpdate,
        response: { 200: adminNotificationResponse, ...problems },
      },
      preValidation: canManage,
    },
    async (request) => {
      const row = await service.update(request.params.id, request.body);
      const delivery = row.critical ? await service.deliveryOf(row.id) : undefined;
      return presentAdminNotification(row, today(), delivery);
    },
  );

  r.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a notification (admins)',
        params: idParams,
        response: { 204: z.null(), ...problems },
      },
      preValidation: canManage,
    },
    async (request, reply) => {
      await service.delete(request.params.id);
      return reply.status(204).send(null);
    },
  );
}
