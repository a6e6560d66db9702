import { errorResponse, outboundEmailResponse, outboundEmailStatus } from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/index';
import { errors } from '../../http/errors';
import { listQuery, setPagingHeaders, sortTerms } from '../../http/paging';
import { idParams } from '../../http/params';
import { adminOnly } from '../../http/session';
import {
  type OutboundEmailSortKey,
  outboundEmailSortKeys,
  outboundEmailRepository as repository,
} from '../../jobs/mail/repository';
import { presentOutboundEmail } from './presenter';

const tags = ['Admin'];
const problems = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse };

/** The admin "Outbound e-mail" page: every message the portal queued, sent or failed to send. */
export function outboundEmailRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/admin/outbound_emails',
    {
      schema: {
        tags,
        summary: 'Outbound e-mail (admins)',
        querystring: listQuery(
          outboundEmailSortKeys,
          z.strictObject({ search: z.string().max(200).optional(), status: outboundEmailStatus.optional() }),
        ),
        response: { 200: z.array(outboundEmailResponse), ...problems },
      },
      preValidation: adminOnly,
    },
    async (request, reply) => {
      const { page, per_page, sort, filters } = request.query;
      const { rows, total } = await repository.list(db, {
        page,
        per_page,
        sort: sortTerms<OutboundEmailSortKey>(sort.length > 0 ? sort : ['-created_at']),
        search: filters?.search?.trim() || undefined,
        status: filters?.status,
      });
      setPagingHeaders(reply, total, per_page);
      return rows.map(presentOutboundEmail);
    },
  );

  r.get(
    '/api/v1/admin/outbound_emails/:id',
    {
      schema: {
        tags,
        summary: 'One outbound e-mail (admins)',
        params: idParams,
        response: { 200: outboundEmailResponse, ...problems },
      },
      preValidation: adminOnly,
    },
    async (request) => {
      const row = await repository.find(db, request.params.id);
      if (!row) throw errors.notFound('E-mail');
      return presentOutboundEmail(row);
    },
  );
}
