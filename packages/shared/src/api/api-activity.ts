import {
  apiActivityQuery,
  apiActivitySummaryResponse,
  apiCallDetailResponse,
  apiCallListResponse,
  apiCallParams,
} from '../api-activity';
import { endpoint } from '../contract';
import { idParams } from '../query';

const tags = ['API activity'];

/** An app's API calls as its collaborators (and platform administrators) see them (issue 21). */
export const apiActivityEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/developer_apps/:id/api_activity',
    summary:
      "The app's API calls, newest first: filters[environment|status|method|path|from|to], the cursor before, per_page",
    tags,
    auth: 'user',
    params: idParams,
    query: apiActivityQuery,
    response: apiCallListResponse,
    errors: ['not_found'],
  }),
  summary: endpoint({
    method: 'GET',
    path: '/api/v1/developer_apps/:id/api_activity/summary',
    summary: "Calls and errors per minute over the last 24 hours, and each rate-limit bucket's current use",
    tags,
    auth: 'user',
    params: idParams,
    response: apiActivitySummaryResponse,
    errors: ['not_found'],
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v1/developer_apps/:id/api_activity/:call_id',
    summary: 'One API call with its request headers (never the token) and the error it answered',
    tags,
    auth: 'user',
    params: apiCallParams,
    response: apiCallDetailResponse,
    errors: ['not_found'],
  }),
};

/** The same for platform administrators on any app, deleted ones too (the admin app page). */
export const adminApiActivityEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/admin/developer_apps/:id/api_activity',
    summary: "Any app's API calls, newest first (platform administrators)",
    tags: ['Admin', ...tags],
    auth: 'user',
    params: idParams,
    query: apiActivityQuery,
    response: apiCallListResponse,
    errors: ['forbidden', 'not_found'],
  }),
  summary: endpoint({
    method: 'GET',
    path: '/api/v1/admin/developer_apps/:id/api_activity/summary',
    summary: "Any app's calls and errors per minute and its buckets' use (platform administrators)",
    tags: ['Admin', ...tags],
    auth: 'user',
    params: idParams,
    response: apiActivitySummaryResponse,
    errors: ['forbidden', 'not_found'],
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v1/admin/developer_apps/:id/api_activity/:call_id',
    summary: "One of any app's API calls (platform administrators)",
    tags: ['Admin', ...tags],
    auth: 'user',
    params: apiCallParams,
    response: apiCallDetailResponse,
    errors: ['forbidden', 'not_found'],
  }),
};
