import { z } from 'zod';
import { endpoint } from '../contract';
import { revealedSecretResponse, secretResponse } from '../developer-apps';

const uidParams = z.strictObject({
  uid: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'is not a client id' }),
});

/** Production OAuth credentials (spec 2 §7). */
export const credentialEndpoints = {
  resetSecret: endpoint({
    method: 'POST',
    path: '/api/v1/oauth_applications/:uid/reset_secret',
    summary: 'Generate or reset an OAuth application secret; returned once',
    tags: ['Credentials'],
    auth: 'user',
    params: uidParams,
    response: secretResponse,
    errors: ['forbidden', 'not_found', 'conflict'],
  }),
  revealSecret: endpoint({
    method: 'POST',
    path: '/api/v1/oauth_applications/:uid/reveal_secret',
    summary:
      'Reveal the production secret, once after it was issued or reset; 410 afterwards (reset it to get a new one)',
    tags: ['Credentials'],
    auth: 'user',
    params: uidParams,
    response: revealedSecretResponse,
    errors: ['forbidden', 'not_found', 'gone', 'conflict'],
  }),
};
