import { z } from 'zod';
import {
  AUDIT_EVENT_SORT_KEYS,
  auditActorQuery,
  auditActorResponse,
  auditEventFilters,
  auditEventResponse,
} from '../audit';
import { endpoint } from '../contract';
import { listQuery } from '../query';

const tags = ['Admin'];

/** The audit trail (issue 11): every platform-admin change and credential reset, for admins. */
export const auditEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/admin/audit_events',
    summary: 'Audit events, newest first (admins)',
    tags,
    auth: 'user',
    query: listQuery(AUDIT_EVENT_SORT_KEYS, auditEventFilters),
    kind: 'list',
    response: z.array(auditEventResponse),
    errors: ['forbidden'],
  }),
  actors: endpoint({
    method: 'GET',
    path: '/api/v1/admin/audit_events/actors',
    summary: 'Users who made audited changes, by e-mail (the actor filter; admins)',
    tags,
    auth: 'user',
    query: auditActorQuery,
    response: z.array(auditActorResponse),
    errors: ['forbidden'],
  }),
};
