import { z } from 'zod';
import {
  acceptInvitationRequest,
  acceptInvitationResponse,
  collaboratorResponse,
  createInvitationRequest,
  developerAppPermissionsResponse,
  developerAppQuery,
  invitationResponse,
  updateCollaboratorsRequest,
  updateInvitationRequest,
} from '../collaborators';
import { endpoint } from '../contract';
import { idParams } from '../query';

const tags = ['Collaborators'];

/**
 * Collaborators, invitations and the permissions of an app (spec 2 §7). An app the actor may not see
 * is 404; seeing it without the right to change its team is 403.
 */
export const collaboratorEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/collaborators',
    summary: "The app's collaborators, the owner first, then oldest first (any collaborator)",
    tags,
    auth: 'user',
    query: developerAppQuery,
    response: z.array(collaboratorResponse),
    errors: ['not_found'],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v1/collaborators',
    summary:
      'Change roles (owner and admins); role owner transfers ownership (owner only) and makes the old owner an admin',
    tags,
    auth: 'user',
    body: updateCollaboratorsRequest,
    response: z.array(collaboratorResponse),
    errors: ['forbidden', 'not_found'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v1/collaborators/:id',
    summary: 'Remove a collaborator (owner and admins; never the owner, never yourself)',
    tags,
    auth: 'user',
    params: idParams,
    query: developerAppQuery,
    status: 204,
    errors: ['forbidden', 'not_found'],
  }),
  invitations: endpoint({
    method: 'GET',
    path: '/api/v1/invitations',
    summary: "The app's pending invitations, oldest first (any collaborator)",
    tags,
    auth: 'user',
    query: developerAppQuery,
    response: z.array(invitationResponse),
    errors: ['not_found'],
  }),
  invite: endpoint({
    method: 'POST',
    path: '/api/v1/invitations',
    summary: 'Invite an e-mail address as developer or admin (owner and admins); the link is e-mailed',
    tags,
    auth: 'user',
    body: createInvitationRequest,
    status: 201,
    response: invitationResponse,
    errors: ['forbidden', 'not_found'],
  }),
  cancelInvitation: endpoint({
    method: 'PATCH',
    path: '/api/v1/invitations/:id',
    summary: 'Cancel a pending invitation: {invitation: {status: "canceled"}} (owner and admins)',
    tags,
    auth: 'user',
    params: idParams,
    body: updateInvitationRequest,
    response: invitationResponse,
    errors: ['forbidden', 'not_found'],
  }),
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/api/v1/invitations/accept',
    summary: 'Accept an invitation with the token from its e-mail, as the invited e-mail address',
    tags,
    auth: 'user',
    body: acceptInvitationRequest,
    response: acceptInvitationResponse,
    errors: ['forbidden', 'invalid_token'],
  }),
  permissions: endpoint({
    method: 'GET',
    path: '/api/v1/developer_app_permissions',
    summary: 'Your role and permissions on an app, with the role matrix of "View permission details"',
    tags,
    auth: 'user',
    query: developerAppQuery,
    response: developerAppPermissionsResponse,
    errors: ['not_found'],
  }),
};
