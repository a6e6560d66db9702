import {
  createDeveloperAppRequest,
  DEVELOPER_APP_LIMITS,
  developerAppResponse,
  developerAppSummary,
  errorResponse,
  updateDeveloperAppRequest,
} from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailsFromZod, errors } from '../../http/errors';
import { pageQuery, setPagingHeaders } from '../../http/paging';
import { idParams } from '../../http/params';
import { authenticated, requireUser } from '../../http/session';
import type { DeveloperAppService } from './service';

const problems = {
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  413: errorResponse,
  422: errorResponse,
};
const tags = ['Developer apps'];

/** Apps as developers see them (spec 2 §7): list, create, read, settings, thumbnail, delete, fake sandbox. */
export function developerAppRoutes(app: FastifyInstance, service: DeveloperAppService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/v1/developer_apps';

  r.get(
    base,
    {
      schema: {
        tags,
        summary: 'The apps you own or collaborate on',
        querystring: pageQuery,
        response: { 200: z.array(developerAppSummary), ...problems },
      },
      preValidation: authenticated,
    },
    async (request, reply) => {
      const { items, total } = await service.list(requireUser(request), request.query);
      setPagingHeaders(reply, total, request.query.per_page);
      return items;
    },
  );

  r.post(
    base,
    {
      schema: {
        tags,
        summary: 'Create an app (its sandbox is provisioned)',
        body: createDeveloperAppRequest,
        response: { 201: developerAppResponse, ...problems },
      },
      preValidation: authenticated,
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireUser(request), request.body.internal_name)),
  );

  r.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'One app, with your role and permissions',
        params: idParams,
        response: { 200: developerAppResponse, ...problems },
      },
      preValidation: authenticated,
    },
    async (request) => service.get(requireUser(request), request.params.id),
  );

  r.patch(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary:
          'Change an app: JSON {developer_app: {…}}, or multipart with the file developer_app[thumbnail]',
        params: idParams,
        body: updateDeveloperAppRequest,
        response: { 200: developerAppResponse, ...problems },
      },
      // A multipart upload is answered here, before the JSON body schema would refuse it.
      preValidation: [
        authenticated,
        async (request, reply) => {
          if (!request.isMultipart()) return;
          const params = idParams.safeParse(request.params);
          if (!params.success) throw errors.validation(detailsFromZod(params.error));
          const { id } = params.data;
          const file = await request.file({
            limits: { fileSize: DEVELOPER_APP_LIMITS.thumbnailBytes, files: 1, parts: 4 },
          });
          if (file?.fieldname !== 'developer_app[thumbnail]') {
            throw errors.field('developer_app.thumbnail', "can't be blank");
          }
          const data = await file.toBuffer();
          return reply.send(await service.setThumbnail(requireUser(request), id, data, file.file.truncated));
        },
      ],
    },
    async (request) => service.update(requireUser(request), request.params.id, request.body.developer_app),
  );

  r.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete an app (owner only; soft delete)',
        params: idParams,
        response: { 204: z.null(), ...problems },
      },
      preValidation: authenticated,
    },
    async (request, reply) => {
      await service.destroy(requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    `${base}/:id/thumbnail`,
    { schema: { tags, summary: 'The app thumbnail image', params: idParams }, preValidation: authenticated },
    async (request, reply) => {
      const { stream, size, contentType } = await service.thumbnail(requireUser(request), request.params.id);
      return reply
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header('Content-Disposition', 'inline')
        .header('Content-Length', size)
        .type(contentType)
        .send(stream);
    },
  );

  r.post(
    `${base}/:id/fake_sandbox`,
    {
      schema: {
        tags,
        summary: 'Make the sandbox live at once (platform staff); returns the sandbox secret once',
        params: idParams,
        response: { 200: developerAppResponse.extend({ app_secret: z.string() }), ...problems },
      },
      preValidation: authenticated,
    },
    async (request) => service.generateFakeSandbox(requireUser(request), request.params.id),
  );
}
