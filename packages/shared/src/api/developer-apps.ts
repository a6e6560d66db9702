import { z } from 'zod';
import { endpoint } from '../contract';
import {
  createDeveloperAppRequest,
  DEVELOPER_APP_LIMITS,
  developerAppResponse,
  developerAppSummary,
  THUMBNAIL_TYPES,
  updateDeveloperAppRequest,
} from '../developer-apps';
import { idParams, pageQuery } from '../query';

const tags = ['Developer apps'];

/** Apps as developers see them (spec 2 §7): list, create, read, settings, thumbnail, delete, fake sandbox. */
export const developerAppEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/developer_apps',
    summary: 'The apps you own or collaborate on',
    tags,
    auth: 'user',
    query: pageQuery,
    kind: 'list',
    response: z.array(developerAppSummary),
    errors: [],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v1/developer_apps',
    summary: 'Create an app (its sandbox is provisioned)',
    tags,
    auth: 'user',
    body: createDeveloperAppRequest,
    status: 201,
    response: developerAppResponse,
    errors: [],
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v1/developer_apps/:id',
    summary: 'One app, with your role and permissions',
    tags,
    auth: 'user',
    params: idParams,
    response: developerAppResponse,
    errors: ['not_found'],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v1/developer_apps/:id',
    summary: 'Change an app: JSON {developer_app: {…}}, or multipart with the file developer_app[thumbnail]',
    tags,
    auth: 'user',
    params: idParams,
    body: updateDeveloperAppRequest,
    files: {
      'developer_app[thumbnail]': { maxBytes: DEVELOPER_APP_LIMITS.thumbnailBytes, accept: THUMBNAIL_TYPES },
    },
    response: developerAppResponse,
    errors: ['forbidden', 'not_found'],
  }),
  destroy: endpoint({
    method: 'DELETE',
    path: '/api/v1/developer_apps/:id',
    summary: 'Delete an app (owner only; soft delete)',
    tags,
    auth: 'user',
    params: idParams,
    status: 204,
    errors: ['forbidden', 'not_found'],
  }),
  thumbnail: endpoint({
    method: 'GET',
    path: '/api/v1/developer_apps/:id/thumbnail',
    summary: 'The app thumbnail image',
    tags,
    auth: 'user',
    params: idParams,
    kind: 'file',
    errors: ['not_found'],
  }),
};
