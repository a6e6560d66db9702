import { z } from 'zod';
import { endpoint } from '../contract';
import { idParams } from '../query';
import {
  expiredPreviousSecretResponse,
  rotatedSecretResponse,
  rotateSecretRequest,
} from '../secret-rotation';

const uidParams = z.strictObject({
  uid: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'is not a client id' }),
});

/** Secret rotation without downtime, beside the immediate reset (issue 23). */
export const secretRotationEndpoints = {
  rotateSandboxSecret: endpoint({
    method: 'POST',
    path: '/api/v1/sandboxes/:id/rotate_secret',
    summary:
      'Rotate the sandbox secret: a new secret, returned once, while the previous one keeps working for the grace period',
    tags: ['Sandboxes'],
    auth: 'user',
    params: idParams,
    body: rotateSecretRequest,
    response: rotatedSecretResponse,
    errors: ['forbidden', 'not_found', 'conflict'],
  }),
  expirePreviousSandboxSecret: endpoint({
    method: 'POST',
    path: '/api/v1/sandboxes/:id/expire_previous_secret',
    summary: "End a rotation's grace period at once: only the new sandbox secret works",
    tags: ['Sandboxes'],
    auth: 'user',
    params: idParams,
    response: expiredPreviousSecretResponse,
    errors: ['forbidden', 'not_found', 'conflict'],
  }),
  rotateSecret: endpoint({
    method: 'POST',
    path: '/api/v1/oauth_applications/:uid/rotate_secret',
    summary:
      'Rotate an OAuth application secret: a new secret, returned once, while the previous one keeps working for the grace period',
    tags: ['Credentials'],
    auth: 'user',
    params: uidParams,
    body: rotateSecretRequest,
    response: rotatedSecretResponse,
    errors: ['forbidden', 'not_found', 'conflict'],
  }),
  expirePreviousSecret: endpoint({
    method: 'POST',
    path: '/api/v1/oauth_applications/:uid/expire_previous_secret',
    summary: "End a rotation's grace period at once: only the new secret works",
    tags: ['Credentials'],
    auth: 'user',
    params: uidParams,
    response: expiredPreviousSecretResponse,
    errors: ['forbidden', 'not_found', 'conflict'],
  }),
};
