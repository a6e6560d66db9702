import { z } from 'zod';
import { endpoint } from '../contract';
import {
  adminNotificationListQuery,
  adminNotificationResponse,
  notificationInput,
  notificationResponse,
  notificationUpdate,
} from '../notifications';
import { idParams, pageQuery } from '../query';

/** What developers read (spec 1 §7, the first three calls); the bell reads the list's Unread-Count. */
export const notificationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/notifications',
    summary: 'Visible notifications, newest first (headers Total, Per-Page, Unread-Count)',
    tags: ['Notifications'],
    auth: 'user',
    query: pageQuery,
    kind: 'list',
    response: z.array(notificationResponse),
    errors: [],
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v1/notifications/:id',
    summary: 'One visible notification',
    tags: ['Notifications'],
    auth: 'user',
    params: idParams,
    response: notificationResponse,
    errors: ['not_found'],
  }),
  markRead: endpoint({
    method: 'PATCH',
    path: '/api/v1/notifications/:id',
    summary: 'Mark a notification read (no body)',
    tags: ['Notifications'],
    auth: 'user',
    params: idParams,
    response: notificationResponse,
    errors: ['not_found'],
  }),
};

/** What platform administrators write (spec 1 §7, the admin notifications base URL), with delivery progress. */
export const adminNotificationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/admin/notifications',
    summary: 'Every notification (admins)',
    tags: ['Admin'],
    auth: 'user',
    query: adminNotificationListQuery,
    kind: 'list',
    response: z.array(adminNotificationResponse),
    errors: ['forbidden'],
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v1/admin/notifications/:id',
    summary: 'One notification (admins)',
    tags: ['Admin'],
    auth: 'user',
    params: idParams,
    response: adminNotificationResponse,
    errors: ['forbidden', 'not_found'],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v1/admin/notifications',
    summary: 'Create a notification; a critical one is e-mailed to opted-in developers (admins)',
    tags: ['Admin'],
    auth: 'user',
    body: notificationInput,
    status: 201,
    response: adminNotificationResponse,
    errors: ['forbidden'],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v1/admin/notifications/:id',
    summary: 'Update a notification; critical never changes (admins)',
    tags: ['Admin'],
    auth: 'user',
    params: idParams,
    body: notificationUpdate,
    response: adminNotificationResponse,
    errors: ['forbidden', 'not_found'],
  }),
  destroy: endpoint({
    method: 'DELETE',
    path: '/api/v1/admin/notifications/:id',
    summary: 'Delete a notification (admins)',
    tags: ['Admin'],
    auth: 'user',
    params: idParams,
    status: 204,
    errors: ['forbidden', 'not_found'],
  }),
};
