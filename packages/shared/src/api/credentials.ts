import { z } from 'zod';
import { endpoint } from '../contract';
import { secretResponse } from '../developer-apps';

/** Production OAuth credentials (spec 2 §7). */
export const credentialEndpoints = {
  resetSecret: endpoint({
    method: 'POST',
    path: '/api/v1/oauth_applications/:uid/reset_secret',
    summary: 'Generate or reset an OAuth application secret; returned once',
    tags: ['Credentials'],
    auth: 'user',
    params: z.strictObject({
      uid: z
        .string()
        .min(1)
        .max(100)
        .regex(/^[A-Za-z0-9_-]+$/, { message: 'is not a client id' }),
    }),
    response: secretResponse,
    errors: ['forbidden', 'not_found'],
  }),
};
