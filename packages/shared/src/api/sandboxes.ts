import { z } from 'zod';
import { endpoint } from '../contract';
import {
  developerAppResponse,
  sandboxResponse,
  secretResponse,
  updateSandboxRequest,
} from '../developer-apps';
import { idParams } from '../query';
import { platformBaseUrlsResponse, testTokenResponse } from '../sandbox-platform';

/** A sandbox's redirect URIs and secret (spec 2 §7). */
export const sandboxEndpoints = {
  generateFakeSandbox: endpoint({
    method: 'POST',
    path: '/api/v1/developer_apps/:id/fake_sandbox',
    summary: 'Make the sandbox live at once (platform staff); returns the sandbox secret once',
    tags: ['Sandboxes'],
    auth: 'user',
    params: idParams,
    response: developerAppResponse.extend({ app_secret: z.string() }),
    errors: ['forbidden', 'not_found', 'conflict'],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v1/sandboxes/:id',
    summary: 'Change the sandbox redirect URIs',
    tags: ['Sandboxes'],
    auth: 'user',
    params: idParams,
    body: updateSandboxRequest,
    response: sandboxResponse,
    errors: ['forbidden', 'not_found', 'conflict'],
  }),
  resetSecret: endpoint({
    method: 'POST',
    path: '/api/v1/sandboxes/:id/reset_secret',
    summary:
      'Reset the sandbox secret; the old one and its tokens stop working. The new secret is returned once.',
    tags: ['Sandboxes'],
    auth: 'user',
    params: idParams,
    response: secretResponse,
    errors: ['forbidden', 'not_found', 'conflict'],
  }),
  baseUrls: endpoint({
    method: 'GET',
    path: '/api/v1/platform/base_urls',
    summary: "The platform's auth and API base URLs of the sandbox and of production",
    tags: ['Sandboxes'],
    auth: 'public',
    response: platformBaseUrlsResponse,
    errors: [],
  }),
  testToken: endpoint({
    method: 'POST',
    path: '/api/v1/developer_apps/:id/sandbox/test_token',
    summary:
      "Get a test token: a sandbox user token for the signed-in collaborator, in the app's sandbox company; returned once",
    tags: ['Sandboxes'],
    auth: 'user',
    params: idParams,
    response: testTokenResponse,
    errors: ['forbidden', 'not_found', 'conflict'],
  }),
};
