import { collaboratorResponse, errorResponse, invitationResponse } from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../http/params';
import { authenticated, requireUser } from '../../http/session';
import {
  acceptInvitationRequest,
  acceptInvitationResponse,
  createInvitationRequest,
  developerAppPermissionsResponse,
  developerAppQuery,
  updateCollaboratorsRequest,
  updateInvitationRequest,
} from './schemas';
import type { CollaboratorService } from './service';

const problems = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse };
const tags = ['Collaborators'];

/**
 * Collaborators, invitations and the permissions of an app (spec 2 §7). Signed out is 401 before any
 * validation; an app the actor may not see is 404; seeing without the right to change is 403.
 */
export function collaboratorRoutes(app: FastifyInstance, service: CollaboratorService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/collaborators',
    {
      schema: {
        tags,
        summary: "The app's collaborators, the owner first, then oldest first (any collaborator)",
        querystring: developerAppQuery,
        response: { 200: z.array(collaboratorResponse), ...problems },
      },
      preValidation: authenticated,
    },
    async (request) => service.list(requireUser(request), request.query.developer_app_id),
  );

  r.patch(
    '/api/v1/collaborators',
    {
      schema: {
        tags,
        summary:
          'Change roles (owner and admins); role owner transfers ownership (owner only) and makes the old owner an admin',
        body: updateCollaboratorsRequest,
        response: { 200: z.array(collaboratorResponse), ...problems },
      },
      preValidation: authenticated,
    },
    async (request) => service.updateRoles(requireUser(request), request.body),
  );

  r.delete(
    '/api/v1/collaborators/:id',
    {
      schema: {
        tags,
        summary: 'Remove a collaborator (owner and admins; never the owner, never yourself)',
        params: idParams,
        querystring: developerAppQuery,
        response: { 204: z.null(), ...problems },
      },
      preValidation: authenticated,
    },
    async (request, reply) => {
      await service.remove(requireUser(request), request.query.developer_app_id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/v1/invitations',
    {
      schema: {
        tags,
        summary: "The app's pending invitations, oldest first (any collaborator)",
        querystring: developerAppQuery,
        response: { 200: z.array(invitationResponse), ...problems },
      },
      preValidation: authenticated,
    },
    async (request) => service.invitations(requireUser(request), request.query.developer_app_id),
  );

  r.post(
    '/api/v1/invitations',
    {
      schema: {
        tags,
        summary: 'Invite an e-mail address as developer or admin (owner and admins); the link is e-mailed',
        body: createInvitationRequest,
        response: { 201: invitationResponse, ...problems },
      },
      preValidation: authenticated,
    },
    async (request, reply) =>
      reply.status(201).send(await service.invite(requireUser(request), request.body)),
  );

  r.patch(
    '/api/v1/invitations/:id',
    {
      schema: {
        tags,
        summary: 'Cancel a pending invitation: {invitation: {status: "canceled"}} (owner and admins)',
        params: idParams,
        body: updateInvitationRequest,
        response: { 200: invitationResponse, ...problems },
      },
      preValidation: authenticated,
    },
    async (request) =>
      service.cancelInvitation(requireUser(request), request.body.developer_app_id, request.params.id),
  );

  r.post(
    '/api/v1/invitations/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invitation with the token from its e-mail, as the invited e-mail address',
        body: acceptInvitationRequest,
        response: { 200: acceptInvitationResponse, ...problems },
      },
      preValidation: authenticated,
    },
    async (request) => service.accept(requireUser(request), request.body.token),
  );

  r.get(
    '/api/v1/developer_app_permissions',
    {
      schema: {
        tags,
        summary: 'Your role and permissions on an app, with the role matrix of "View permission details"',
        querystring: developerAppQuery,
        response: { 200: developerAppPermissionsResponse, ...problems },
      },
      preValidation: authenticated,
    },
    async (request) => service.permissions(requireUser(request), request.query.developer_app_id),
  );
}
