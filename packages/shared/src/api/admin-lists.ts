import { z } from 'zod';
import {
  ADMIN_DEVELOPER_APP_SORT_KEYS,
  ADMIN_DEVELOPER_SORT_KEYS,
  ADMIN_OAUTH_APPLICATION_SORT_KEYS,
  adminDeveloperAppFilters,
  adminDeveloperAppRow,
  adminDeveloperFilters,
  adminDeveloperResponse,
  adminDeveloperRow,
  adminOAuthApplicationFilters,
  adminOAuthApplicationRow,
  oauthEnvironment,
  reviewQueueResponse,
  updateAdminDeveloperRequest,
} from '../admin-lists';
import { endpoint } from '../contract';
import { idParams, listQuery } from '../query';

const tags = ['Admin'];

/** The admin lists of spec 1 §2 (developer apps and review queue, developers, OAuth applications). */
export const adminListEndpoints = {
  developerApps: endpoint({
    method: 'GET',
    path: '/api/v1/admin/developer_apps',
    summary: 'Every developer app, with its review-queue fields (admins)',
    tags,
    auth: 'user',
    query: listQuery(ADMIN_DEVELOPER_APP_SORT_KEYS, adminDeveloperAppFilters),
    kind: 'list',
    response: z.array(adminDeveloperAppRow),
    errors: ['forbidden'],
  }),
  developers: endpoint({
    method: 'GET',
    path: '/api/v1/admin/developers',
    summary: 'Registered developers (admins); the owner picker searches it by e-mail',
    tags,
    auth: 'user',
    query: listQuery(ADMIN_DEVELOPER_SORT_KEYS, adminDeveloperFilters),
    kind: 'list',
    response: z.array(adminDeveloperRow),
    errors: ['forbidden'],
  }),
  developer: endpoint({
    method: 'GET',
    path: '/api/v1/admin/developers/:id',
    summary: 'One developer with their apps (admins)',
    tags,
    auth: 'user',
    params: idParams,
    response: adminDeveloperResponse,
    errors: ['forbidden', 'not_found'],
  }),
  updateDeveloper: endpoint({
    method: 'PATCH',
    path: '/api/v1/admin/developers/:id',
    summary:
      'Change a developer: name, company, e-mail, confirmed, administrator and employee flags (admins)',
    tags,
    auth: 'user',
    params: idParams,
    body: updateAdminDeveloperRequest,
    response: adminDeveloperResponse,
    errors: ['forbidden', 'not_found'],
  }),
  oauthApplications: endpoint({
    method: 'GET',
    path: '/api/v1/admin/oauth_applications',
    summary: 'OAuth applications of one platform environment (admins)',
    tags,
    auth: 'user',
    query: listQuery(ADMIN_OAUTH_APPLICATION_SORT_KEYS, adminOAuthApplicationFilters).extend({
      environment: oauthEnvironment.default('production'),
    }),
    kind: 'list',
    response: z.array(adminOAuthApplicationRow),
    errors: ['forbidden'],
  }),
};

/** Queue transparency: an app's collaborators see where its submissions stand in the review queue. */
export const reviewQueueEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/v1/developer_apps/:id/review_queue',
    summary: "The app's version and listing in review: place in the queue and estimated wait",
    tags: ['Developer apps'],
    auth: 'user',
    params: idParams,
    response: reviewQueueResponse,
    errors: ['not_found'],
  }),
};
