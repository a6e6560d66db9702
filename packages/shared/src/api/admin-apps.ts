import {
  adminDeveloperAppResponse,
  adminThumbnailRequest,
  adminUpdateDeveloperAppRequest,
  changeOwnerRequest,
  createIntegrationContactRequest,
  integrationContactResponse,
} from '../admin-apps';
import { endpoint } from '../contract';
import { DEVELOPER_APP_LIMITS, THUMBNAIL_TYPES } from '../developer-apps';
import { idParams } from '../query';

const tags = ['Admin'];

/** Platform administrators on one app (spec 1 §2 "Admin developer app detail", §7). */
export const adminDeveloperAppEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/v1/admin/developer_apps/:id',
    summary: 'One app, deleted or not, with its owner, contacts, collaborators and platform checks (admins)',
    tags,
    auth: 'user',
    params: idParams,
    response: adminDeveloperAppResponse,
    errors: ['forbidden', 'not_found'],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v1/admin/developer_apps/:id',
    summary: 'Save the General form, grant production access, or undelete (deleted_at null) (admins)',
    tags,
    auth: 'user',
    params: idParams,
    body: adminUpdateDeveloperAppRequest,
    response: adminDeveloperAppResponse,
    errors: ['forbidden', 'not_found', 'conflict'],
  }),
  destroy: endpoint({
    method: 'DELETE',
    path: '/api/v1/admin/developer_apps/:id',
    summary: 'Delete the app (soft delete; undelete with PATCH deleted_at null) (admins)',
    tags,
    auth: 'user',
    params: idParams,
    status: 204,
    errors: ['forbidden', 'not_found', 'conflict'],
  }),
  thumbnail: endpoint({
    method: 'PUT',
    path: '/api/v1/admin/developer_apps/:id',
    summary: 'Upload the logo (multipart developer_app[thumbnail]) or remove it (remove_thumbnail) (admins)',
    tags,
    auth: 'user',
    params: idParams,
    body: adminThumbnailRequest,
    files: {
      'developer_app[thumbnail]': { maxBytes: DEVELOPER_APP_LIMITS.thumbnailBytes, accept: THUMBNAIL_TYPES },
    },
    response: adminDeveloperAppResponse,
    errors: ['forbidden', 'not_found'],
  }),
  thumbnailImage: endpoint({
    method: 'GET',
    path: '/api/v1/admin/developer_apps/:id/thumbnail',
    summary: "The app's logo, deleted app or not (admins)",
    tags,
    auth: 'user',
    params: idParams,
    kind: 'file',
    errors: ['forbidden', 'not_found'],
  }),
  changeOwner: endpoint({
    method: 'POST',
    path: '/api/v1/admin/developer_apps/:id/owner',
    summary: 'Hand the app to another confirmed developer; the old owner becomes admin (admins)',
    tags,
    auth: 'user',
    params: idParams,
    body: changeOwnerRequest,
    response: adminDeveloperAppResponse,
    errors: ['forbidden', 'not_found'],
  }),
  createContact: endpoint({
    method: 'POST',
    path: '/api/v1/admin/developer_apps/:id/contacts',
    summary: 'Add an integration contact to the app (admins)',
    tags,
    auth: 'user',
    params: idParams,
    body: createIntegrationContactRequest,
    status: 201,
    response: integrationContactResponse,
    errors: ['forbidden', 'not_found'],
  }),
};
