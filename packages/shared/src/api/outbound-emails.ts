import { z } from 'zod';
import { endpoint } from '../contract';
import { OUTBOUND_EMAIL_SORT_KEYS, outboundEmailFilters, outboundEmailResponse } from '../outbound-emails';
import { idParams, listQuery } from '../query';

const tags = ['Admin'];

/** The admin "Outbound e-mail" page: every message the portal queued, sent or failed to send. */
export const outboundEmailEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/admin/outbound_emails',
    summary: 'Outbound e-mail (admins)',
    tags,
    auth: 'user',
    query: listQuery(OUTBOUND_EMAIL_SORT_KEYS, outboundEmailFilters),
    kind: 'list',
    response: z.array(outboundEmailResponse),
    errors: ['forbidden'],
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v1/admin/outbound_emails/:id',
    summary: 'One outbound e-mail (admins)',
    tags,
    auth: 'user',
    params: idParams,
    response: outboundEmailResponse,
    errors: ['forbidden', 'not_found'],
  }),
};
