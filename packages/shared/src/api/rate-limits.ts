import { z } from 'zod';
import { endpoint } from '../contract';
import { id } from '../query';
import {
  bucketItemResponse,
  bucketListResponse,
  createBucketRequest,
  quotaMinderServersResponse,
  serverParams,
  updateBucketRequest,
} from '../rate-limits';

const tags = ['Rate limits'];
const base = '/api/v1/admin/quota_minder_servers';

/** The rate-limit bucket admin page (spec 1 §2, §7): buckets per quota-minder server, admins only. */
export const rateLimitEndpoints = {
  servers: endpoint({
    method: 'GET',
    path: base,
    summary: 'The quota-minder servers this portal offers (admins)',
    tags,
    auth: 'user',
    response: quotaMinderServersResponse,
    errors: ['forbidden'],
  }),
  list: endpoint({
    method: 'GET',
    path: `${base}/:server/buckets`,
    summary: "A server's rate-limit buckets (admins)",
    tags,
    auth: 'user',
    params: serverParams,
    response: bucketListResponse,
    errors: ['forbidden', 'not_found'],
  }),
  create: endpoint({
    method: 'POST',
    path: `${base}/:server/buckets`,
    summary: 'Add a rate-limit bucket (admins)',
    tags,
    auth: 'user',
    params: serverParams,
    body: createBucketRequest,
    status: 201,
    response: bucketItemResponse,
    errors: ['forbidden', 'not_found'],
  }),
  update: endpoint({
    method: 'PATCH',
    path: `${base}/:server/buckets`,
    summary: 'Change a rate-limit bucket (admins)',
    tags,
    auth: 'user',
    params: serverParams,
    body: updateBucketRequest,
    response: bucketItemResponse,
    errors: ['forbidden', 'not_found'],
  }),
  destroy: endpoint({
    method: 'DELETE',
    path: `${base}/:server/buckets/:id`,
    summary: 'Delete a rate-limit bucket (admins)',
    tags,
    auth: 'user',
    params: z.strictObject({ ...serverParams.shape, id }),
    status: 204,
    errors: ['forbidden', 'not_found'],
  }),
};
