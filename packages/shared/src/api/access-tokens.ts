import {
  accountSessionListResponse,
  createdPersonalAccessTokenResponse,
  createPersonalAccessTokenRequest,
  developerTokenParams,
  personalAccessTokenListResponse,
  signedOutSessionsResponse,
} from '../access-tokens';
import { endpoint } from '../contract';
import { idParams } from '../query';

const tags = ['Accounts'];

/**
 * The caller's personal access tokens (issue 23). Managed only with a session: a token cannot mint,
 * list or revoke tokens (api/scopes.ts gives the group the `session` scope).
 */
export const personalAccessTokenEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/personal_access_tokens',
    summary: 'Your personal access tokens (never the tokens themselves)',
    tags,
    auth: 'user',
    response: personalAccessTokenListResponse,
    errors: [],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v1/personal_access_tokens',
    summary: 'Create a personal access token; the answer is the only time the token is shown',
    tags,
    auth: 'user',
    body: createPersonalAccessTokenRequest,
    status: 201,
    response: createdPersonalAccessTokenResponse,
    errors: [],
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/api/v1/personal_access_tokens/:id',
    summary: 'Revoke one of your personal access tokens',
    tags,
    auth: 'user',
    params: idParams,
    status: 204,
    errors: ['not_found'],
  }),
};

/** The caller's active sessions: see them, sign one out, or all others (issue 23). */
export const accountSessionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/account/sessions',
    summary: 'Your active sessions: browser, system, address, signed in at, last seen, this one',
    tags,
    auth: 'user',
    response: accountSessionListResponse,
    errors: [],
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/api/v1/account/sessions/:id',
    summary: 'Sign one of your sessions out',
    tags,
    auth: 'user',
    params: idParams,
    status: 204,
    errors: ['not_found'],
  }),
  revokeOthers: endpoint({
    method: 'DELETE',
    path: '/api/v1/account/sessions',
    summary: 'Sign out every session but this one',
    tags,
    auth: 'user',
    response: signedOutSessionsResponse,
    errors: [],
  }),
};

/** A developer's tokens as platform administrators see them on the developer's page, and revoke them. */
export const adminPersonalAccessTokenEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/admin/developers/:id/personal_access_tokens',
    summary: "A developer's personal access tokens (never the tokens themselves)",
    tags: ['Admin'],
    auth: 'user',
    params: idParams,
    response: personalAccessTokenListResponse,
    errors: ['forbidden'],
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/api/v1/admin/developers/:id/personal_access_tokens/:token_id',
    summary: "Revoke a developer's personal access token",
    tags: ['Admin'],
    auth: 'user',
    params: developerTokenParams,
    status: 204,
    errors: ['forbidden'],
  }),
};
